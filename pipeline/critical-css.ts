/**
 * The styles a page paints with, written into the page itself, so that on a slow line it paints
 * from its HTML alone and its lead picture is the first file it asks for.
 *
 * For each route, Beasties keeps the rules of the site's stylesheet that match the route's
 * pages: their elements as written, in every state they take without script (a menu opened
 * included). All pages of a route share one such stylesheet, so the content policy names one
 * hash per route, about twenty, rather than one per page. Beasties reads one page for each
 * distinct set of tags, classes and selected attributes the route's pages use (styleSignature):
 * pages alike in those match the same rules, and a route of thousands of pages costs a few
 * readings. Of each page read, a listing's thousand cards built alike are read as a few
 * (style-sample.ts): the rules one matches, they all match.
 *
 * The rest of the site's stylesheet (other routes' rules, and those of states only script
 * brings) is a file of its own per route, linked once the lead picture has painted
 * (src/entry-client.tsx). Holding no rule the page already uses, it restyles only what it is
 * for, not the whole page.
 *
 * No web font is declared in either: the page paints in the fallback faces sized like them
 * (local() faces, written into the page, nothing to download). The boot script adds the web
 * fonts before the first paint once an earlier page has fetched them (src/app/boot.ts). A
 * visitor without script gets the whole stylesheet, fonts included, from the <noscript> link.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';
import type { StyleSample } from './style-sample';
import { styleSample } from './style-sample';

/** A page the pre-render wrote: its route and its file, relative to the folder given. */
export interface WrittenPage {
  routeId: string;
  file: string;
}

/** A page whose style signature the pre-render may have taken as it wrote it. */
interface SignedPage extends WrittenPage {
  signature?: string | undefined;
}

/** One route's styles: what its pages carry inline, and the rest of the site's stylesheet. */
export interface RouteStyle {
  /** The rules the route's pages use, written into each of them. */
  css: string;
  /** The CSP source of `css`, quotes included: 'sha256-…'. */
  hash: string;
  /**
   * Address of every other rule of the site's stylesheet, less the fonts: the file pages load
   * after painting, named by its content.
   */
  restHref: string;
  /** The pages (files) the styles were cut for: the first page of each signature. */
  samples: string[];
  /** Each sample's skeleton (StyleSample.skeleton), in the order of `samples`. */
  skeletons: string[];
  /** A digest of the stylesheet's address and the samples' skeletons: styles of equal keys are equal. */
  key: string;
}

/**
 * `answer` remembering what it gave for the last text it was asked about: the publisher's build
 * process makes build after build with one stylesheet, and each of its parses takes 50 ms and
 * more at the start of every publish.
 */
function rememberingLast<T>(answer: (text: string) => T): (text: string) => T {
  let last: { text: string; answered: T } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, answered: answer(text) };
    return last.answered;
  };
}

/**
 * How the stylesheet selects by attributes: each attribute it names, and whether it compares
 * its value (`[aria-current=page]`) or only asks for it (`[data-menu-open]`, `[open]`).
 */
