/**
 * `npm run bench:publish -- [--runs 3]`: seconds from Publish to the new page
 * served, for a one-cell change and for a new project with five pictures.
 *
 * Needs `npm run build` first: the service starts from that build, as
 * `npm start` does. The benchmark copies sheets/ into a new git repository
 * under the system's temporary folder (the checkout's own history is never
 * written), starts the service (server/service.ts) with publishing on, over
 * that copy, on a free port, and for each change: makes a draft as the staff
 * console does, calls publish, and asks for the public page every 50 ms until
 * it shows the new text. The clock runs from the publish call to that answer.
 * Each ask is conditional (If-None-Match), answered 304 until the page
 * changes: at 10,000 records the page is the 8 MB table, and fetching it whole
 * 20 times a second took a core from the build being timed.
 * The five pictures are new (random colours), so they are encoded, not taken
 * from the cache. Each run waits for the publisher to settle (the code's
 * compressed copies, linked after the switch) before the next. Figures depend
 * on what else the machine is doing: its load average is printed with them.
 *
 * Last, it prints the peak memory of the publisher's build processes (the
 * builder's and the compressor's, from /proc) since the service started, and
 * whether they ran compiled (dist-publish/) or from the source under tsx.
 *
 * `--records N` first publishes pre-rented.csv grown to N records (two per
 * tenant, as bench:scale grows it; untimed, every page is rendered), then times
 * the one-cell change only: a new project changes every page at any size. The
 * publisher settles after the grown site (its time printed) before the changes
 * are timed.
 *
 * A tree removed in the six minutes before slows the files a build makes on ext4
 * without a journal (freed-inodes.ts): the benchmark notes when it removed its
 * folder, and the next run waits out the rest first (`--no-wait` starts at once).
 *
 *   npm run bench:publish -- [--runs 3] [--records 10000] [--no-wait]
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import getPort, { portNumbers } from 'get-port';
import Papa from 'papaparse';
import sharp from 'sharp';
import { median } from '../pipeline/median';
import { readConfig } from '../server/config';
import { PATHS } from '../src/data/links';
import type { Publisher } from '../server/publish/publisher';
import { fingerprint } from '../server/publish/recovery';
import { startService } from '../server/service';
import type { ChildPeak } from './child-peaks';
import { childPeaks } from './child-peaks';
import { awaitFreedInodes, removeNoted } from './freed-inodes';
import { grownPreRented } from './grown-sheet';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    records: { type: 'string' },
    ports: { type: 'string', default: process.env.BENCH_PORTS ?? '5300-5399' },
    'no-wait': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const RECORDS = values.records === undefined ? null : Number(values.records);
if (RECORDS !== null && (!Number.isInteger(RECORDS) || RECORDS < 1))
  throw new Error(`--records takes a whole number, not "${values.records}".`);
const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const STAFF = { name: 'Bench Staff', email: 'bench@example.com' };

async function checkout(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-publish-'));
  await cp(join(root, 'sheets'), join(dir, 'sheets'), { recursive: true });
  const git = (...args: string[]) =>
    run('git', args, {
      cwd: dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'Bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('commit', '--quiet', '--message', 'Sheets as the checkout has them');
  return dir;
}

/** Publishes the files and returns the seconds until `path` on the public site shows `text`. */
async function timePublish(
  publisher: Publisher,
  base: string,
  files: { path: string; bytes: Uint8Array }[],
  path: string,
  text: string,
): Promise<number> {
  const draft = await publisher.createDraft(files);
  const url = `${base}${encodeURI(path)}`;
  const before = await fetch(url);
  await before.arrayBuffer();
  let tag = before.headers.get('etag');
  const started = performance.now();
  const publishing = publisher.publish(draft.id, STAFF, `Benchmark: ${text}`);
  publishing.catch(() => undefined);
  for (;;) {
    const response = await fetch(url, { headers: tag === null ? {} : { 'If-None-Match': tag } });
    const body = await response.text();
    if (response.status === 200 && body.includes(text)) break;
    if (response.status !== 304) tag = response.headers.get('etag');
    if (performance.now() - started > 300_000)
      throw new Error(`${path} did not show "${text}" within 5 minutes.`);
    await Promise.race([publishing.then(() => undefined), new Promise((done) => setTimeout(done, 50))]);
  }
  const seconds = (performance.now() - started) / 1000;
  await publishing;
  // The code's copies are linked after the switch; the next change waits for them.
  await publisher.settled();
  return seconds;
}

/**
 * The first pre-rented row's rent, changed to a figure no page shows yet: the comparison table
 * writes it out in full under the rounded one, since rounding changes it.
 */
async function oneCell(sheets: string, index: number) {
  const text = await readFile(join(sheets, 'pre-rented.csv'), 'utf8');
  const rent = `₹7,${String(10 + index).padStart(2, '0')},${String(randomInt(100, 999))}`;
  const changed = text.replace(/(?<=\n[^\n]*?,)"₹[\d,]+"/, `"${rent}"`);
  if (changed === text) throw new Error('pre-rented.csv has no rent written as "₹…" to change.');
  return {
    files: [{ path: 'pre-rented.csv', bytes: new TextEncoder().encode(changed) }],
    text: rent.slice(1),
  };
}

