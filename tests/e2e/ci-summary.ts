/**
 * Repeats each failed test's error, shortened, after the run's last line. The dot reporter before
 * it prints each error whole, with its call log, dozens of lines apiece; a CI that keeps only the
 * log's tail would show which tests failed but not why. Before it, the slowest tests and each
 * file's total: CI has 40 minutes, and its log is the only place that shows where they went.
 */
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { timeList } from '../time-list';

/** Lines kept of each error's message; where it was thrown follows them. */
const LINES_PER_ERROR = 12;

export default class CiSummary implements Reporter {
  private readonly failures: string[] = [];
  private readonly durations: { where: string; file: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.durations.push({
      where: `${test.parent.project()?.name ?? ''} › ${test.titlePath().slice(2).join(' › ')}`.slice(0, 160),
      file: relative(process.cwd(), test.location.file),
      ms: result.duration,
    });
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    const where = `${test.parent.project()?.name ?? ''} › ${test.titlePath().slice(2).join(' › ')}`;
    const errors = result.errors.map((error) => {
      const lines = stripVTControlCharacters(error.message ?? error.value ?? '')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(0, LINES_PER_ERROR);
      if (error.location)
        lines.push(`at ${relative(process.cwd(), error.location.file)}:${error.location.line}`);
      return lines.map((line) => `    ${line.slice(0, 300)}`).join('\n');
    });
    this.failures.push(`  [${where}] ${result.status} after ${result.duration} ms\n${errors.join('\n')}`);
  }

  onEnd(): void {
    const files = new Map<string, number>();
    for (const { file, ms } of this.durations) files.set(file, (files.get(file) ?? 0) + ms);
    console.log(
      `\n${timeList(
        'Slowest tests',
        this.durations.map(({ where, ms }) => ({ name: where, ms })),
      )}`,
    );
    console.log(
      timeList(
        "Files by their tests' time",
        [...files].map(([name, ms]) => ({ name, ms })),
      ),
    );
    if (this.failures.length === 0) return;
    console.log(`\nWhy each failed:\n${this.failures.join('\n')}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
