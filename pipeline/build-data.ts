/**
 * `data`: validates the sheets and writes the site's data as JSON. On any
 * error it writes nothing, so a previous good file is never replaced by a
 * broken or half-written one: `npm run data -- --help`. Runs only when started
 * as a script, so tests can call `buildData` in-process.
 */
import { join, resolve } from 'node:path';
import type { BuildImagesOptions } from './images/build-images';
import { progressLines } from './images/progress';
import { writeImageFiles } from './images/sheet-images';
import { loadSite } from './load-site';
import { parseCommand, type CommandResult } from './sheets/command-args';
import { formatText } from './sheets/report';
import { writeFileAtomic } from './sheets/write-atomic';

const DEFAULT_OUTPUT = 'src/generated/site-data.json';

const BUILD_USAGE = `Usage: npm run data -- [--sheets DIR] [--out FILE]

Checks every sheet and writes the site's data to FILE (default: ${DEFAULT_OUTPUT}).
Writes nothing when a sheet has an error. Exit code: 0 written, 1 sheet errors, 2 wrong command.`;

/**
 * `onProgress` hears how far the picture build has come: the command line prints it, as the first
 * build encodes every picture for minutes; tests calling this in-process pass nothing and hear nothing.
 */
export async function buildData(
  args: readonly string[],
  onProgress?: BuildImagesOptions['onProgress'],
): Promise<CommandResult> {
  const parsed = await parseCommand(args, { out: DEFAULT_OUTPUT }, BUILD_USAGE);
  if ('result' in parsed) return parsed.result;
  const { sheets, out } = parsed.values;
  const { site, problems, stats } = await loadSite({ sheetsDir: sheets });
  const report = formatText(problems, stats);
  if (site === null) return { exitCode: 1, output: `${report}\nNothing was written.` };
  const pictures = await writeImageFiles(join(sheets, 'images'), Object.keys(site.images), onProgress);
  if (pictures.failures.length > 0) {
    const lines = pictures.failures.map((failure) => `  ${failure.src}: ${failure.message}`);
    return {
      exitCode: 1,
      output: `${report}\nThese pictures could not be prepared:\n${lines.join('\n')}\nNothing was written.`,
    };
  }
  await writeFileAtomic(out, JSON.stringify({ ...site, images: pictures.images }));
  const summary = `${pictures.encoded} pictures encoded, ${pictures.reused} from the cache, in ${pictures.seconds.toFixed(1)} s`;
  return { exitCode: 0, output: `${report}\n${summary}.\nWrote ${out}.` };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const { exitCode, output } = await buildData(
    process.argv.slice(2),
    progressLines((line) => console.error(line)),
  );
  (exitCode === 0 ? console.log : console.error)(output);
  process.exitCode = exitCode;
}