/** A copy of the first project under a new name, with a new hero picture and four new gallery pictures. */
async function newProject(sheets: string, index: number) {
  const projects = await readFile(join(sheets, 'projects.csv'), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(projects.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const model = parsed.data.find((row) => row.page === 'feature');
  if (model === undefined) throw new Error('projects.csv has no project on a feature page to copy.');
  const slug = `benchTower${index}${randomInt(1000, 9999)}`;
  const name = `Bench Tower ${slug.slice(10)}`;
  const folder = `projects/${slug}`;
  const pictures = await Promise.all(
    ['hero', 'gallery-1', 'gallery-2', 'gallery-3', 'gallery-4'].map(async (stem) => ({
      path: `images/${folder}/${stem}.jpg`,
      bytes: await sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
        },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg width="2400" height="1600"><circle cx="${randomInt(2400)}" cy="800" r="500" fill="#fff"/></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  );
  const row = { ...model, slug, name, aliases: '', hero_image: `${folder}/hero.jpg` };
  const line = Papa.unparse([row], { header: false, columns: parsed.meta.fields ?? [] });
  const gallery = await readFile(join(sheets, 'project-gallery.csv'), 'utf8');
  const galleryLines = [1, 2, 3, 4]
    .map((n) => `${slug},${folder}/gallery-${n}.jpg,${name} picture ${n}`)
    .join('\n');
  const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  return {
    files: [
      { path: 'projects.csv', bytes: new TextEncoder().encode(`${withNewline(projects)}${line}\n`) },
      {
        path: 'project-gallery.csv',
        bytes: new TextEncoder().encode(`${withNewline(gallery)}${galleryLines}\n`),
      },
      ...pictures,
    ],
    path: `/feature/${slug}`,
    text: name,
  };
}

/** The build processes' peaks (the builder's and the compressor's), and whether they ran compiled. */
function buildPeaks(peaks: readonly ChildPeak[]): string {
  if (peaks.length === 0) return "The publisher's build processes: peak memory not measured (no /proc).";
  const line = ({ command, peakMb }: ChildPeak) =>
    `  ${command.endsWith(' compress') ? 'compressing' : 'building   '}  peak ${peakMb} MB (${command.includes('--import') ? 'from the source, under tsx' : 'compiled'})`;
  return [`The publisher's build processes, peak memory since the service started:`, ...peaks.map(line)].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const site = join(root, 'dist');
  // Said before the wait for freed inodes, which may be six minutes, rather than by the service after it.
  if ((await fingerprint(site)) === null)
    throw new Error(`${site} holds no build for the service to start from: run \`npm run build\` first.`);
  await awaitFreedInodes(values['no-wait']);
  const dir = await checkout();
  const [from, to] = values.ports.split('-').map(Number);
  const port = await getPort({ host: '127.0.0.1', port: portNumbers(from ?? 5300, to ?? 5399) });
  const service = await startService(
    readConfig({
      PORT: String(port),
      DATA_DIR: join(dir, '.data'),
      SITE_ROOT: site,
      CONTENT_PUBLISH: 'true',
      CONTENT_REPO_DIR: dir,
    }),
    { emailJsStandIn: true },
  );
  const publisher = service.publisher;
  try {
    if (publisher === null) throw new Error('The service started without its publisher.');
    const sheets = join(dir, 'sheets');
    if (RECORDS !== null) {
      const grown = grownPreRented(await readFile(join(sheets, 'pre-rented.csv'), 'utf8'), RECORDS);
      const draft = await publisher.createDraft([
        { path: 'pre-rented.csv', bytes: new TextEncoder().encode(grown) },
      ]);
      const started = performance.now();
      await publisher.publish(draft.id, STAFF, `Benchmark: ${RECORDS} pre-rented records`);
      const live = performance.now();
      await publisher.settled();
      console.log(
        `Grown to ${RECORDS} pre-rented records: published (every page) in ${((live - started) / 1000).toFixed(1)} s; the publisher settled ${((performance.now() - live) / 1000).toFixed(1)} s later (the code's compressed copies).`,
      );
    }
    const cell: number[] = [];
    const project: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const change = await oneCell(sheets, index);
      cell.push(await timePublish(publisher, service.url, change.files, PATHS.preRentedTable, change.text));
      if (RECORDS !== null) {
        console.log(`  one-cell change at ${RECORDS} records: ${cell.at(-1)?.toFixed(1)} s`);
        continue;
      }
      const added = await newProject(sheets, index);
      project.push(await timePublish(publisher, service.url, added.files, added.path, added.text));
    }
    const show = (figures: number[]) =>
      `${figures.map((s) => s.toFixed(1)).join(' s, ')} s (median ${median(figures).toFixed(1)} s)`;
    console.log(
      `Publish → new page served, ${RUNS} runs each, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}:`,
    );
    console.log(`  one-cell change (a rent in pre-rented.csv):        ${show(cell)}`);
    if (RECORDS !== null) console.log(`  at ${RECORDS} pre-rented records`);
    else console.log(`  new project with five new pictures (hero + 4 gallery): ${show(project)}`);
    console.log(buildPeaks(await childPeaks('publish-build')));
  } finally {
    await service.close();
    await removeNoted(dir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
