/**
 * Vitest's reporter in CI, before its dots: each test file's time, slowest first. CI runs the
 * unit files one after another on one of its two cores while the browser tests take the other,
 * within 40 minutes, and its log's tail is the only place that shows where they went. The dots
 * keep the log short, so that tail also reaches the browser tests' summary above it.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Files listed. */
const SLOWEST = 12;

export default class UnitSummary implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const files = modules
      .map((module) => ({ file: relative(process.cwd(), module.moduleId), ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(4)} s`;
    console.log(
      `\nFiles by their tests' time:\n${files.map((f) => `${seconds(f.ms)}  ${f.file}`).join('\n')}`,
    );
  }
}
