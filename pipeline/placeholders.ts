/**
 * Draws placeholder art for every picture a sheet names that is not there yet.
 *
 * The repository holds no photographs, yet every image path in the sheets must
 * exist. A sales person replaces a placeholder by dropping a real file with the
 * same name in place, so this script never overwrites a file and is safe to
 * re-run. Each picture is seeded by its file name, so re-runs are identical.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { parseCommand } from './sheets/command-args';
import { isError, type Problem } from './sheets/problem';
import { validateSheets } from './sheets/read-sheets';
import { TABLE_NAMES, type RowOf, type TableName, type ValidatedSheets } from './sheets/tables';
import { seededNumbers } from './seeded-numbers';

/** Luxury palette shared by all placeholders: charcoal, warm gold, ivory. */
const C = {
  ink: '#1f1f24',
  dusk: '#3a3840',
  gold: '#b8955a',
  ivory: '#f5efe3',
  sand: '#e4d8c3',
  stone: '#8a8580',
  slate: '#55535a',
};
const SERIF = `'Cormorant Garamond', 'DejaVu Serif', Georgia, serif`;
const SANS = `'DejaVu Sans', Arial, sans-serif`;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The words printed on a placeholder: what the picture is of, and a detail. */
type Target = { label: string; sub: string };

/** What a row's pictures show, per sheet; a sheet left out is labelled with the brand. */
type Labels = {
  readonly [K in TableName]?: (
    row: Partial<RowOf<K>>,
    projectName: (slug: string | undefined) => string | undefined,
  ) => Partial<Target>;
};

const LABELS: Labels = {
  localities: (row) => ({ label: row.name }),
  projects: (row) => ({ label: row.name, sub: row.sector }),
  highlights: (row, projectName) => ({ label: projectName(row.project), sub: row.text }),
  gallery: (row, projectName) => ({ label: projectName(row.project), sub: row.alt }),
  preRented: (row) => ({ label: row.tenant, sub: row.building }),
  featured: (row, projectName) => ({ label: projectName(row.project) }),
  homePreRented: (row) => ({ label: row.tenant }),
  team: (row) => ({ label: row.name, sub: row.role }),
  awards: (row) => ({ label: row.title, sub: row.awarded_by }),
  builders: (row) => ({ label: row.name }),
};

/**
 * Every picture the sheets name, with the words to print on its placeholder.
 * The cells are read as the pipeline reads them, so a cell the pipeline
 * refuses names no picture here either.
 */
function collectTargets({ settings, tables }: ValidatedSheets): Map<string, Target> {
  const brand = settings.values.brand_name ?? 'Placeholder';
  const projectNames = new Map(tables.projects.rows.map(({ data }) => [data.slug, data.name]));
  const projectName = (slug: string | undefined) => projectNames.get(slug);
  const targets = new Map<string, Target>();
  const add = (path: unknown, target: Target): void => {
    if (typeof path !== 'string') return;
    const known = targets.get(path);
    if (known === undefined || (known.sub === '' && target.sub !== '')) targets.set(path, target);
  };
  for (const field of settings.imageFields) {
    const person = field.endsWith('_photo');
    add((settings.values as Record<string, unknown>)[field], {
      label: person ? (settings.values.founder_name ?? brand) : brand,
      sub: '',
    });
  }
  for (const name of TABLE_NAMES) {
    const table = tables[name];
    const labelOf = LABELS[name] as
      ((row: unknown, names: typeof projectName) => Partial<Target>) | undefined;
    for (const { data } of table.rows) {
      const words = labelOf?.(data, projectName) ?? {};
      const target = { label: words.label ?? brand, sub: words.sub ?? '' };
      for (const field of table.imageFields) add((data as Record<string, unknown>)[field], target);
    }
  }
  return targets;
}

