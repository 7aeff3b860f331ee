/**
 * `check:sheets`: validates the sheets and prints the problems, writing
 * nothing: `npm run check:sheets -- --help`. Runs only when started as a
 * script, so tests can call `checkSheets` in-process.
 */
import { resolve } from 'node:path';
import { loadSite } from './load-site';
import { githubPlaces } from './sheets/github-places';
import { parseCommand, type CommandResult } from './sheets/command-args';
import { formatGithub, formatJson, formatText, REPORT_FORMATS, type ReportFormat } from './sheets/report';

const CHECK_USAGE = `Usage: npm run check:sheets -- [--sheets DIR] [--format text|json|github]

Checks every sheet and prints every problem. Writes nothing.
  --sheets DIR   folder with the sheets (default: sheets); pictures are read from DIR/images
  --format       text (default), json, or github (annotations for GitHub Actions)
Exit code: 0 when the sheets are valid (warnings allowed), 1 when not, 2 for a wrong command.`;

export async function checkSheets(args: readonly string[]): Promise<CommandResult> {
  const parsed = await parseCommand(args, { format: 'text' }, CHECK_USAGE);
  if ('result' in parsed) return parsed.result;
  const { sheets, format } = parsed.values;
  if (!REPORT_FORMATS.includes(format as ReportFormat)) {
    return { exitCode: 2, output: `Unknown format "${format}".\n\n${CHECK_USAGE}` };
  }
  const { problems, stats } = await loadSite({ sheetsDir: sheets });
  const output =
    format === 'json'
      ? formatJson(problems, stats)
      : format === 'github'
        ? formatGithub(
            problems,
            stats,
            await githubPlaces(problems, sheets, process.env.GITHUB_WORKSPACE ?? process.cwd()),
          )
        : formatText(problems, stats);
  return { exitCode: stats.errors === 0 ? 0 : 1, output };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const { exitCode, output } = await checkSheets(process.argv.slice(2));
  console.log(output);
  process.exitCode = exitCode;
}
