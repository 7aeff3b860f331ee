/**
 * Repeats each failed test's error, shortened, after the run's last line. The line reporter prints
 * an error where it happens, hundreds of lines up a CI log; a CI that keeps only the log's tail
 * would show which tests failed but not why.
 */
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines kept of each error's message; where it was thrown follows them. */
const LINES_PER_ERROR = 12;

export default class FailureSummary implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
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
    if (this.failures.length === 0) return;
    console.log(`\nWhy each failed:\n${this.failures.join('\n')}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