/** Numbers that come out the same for a file name every time: seeded by its FNV-1a hash. */
function seeded(name: string): () => number {
  let seed = 2166136261;
  for (const ch of name) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return seededNumbers(seed);
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
/** Font size that fits `text` into `width`, given the average glyph width in em. */
const fit = (text: string, width: number, max: number, glyph = 0.6): number =>
  Math.round(Math.min(max, width / (Math.max(text.length, 1) * glyph)));

/** The small corner mark that tells a placeholder from a photograph. */
const mark = (w: number, h: number, colour: string): string =>
  `<text x="${w - 24}" y="${h - 22}" text-anchor="end" font-family="${SANS}" font-size="${Math.round(h * 0.022)}" fill="${colour}" opacity="0.6">Placeholder image</text>`;

function caption(w: number, h: number, t: Target, y: number, colour: string): string {
  const size = fit(t.label, w * 0.8, h * 0.075);
  const sub = clip(t.sub, 70);
  return `<text x="${w / 2}" y="${y}" text-anchor="middle" font-family="${SERIF}" font-size="${size}" fill="${colour}">${esc(t.label)}</text>
  ${sub === '' ? '' : `<text x="${w / 2}" y="${y + size * 0.95}" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-size="${fit(sub, w * 0.8, size * 0.45)}" fill="${C.gold}">${esc(sub)}</text>`}
  ${mark(w, h, colour)}`;
}

/**
 * Dusk sky over an abstract skyline of towers whose heights come from the file name. A backdrop
 * (a hero, a locality or the home film's poster) carries no caption: the page prints its own
 * title over it, and the fixed header would cut a caption at the top in half.
 */
function scene(w: number, h: number, rnd: () => number, t: Target, backdrop: boolean): string {
  const horizon = h * (0.74 + rnd() * 0.06);
  const towers = (fill: string, opacity: number, min: number, max: number, crown: boolean): string => {
    let out = '';
    for (let x = -rnd() * w * 0.05; x < w;) {
      const tw = w * (0.035 + rnd() * 0.06);
      const th = h * (min + rnd() * (max - min));
      const top = horizon - th;
      out += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${tw.toFixed(1)}" height="${th.toFixed(1)}" fill="${fill}" opacity="${opacity}"/>`;
      if (crown && rnd() < 0.35) {
        out += `<rect x="${(x + tw * 0.2).toFixed(1)}" y="${(top - h * 0.04).toFixed(1)}" width="${(tw * 0.6).toFixed(1)}" height="${(h * 0.04).toFixed(1)}" fill="${fill}"/>`;
      }
      // Faint gold mullions on the front towers read as glazing without costing many bytes.
      for (let m = 1; crown && m < 3; m++) {
        const mx = (x + (tw * m) / 3).toFixed(1);
        out += `<line x1="${mx}" y1="${(top + 8).toFixed(1)}" x2="${mx}" y2="${horizon.toFixed(1)}" stroke="${C.gold}" stroke-width="1.5" opacity="0.22"/>`;
      }
      x += tw + w * (0.005 + rnd() * 0.03);
    }
    return out;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.ink}"/><stop offset="0.45" stop-color="${C.dusk}"/>
      <stop offset="0.8" stop-color="${C.gold}"/><stop offset="1" stop-color="${C.sand}"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="${C.ivory}" stop-opacity="0.9"/><stop offset="1" stop-color="${C.gold}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${horizon}" fill="url(#sky)"/>
  <circle cx="${w * (0.15 + rnd() * 0.7)}" cy="${horizon - h * 0.06}" r="${h * 0.22}" fill="url(#sun)"/>
  ${towers(C.stone, 0.45, 0.18, 0.42, false)}
  ${towers(C.ink, 1, 0.12, 0.5, true)}
  <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${C.ink}"/>
  <rect y="${horizon}" width="${w}" height="2" fill="${C.gold}" opacity="0.5"/>
  ${backdrop ? mark(w, h, C.ivory) : caption(w, h, t, h * 0.2, C.ivory)}
</svg>`;
}

/** A quiet street map with a pin, for map_image cells. */
function streetMap(w: number, h: number, rnd: () => number, t: Target): string {
  let streets = '';
  for (let x = rnd() * 90; x < w * 1.6; x += 60 + rnd() * 70) {
    streets += `<line x1="${x}" y1="${-h}" x2="${x}" y2="${h * 2}" stroke="${C.ivory}" stroke-width="${6 + rnd() * 6}"/>`;
  }
  for (let y = rnd() * 90; y < h * 1.6; y += 60 + rnd() * 70) {
    streets += `<line x1="${-w}" y1="${y}" x2="${w * 2}" y2="${y}" stroke="${C.ivory}" stroke-width="${6 + rnd() * 6}"/>`;
  }
  const bend = (v: number): string => (v * (0.2 + rnd() * 0.6)).toFixed(0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="${w}" height="${h}" fill="${C.sand}"/>
  <g transform="rotate(${(rnd() * 30 - 15).toFixed(1)} ${w / 2} ${h / 2})">${streets}</g>
  <path d="M -20 ${bend(h)} C ${bend(w)} ${bend(h)}, ${bend(w)} ${bend(h)}, ${w + 20} ${bend(h)}" stroke="${C.gold}" stroke-width="18" fill="none" opacity="0.8"/>
  <path d="M ${bend(w)} -20 C ${bend(w)} ${bend(h)}, ${bend(w)} ${bend(h)}, ${bend(w)} ${h + 20}" stroke="${C.stone}" stroke-width="12" fill="none" opacity="0.6"/>
  <g transform="translate(${w / 2} ${h / 2})">
    <path d="M0 0 C -26 -34 -30 -46 -30 -58 A 30 30 0 1 1 30 -58 C 30 -46 26 -34 0 0 Z" fill="${C.ink}"/>
    <circle cy="-58" r="11" fill="${C.gold}"/>
  </g>
  <rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${C.ink}" opacity="0.85"/>
  ${caption(w, h, { label: t.label, sub: 'Location map' }, h * 0.875, C.ivory)}
</svg>`;
}

/** A neutral head-and-shoulders silhouette with the person's initials. */
function portrait(w: number, h: number, t: Target): string {
  const initials = t.label
    .split(/\s+/)
    .filter((p) => /^[\p{L}]/u.test(p))
    .map((p) => p[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${C.ivory}"/><stop offset="1" stop-color="${C.sand}"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${w / 2}" cy="${h * 0.38}" r="${h * 0.16}" fill="${C.stone}" opacity="0.55"/>
  <path d="M ${w * 0.14} ${h} C ${w * 0.14} ${h * 0.68}, ${w * 0.3} ${h * 0.59}, ${w / 2} ${h * 0.59} C ${w * 0.7} ${h * 0.59}, ${w * 0.86} ${h * 0.68}, ${w * 0.86} ${h} Z" fill="${C.stone}" opacity="0.55"/>
  <text x="${w / 2}" y="${h * 0.88}" text-anchor="middle" font-family="${SERIF}" font-size="${h * 0.15}" fill="${C.ivory}" letter-spacing="${h * 0.01}">${esc(initials)}</text>
  <text x="${w / 2}" y="${h * 0.08}" text-anchor="middle" font-family="${SANS}" font-size="${h * 0.028}" fill="${C.stone}">Placeholder image</text>
</svg>`;
}

/**
 * The second picture of an award card: a trophy on a plinth over a light ground, so the pair
 * reads as two pictures (the ceremony's skyline, then the award) rather than one shown twice.
 */
function trophy(w: number, h: number, t: Target): string {
  const cx = w / 2;
  const cup = `M ${cx - w * 0.09} ${h * 0.16} H ${cx + w * 0.09} C ${cx + w * 0.09} ${h * 0.36}, ${cx + w * 0.04} ${h * 0.44}, ${cx} ${h * 0.45} C ${cx - w * 0.04} ${h * 0.44}, ${cx - w * 0.09} ${h * 0.36}, ${cx - w * 0.09} ${h * 0.16} Z`;
  const handles = `M ${cx - w * 0.09} ${h * 0.2} C ${cx - w * 0.15} ${h * 0.2}, ${cx - w * 0.15} ${h * 0.32}, ${cx - w * 0.075} ${h * 0.34} M ${cx + w * 0.09} ${h * 0.2} C ${cx + w * 0.15} ${h * 0.2}, ${cx + w * 0.15} ${h * 0.32}, ${cx + w * 0.075} ${h * 0.34}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><radialGradient id="bg" cx="0.5" cy="0.3" r="0.9"><stop offset="0" stop-color="${C.ivory}"/><stop offset="1" stop-color="${C.sand}"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <path d="${cup}" fill="${C.gold}"/>
  <path d="${handles}" fill="none" stroke="${C.gold}" stroke-width="${w * 0.012}"/>
  <rect x="${cx - w * 0.012}" y="${h * 0.45}" width="${w * 0.024}" height="${h * 0.08}" fill="${C.gold}"/>
  <rect x="${cx - w * 0.07}" y="${h * 0.53}" width="${w * 0.14}" height="${h * 0.05}" fill="${C.dusk}"/>
  <rect x="${cx - w * 0.1}" y="${h * 0.58}" width="${w * 0.2}" height="${h * 0.04}" fill="${C.ink}"/>
  ${caption(w, h, t, h * 0.75, C.ink)}
</svg>`;
}

/** A wordmark in a neutral tone; browsers render the SVG file as it is. */
function wordmark(t: Target): string {
  const name = t.label.toUpperCase();
  const size = fit(name, 320, 40, 0.85);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 120" width="360" height="120" role="img" aria-label="${esc(t.label)}">
  <!-- Placeholder logo: replace this file with the developer's own logo of the same name. -->
  <text x="180" y="70" text-anchor="middle" font-family="${SERIF}" font-size="${size}" letter-spacing="2" fill="${C.slate}">${esc(name)}</text>
  <rect x="150" y="86" width="60" height="2" fill="${C.gold}"/>
</svg>
`;
}

async function draw(path: string, t: Target): Promise<Buffer> {
  const ext = extname(path).slice(1).toLowerCase();
  if (ext === 'svg') return Buffer.from(wordmark(t));
  const name = basename(path);
  const person = path.startsWith('team/') || /founder|owner|portrait/i.test(name);
  const isMap = /^map/i.test(name);
  const [w, h] = person
    ? [800, 800]
    : isMap || /^(pre-rented|awards)\//.test(path)
      ? [1200, 800]
      : /video|poster/i.test(name)
        ? [1600, 900]
        : [1600, 1000];
  const rnd = seeded(path);
  const backdrop = /hero|poster/i.test(name) || path.startsWith('localities/');
  const award = /^awards\/.+-2\.\w+$/.test(path);
  const svg = person
    ? portrait(w, h, t)
    : isMap
      ? streetMap(w, h, rnd, t)
      : award
        ? trophy(w, h, t)
        : scene(w, h, rnd, t, backdrop);
  const image = sharp(Buffer.from(svg));
  if (ext === 'png') return image.png({ palette: true }).toBuffer();
  if (ext === 'webp' || ext === 'avif') return image.toFormat(ext, { quality: 70 }).toBuffer();
  return image.jpeg({ quality: 70, mozjpeg: true }).toBuffer();
}

const USAGE = `Usage: npx tsx pipeline/placeholders.ts [--sheets DIR]

Draws a placeholder for every picture the sheets name that is not in DIR/images yet (default: sheets).
Never replaces a file that is there.`;

async function main(): Promise<number> {
  const parsed = await parseCommand(process.argv.slice(2), {}, USAGE);
  if ('result' in parsed) {
    console.log(parsed.result.output);
    return parsed.result.exitCode;
  }
  const sheetsDir = parsed.values.sheets;
  const imagesDir = join(sheetsDir, 'images');
  const problems: Problem[] = [];
  const targets = [...collectTargets(await validateSheets(sheetsDir, problems))];
  const missing = targets.filter(([path]) => !existsSync(join(imagesDir, path)));
  // A few at a time: rasterising is CPU-bound and single-threaded per picture.
  for (let i = 0; i < missing.length; i += 8) {
    await Promise.all(
      missing.slice(i, i + 8).map(async ([path, target]) => {
        const file = join(imagesDir, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, await draw(path, target), { flag: 'wx' });
      }),
    );
  }
  const kept = targets.length - missing.length;
  console.log(`Placeholders: ${missing.length} created, ${kept} already present (kept as they are).`);
  const errors = problems.filter(isError).length;
  if (errors > 0) {
    console.log(
      `The sheets have ${errors} error${errors === 1 ? '' : 's'}; a picture named in a cell with an error got no placeholder. Run npm run check:sheets to see them.`,
    );
  }
  return 0;
}

process.exitCode = await main();
