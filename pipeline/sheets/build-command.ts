/**
 * `data`: validates the sheets and writes the site's data as JSON. On any
 * error it writes nothing, so a previous good file is never replaced by a
 * broken or half-written one.
 */
import { join } from 'node:path';
import { writeImageFiles } from '../images/sheet-images';
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
  const pictures = await writeImageFiles(join(sheets, 'images'), Object.keys(site.images));
  if (pictures.failures.length > 0) {
    const lines = pictures.failures.map((failure) => `  ${failure.src}: ${failure.message}`);
    return { exitCode: 1, output: `${report}\nThese pictures could not be prepared:\n${lines.join('\n')}\nNothing was written.` };
  }
  await writeFileAtomic(out, JSON.stringify({ ...site, images: pictures.images }));
  const summary = `${pictures.encoded} pictures encoded, ${pictures.reused} from the cache, in ${pictures.seconds.toFixed(1)} s`;
  return { exitCode: 0, output: `${report}\n${summary}.\nWrote ${out}.` };
}