export const selectedAttributes = rememberingLast((stylesheet: string): ReadonlyMap<string, boolean> => {
  const attributes = new Map<string, boolean>();
  postcss.parse(stylesheet).walkRules((rule) => {
    for (const [, name, operator] of rule.selector.matchAll(/\[\s*([\w-]+)\s*([~|^$*]?=)?/g))
      if (name !== undefined) attributes.set(name, (attributes.get(name) ?? false) || operator !== undefined);
    if (/#[a-z_-]/i.test(rule.selector.replace(/\[[^\]]*\]/g, ''))) attributes.set('id', true);
  });
  return attributes;
});

/** Character codes the signature's scanner stops at. */
const GT = 62;
const SLASH = 47;
const EQUALS = 61;
const QUOTE = 34;

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
/** A letter, digit, `-`, `_` or `:`: what tag and attribute names are made of. */
const isNameCode = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 58) ||
  code === 45 ||
  code === 95;

/**
 * What of a stretch of a page's body the stylesheet's rules can depend on (styleSignature). Kept
 * apart rather than prefixed: a string made for every tag read would cost more than the scan.
 */
export interface StyleTraits {
  tags: Set<string>;
  /** Class attributes' values as written: a page repeats a few many times, split for a new signature only. */
  classLists: Set<string>;
  selected: Set<string>;
}

const noTraits = (): StyleTraits => ({ tags: new Set(), classLists: new Set(), selected: new Set() });

/**
 * Adds to `traits` what the tags of `html` from `at` on show. It runs on every page a build
 * writes, so it scans tags from `<` to `>` and skips the text between them (React escapes `<` in
 * text and `"` in values), rather than matching a pattern at every character: half the time, on
 * the pages of a 10,000-record site.
 */
function readTraits(
  html: string,
  from: number,
  { tags, classLists, selected }: StyleTraits,
  attributes: ReadonlyMap<string, boolean>,
): void {
  let at = from;
  while (at !== -1) {
    let i = at + 1;
    let end = i;
    while (isNameCode(html.charCodeAt(end))) end += 1;
    // A closing tag, a comment or a doctype: nothing the signature takes.
    if (end === i) {
      at = html.indexOf('<', i);
      continue;
    }
    const tag = html.slice(i, end);
    tags.add(tag);
    i = end;
    for (;;) {
      while (isSpace(html.charCodeAt(i))) i += 1;
      const code = html.charCodeAt(i);
      if (code === GT || code === SLASH || Number.isNaN(code)) break;
      let nameEnd = i;
      while (isNameCode(html.charCodeAt(nameEnd))) nameEnd += 1;
      if (nameEnd === i) nameEnd += 1;
      const name = html.slice(i, nameEnd);
      i = nameEnd;
      // Where the value is, if any: most values are read by nothing, and are not copied out.
      let start = i;
      let end = i;
      if (html.charCodeAt(i) === EQUALS && html.charCodeAt(i + 1) === QUOTE) {
        start = i + 2;
        const close = html.indexOf('"', start);
        end = close === -1 ? html.length : close;
        i = close === -1 ? html.length : close + 1;
      }
      if (name === 'class') {
        classLists.add(html.slice(start, end));
        continue;
      }
      const byValue = attributes.get(name);
      if (byValue !== undefined) selected.add(byValue ? `${name}=${html.slice(start, end)}` : name);
    }
    // A script's or a style's text may hold `<`: the scan goes on after it.
    const raw = tag === 'script' || tag === 'style' ? html.indexOf(`</${tag}`, i) : i;
    at = html.indexOf('<', raw === -1 ? html.length : raw + 1);
  }
}

/**
 * What of a page's body the stylesheet's rules can depend on, as one string, equal for pages
 * styled alike: its tags, its classes, and the attributes the stylesheet selects by, with
 * their values only where it compares them. A value it never compares (a tenant's name in an
 * `aria-label`, an id React generates in `aria-labelledby`) would make every page of a route
 * a sample of its own, and Beasties read thousands of bodies as one document.
 *
 * The page may come in the parts the server build writes it in (renderDocumentParts): those at
 * odd places are its frame's, the same strings on every page of a variant, and each is read once
 * when `frames` keeps what was read of them. That spares reading half of most pages' bodies.
 */
export function styleSignature(
  page: string | readonly string[],
  attributes: ReadonlyMap<string, boolean>,
  frames?: Map<string, StyleTraits>,
): string {
  const parts = typeof page === 'string' ? [page] : page;
  const own = noTraits();
  const framed: StyleTraits[] = [];
  parts.forEach((part, index) => {
    if (index === 0) return readTraits(part, part.indexOf('<body'), own, attributes);
    if (index % 2 === 0 || frames === undefined) return readTraits(part, part.indexOf('<'), own, attributes);
    let known = frames.get(part);
    if (known === undefined) {
      known = noTraits();
      readTraits(part, part.indexOf('<'), known, attributes);
      frames.set(part, known);
    }
    framed.push(known);
  });
  // Pages of a kind show their traits in the same order: the signature is worked out once for each order.
  const seen = [
    framed.length,
    ...framed.map(traitsId),
    ...[own.tags, own.classLists, own.selected].map((set) => [...set].join(' ')),
  ].join('\0');
  let signature = signatures.get(seen);
  if (signature === undefined) {
    const all = [own, ...framed];
    const sorted = (traitsOf: (traits: StyleTraits) => Iterable<string>) =>
      [...new Set(all.flatMap((traits) => [...traitsOf(traits)]))].sort().join(' ');
    const classes = (traits: StyleTraits) =>
      [...traits.classLists].flatMap((list) => list.split(' ').filter((each) => each !== ''));
    signature = createHash('sha1')
      .update([sorted(({ tags }) => tags), sorted(classes), sorted(({ selected }) => selected)].join('\0'))
      .digest('base64');
    if (signatures.size >= SIGNATURES_KEPT) signatures.clear();
    signatures.set(seen, signature);
  }
  return signature;
}

/** Signatures by their traits in the order read (styleSignature); a few kinds of page have thousands of pages each. */
const signatures = new Map<string, string>();
const SIGNATURES_KEPT = 10_000;

/** A number for each frame's traits, to key signatures by. */
const traitIds = new WeakMap<StyleTraits, number>();
let traitsCount = 0;

function traitsId(traits: StyleTraits): string {
  let id = traitIds.get(traits);
  if (id === undefined) {
    traitsCount += 1;
    id = traitsCount;
    traitIds.set(traits, id);
  }
  return `frame ${id}`;
}

/** The CSP source that allows exactly this inline stylesheet or script. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The stylesheet's @font-face rules that download nothing (local() sources only), and the
 * stylesheet without any @font-face rule.
 */
function splitFaces(stylesheet: string): { localFaces: string; rest: string } {
  const root = postcss.parse(stylesheet);
  const local: string[] = [];
  root.walkAtRules('font-face', (rule) => {
    let downloads = false;
    rule.walkDecls('src', (decl) => {
      if (/url\(/i.test(decl.value)) downloads = true;
    });
    if (!downloads) local.push(rule.toString());
    rule.remove();
  });
  return { localFaces: local.join(''), rest: root.toString() };
}

/** splitFaces of the whole stylesheet, the same for every build of one client build. */
const wholeSheetFaces = rememberingLast(splitFaces);

/**
 * Beasties splitting one stylesheet in two: the rules a document uses, left in its <style>, and
 * the rest (its "pruned source"), which it would write back to the stylesheet's file and is
 * handed back here instead. Its @font-face rules are left to splitFaces (Beasties cannot see
 * through the custom properties that name the families), and what a native <details> shows
 * opened stays with the used rules: menus open without script.
 */
class Splitter extends Beasties {
  private rest = '';

  constructor() {
    super({
      fonts: false,
      keyframes: 'critical',
      compress: true,
      pruneSource: true,
      allowRules: [/\[open\]/],
      logLevel: 'warn',
    });
  }

  // Beasties' own file writer (not in its typings); tests/pipeline/critical-css.test.ts checks it is still the one called.
  writeFile(_file: string, data: string | Buffer): Promise<void> {
    this.rest = data.toString();
    return Promise.resolve();
  }

  /** The rules of `stylesheet` that `bodies` (each a body's inner markup) use, and the others. */
  async split(stylesheet: string, bodies: readonly string[]): Promise<{ used: string; rest: string }> {
    this.rest = '';
    const document = `<!DOCTYPE html><html><head><style>${stylesheet}</style></head><body>${bodies.join('')}</body></html>`;
    const reduced = await this.process(document);
    return { used: /<style>(.*?)<\/style>/s.exec(reduced)?.[1] ?? '', rest: this.rest };
  }
}

/** How an earlier build of the same stylesheet spares work: see routeStyles. */
export interface EarlierStyles {
  /** The signature of a page whose file is the earlier build's, unchanged; undefined for a page written anew. */
  signatureOf(file: string): string | undefined;
  /** The skeleton of a page of the route, when it was one of its earlier samples: kept, or taken as it was rendered. */
  skeletonOf(routeId: string, file: string): string | undefined;
  /** The sample of a page the pre-render took as it rendered it, if it did: it is not read again. */
  sampleOf?(file: string): StyleSample | undefined;
  /**
   * The earlier build's style of the route when it was cut from samples of the same skeletons
   * (RouteStyle.key; its `rest` file put in place), else undefined.
   */
  reuse(routeId: string, key: string): Promise<RouteStyle | undefined>;
}

/** Each route's styles, and the signature of every page (by file) they were sampled by. */
export interface RouteStyles {
  styles: Map<string, RouteStyle>;
  signatures: Map<string, string>;
}

/**
 * Each route's styles, cut from `stylesheet` (the site's whole one, as built, and its address) for
 * the pages the pre-render wrote under `dir`; the rest of each is written beside the stylesheet.
 * Beasties reads the first page of each signature of a route (its samples). A page is read for
 * its signature only when neither the pre-render (which took it as it wrote the page) nor
 * `earlier` (a page unchanged since an earlier build) gives it, and a route whose samples have
 * the skeletons of its earlier ones keeps its earlier style: when they are all unchanged earlier
 * samples, without reading any of them.
 */
export async function routeStyles(
  dir: string,
  pages: readonly SignedPage[],
  stylesheet: { href: string; css: string },
  earlier?: EarlierStyles,
): Promise<RouteStyles> {
  const attributes = selectedAttributes(stylesheet.css);
  const samples = new Map<string, Map<string, string>>();
  const signatures = new Map<string, string>();
  for (const { routeId, file, signature: taken } of pages) {
    const ofRoute = samples.get(routeId) ?? new Map<string, string>();
    samples.set(routeId, ofRoute);
    const signature =
      taken ??
      earlier?.signatureOf(file) ??
      styleSignature(await readFile(join(dir, file), 'utf8'), attributes);
    signatures.set(file, signature);
    if (!ofRoute.has(signature)) ofRoute.set(signature, file);
  }
  const { localFaces } = wholeSheetFaces(stylesheet.css);
  const splitter = new Splitter();
  const styles = new Map<string, RouteStyle>();
  for (const [routeId, ofRoute] of samples) {
    const files = [...ofRoute.values()];
    let read: Promise<StyleSample[]> | undefined;
    const readSamples = () =>
      (read ??= Promise.all(
        files.map(
          async (file) =>
            earlier?.sampleOf?.(file) ?? styleSample(await readFile(join(dir, file), 'utf8'), attributes),
        ),
      ));
    const known = files.map((file) => earlier?.skeletonOf(routeId, file));
    const skeletons = known.every((skeleton) => skeleton !== undefined)
      ? known
      : (await readSamples()).map((sample) => sample.skeleton);
    const key = createHash('sha256')
      .update([stylesheet.href, ...skeletons].join(' '))
      .digest('base64');
    const kept = await earlier?.reuse(routeId, key);
    if (kept !== undefined) {
      styles.set(routeId, { ...kept, samples: files, skeletons });
      continue;
    }
    const split = await splitter.split(
      stylesheet.css,
      (await readSamples()).map((sample) => sample.body),
    );
    const { rest } = splitFaces(split.rest);
    const css = localFaces + split.used;
    // A stylesheet of our own build; should one ever hold this, the page's markup would break.
    if (/<\/style/i.test(css))
      throw new Error(`The inline styles of route "${routeId}" would close their <style> element.`);
    const restHref = stylesheet.href.replace(
      /\.css$/,
      `-rest-${createHash('sha256').update(rest).digest('hex').slice(0, 10)}.css`,
    );
    const target = join(dir, restHref);
    await mkdir(dirname(target), { recursive: true });
    // Renamed into place: another route's reused style may have linked the same file from an earlier build.
    await writeFile(`${target}.tmp`, rest);
    await rename(`${target}.tmp`, target);
    styles.set(routeId, { css, hash: inlineHash(css), restHref, samples: files, skeletons, key });
  }
  return { styles, signatures };
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#x${character.charCodeAt(0).toString(16)};`);

/** Where the head begins, as React writes it: the styles and the policy go right after it. */
const HEAD_START = '<head><meta charSet="utf-8"/>';

/** How finishPage's policy begins, and so what it added to a page of an earlier build. */
const POLICY_META = '<meta http-equiv="Content-Security-Policy"';

/** Where finishPage writes into `html` (a page's text or its bytes): right after its head's start. */
function headEnd(html: string | Buffer): number {
  const at = html.indexOf(HEAD_START);
  if (at === -1 || html.indexOf(HEAD_START, at + 1) !== -1)
    throw new Error(`A pre-rendered page does not start its head with ${HEAD_START} exactly once.`);
  return at + HEAD_START.length;
}

/**
 * What finishPage writes at the top of the head, ahead of every file the page links: its
 * content policy and inline styles, the rest of its styles named for the entry to load, and the
 * whole stylesheet (`stylesheetHref`, fonts included) linked for a visitor without script.
 */
export function headAddition(policy: string, style: RouteStyle, stylesheetHref: string): string {
  return (
    // The policy first: a <meta> policy governs only what the browser meets after it.
    `${POLICY_META} content="${escapeAttribute(policy)}"/>` +
    `<style data-stylesheet="${escapeAttribute(style.restHref)}">${style.css}</style>` +
    `<noscript><link rel="stylesheet" href="${escapeAttribute(stylesheetHref)}"/></noscript>`
  );
}

/** The page with its content policy and inline styles at the top of its head (headAddition). */
export function finishPage(html: string, policy: string, style: RouteStyle, stylesheetHref: string): string {
  return withHeadAddition(html, headAddition(policy, style, stylesheetHref));
}

/** A page as rendered, with `addition` (a headAddition) at the top of its head. */
export function withHeadAddition(html: string, addition: string): string {
  const [before, after] = aroundHeadAddition(html);
  return before + addition + after;
}

/** A page as rendered (or its part that holds the head's start), cut where withHeadAddition puts its addition. */
export function aroundHeadAddition(html: string): [before: string, after: string] {
  const end = headEnd(html);
  return [html.slice(0, end), html.slice(end)];
}

/** In a page of an earlier build, where what finishPage added at `end` (headEnd) ends. */
function endOfFinish(html: Buffer, end: number): number {
  // The policy and the address are escaped attributes, and the styles hold no `</style` (routeStyles).
  const styleEnd = html.indexOf('</style>', end);
  const added = html.indexOf('</noscript>', styleEnd);
  if (html.indexOf(POLICY_META, end) !== end || styleEnd === -1 || added === -1)
    throw new Error('A page of an earlier build does not start its head as finishPage wrote it.');
  return added + '</noscript>'.length;
}

/**
 * A page to finish: `finished` when it holds a finish already (an earlier build's, in a hard link
 * to its file, or one written with styles its route no longer has).
 */
export interface PageToFinish extends WrittenPage {
  finished?: boolean;
}

/**
 * Writes every page under `dir` again with its route's addition (headAddition: its inline styles
 * and content policy). A page finished already has that finish replaced, in a new file renamed
 * over the old: the old one may be a hard link into an earlier build, which must not change.
 *
 * Bytes, not text, and synchronous: it runs in a build with nothing else to do meanwhile, at
 * times on every page of a route (the 5,000 tenant pages of a 10,000-record site), and a page's
 * bytes need no decoding to have its styles put in at a place found by its bytes.
 */
export function finishPages(
  dir: string,
  pages: readonly PageToFinish[],
  additions: ReadonlyMap<string, string>,
): void {
  const bytes = new Map<string, Buffer>();
  const additionFor = (routeId: string) => {
    const made = bytes.get(routeId);
    if (made !== undefined) return made;
    const addition = additions.get(routeId);
    if (addition === undefined) throw new Error(`Route "${routeId}" has no inline styles.`);
    const buffer = Buffer.from(addition);
    bytes.set(routeId, buffer);
    return buffer;
  };
  for (const { routeId, file, finished } of pages) {
    const addition = additionFor(routeId);
    const target = join(dir, file);
    const html = readFileSync(target);
    const end = headEnd(html);
    const page = Buffer.concat([
      html.subarray(0, end),
      addition,
      html.subarray(finished ? endOfFinish(html, end) : end),
    ]);
    if (!finished) writeFileSync(target, page);
    else {
      writeFileSync(`${target}.tmp`, page);
      renameSync(`${target}.tmp`, target);
    }
  }
}
