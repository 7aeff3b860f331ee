/**
 * `data`: validates the sheets and writes the site's data as JSON. On any
 * error it writes nothing, so a previous good file is never replaced by a
 * broken or half-written one.
 */
import { loadSite } from '../load-site';
import { parseCommand, type CommandResult } from './command-args';
import { formatText } from './report';
import { writeFileAtomic } from './write-atomic';

const DEFAULT_OUTPUT = 'src/generated/site-data.json';

const BUILD_USAGE = `Usage: npm run data -- [--sheets DIR] [--out FILE]

Checks every sheet and writes the site's data to FILE (default: ${DEFAULT_OUTPUT}).
Writes nothing when a sheet has an error. Exit code: 0 written, 1 sheet errors, 2 wrong command.`;

export async function buildData(args: readonly string[]): Promise<CommandResult> {
  const parsed = await parseCommand(args, { out: DEFAULT_OUTPUT }, BUILD_USAGE);
  if ('result' in parsed) return parsed.result;
  const { sheets, out } = parsed.values;
  const { site, problems, stats } = await loadSite({ sheetsDir: sheets });
  const report = formatText(problems, stats);
  if (site === null) return { exitCode: 1, output: `${report}\nNothing was written.` };
  await writeFileAtomic(out, JSON.stringify(site));
  return { exitCode: 0, output: `${report}\nWrote ${out}.` };
}
