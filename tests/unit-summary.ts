/**
 * Vitest's first reporter in CI, before the dots' own ending (failures, then counts): each test
 * file's time, slowest first. CI has 40 minutes for both test runners side by side on two cores,
 * and its log's tail is the only place that shows where they went. The dots keep the log short,
 * so that tail also reaches the browser tests' summary above it.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { timeList } from './time-list';

export default class UnitSummary implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const files = modules.map((module) => ({
      name: relative(process.cwd(), module.moduleId),
      ms: module.diagnostic().duration,
    }));
    console.log(`\n${timeList("Files by their tests' time", files)}`);
  }
}
