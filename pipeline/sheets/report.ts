/**
 * The three ways problems are shown: text for people (grouped by sheet), JSON
 * for tools, and GitHub Actions annotations that mark the sheet in a pull
 * request.
 */
import type { GithubPlace } from './github-places';
import type { Problem } from './problem';

/** What one run of the checks found, for the report's summary. */
export interface SheetStats {
  /** Data rows read per sheet file (blank rows excluded). */
  rows: Record<string, number>;
  errors: number;
  warnings: number;
}

export type ReportFormat = 'text' | 'json' | 'github';

export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'github'];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "row 7, column D (type)", "row 9", "(phone)" or "whole sheet". */
function location(problem: Problem): string {
  const parts = [
    problem.row === null ? null : `row ${problem.row}`,
    problem.column === null ? null : `column ${problem.column}`,
  ].filter((part) => part !== null);
  const field = problem.field === null ? '' : `(${problem.field})`;
  if (parts.length === 0) return field === '' ? 'whole sheet' : field;
  return [parts.join(', '), field].filter(Boolean).join(' ');
}

/** Where a problem is, as every report names it: "projects.csv row 7, column D (type)". */
export const placeOf = (problem: Problem) => `${problem.sheet} ${location(problem)}`;

/** "3 errors and 1 warning in 2 of 14 sheets" or "All 14 sheets are valid (312 rows)". */
function summary(problems: readonly Problem[], stats: SheetStats): string {
  const sheets = Object.keys(stats.rows).length;
  const rows = Object.values(stats.rows).reduce((sum, n) => sum + n, 0);
  const warnings = stats.warnings === 0 ? '' : `, ${plural(stats.warnings, 'warning')}`;
  if (stats.errors === 0) return `All ${sheets} sheets are valid (${plural(rows, 'row')}${warnings}).`;
  const withErrors = new Set(problems.filter((p) => p.severity === 'error').map((p) => p.sheet)).size;
  return `${plural(stats.errors, 'error')}${warnings} in ${withErrors} of ${sheets} sheets. Fix the errors and run the check again.`;
}

export function formatText(problems: readonly Problem[], stats: SheetStats): string {
  const lines: string[] = [];
  let sheet: string | null = null;
  for (const problem of problems) {
    if (problem.sheet !== sheet) {
      sheet = problem.sheet;
      const inSheet = problems.filter((p) => p.sheet === sheet);
      const errors = inSheet.filter((p) => p.severity === 'error').length;
      const counts = [errors > 0 ? plural(errors, 'error') : '', inSheet.length > errors ? plural(inSheet.length - errors, 'warning') : '']
        .filter(Boolean)
        .join(', ');
      lines.push(`${lines.length === 0 ? '' : '\n'}${sheet} (${counts})`);
    }
    lines.push(`  ${problem.severity.padEnd(8)} ${placeOf(problem)}: ${problem.message}`);
  }
  lines.push(`${lines.length === 0 ? '' : '\n'}${summary(problems, stats)}`);
  return lines.join('\n');
}

export function formatJson(problems: readonly Problem[], stats: SheetStats): string {
  return JSON.stringify({ valid: stats.errors === 0, stats, errors: problems }, null, 2);
}

/** GitHub's workflow-command escaping: data escapes %, CR and LF; properties also ":" and ",". */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One annotation per problem, at the place `placeOf` gives (the file from the
 * repository's root, the line its row starts on). GitHub's `col` counts
 * characters within the line, which a spreadsheet column letter is not, so
 * the letter goes in the title.
 */
export function formatGithub(
  problems: readonly Problem[],
  stats: SheetStats,
  placeOf: (problem: Problem) => GithubPlace,
): string {
  const lines = problems.map((problem) => {
    const place = placeOf(problem);
    const properties = [
      `file=${escapeProperty(place.file)}`,
      `line=${place.line}`,
      `title=${escapeProperty(`${problem.sheet} ${location(problem)}`)}`,
    ];
    return `::${problem.severity} ${properties.join(',')}::${escapeData(problem.message)}`;
  });
  lines.push(summary(problems, stats));
  return lines.join('\n');
}
