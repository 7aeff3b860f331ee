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
 * How the stylesheet selects by attributes: each attribute it names, and whether it compares
 * its value (`[aria-current=page]`) or only asks for it (`[data-menu-open]`, `[open]`).
 */
export function selectedAttributes(stylesheet: string): ReadonlyMap<string, boolean> {
  const attributes = new Map<string, boolean>();
  postcss.parse(stylesheet).walkRules((rule) => {
    for (const [, name, operator] of rule.selector.matchAll(/\[\s*([\w-]+)\s*([~|^$*]?=)?/g))
      if (name !== undefined) attributes.set(name, (attributes.get(name) ?? false) || operator !== undefined);
    if (/#[a-z_-]/i.test(rule.selector.replace(/\[[^\]]*\]/g, ''))) attributes.set('id', true);
  });
  return attributes;
}

/** A page body's tags, classes and attributes, the last with or without a double-quoted value. */
const TOKENS = /<([a-z][a-z0-9-]*)|\sclass="([^"]*)"|\s([a-z][\w-]*)(?:="([^"]*)")?/g;

/**
 * What of a page's body the stylesheet's rules can depend on, as one string, equal for pages
 * styled alike: its tags, its classes, and the attributes the stylesheet selects by, with
 * their values only where it compares them. A value it never compares (a tenant's name in an
 * `aria-label`, an id React generates in `aria-labelledby`) would make every page of a route
 * a sample of its own, and Beasties read thousands of bodies as one document.
 */
export function styleSignature(html: string, attributes: ReadonlyMap<string, boolean>): string {
  const body = html.slice(html.indexOf('<body'));
  const tokens = new Set<string>();
  for (const [, tag, classes, attribute, value] of body.matchAll(TOKENS)) {
    if (tag !== undefined) tokens.add(`<${tag}`);
    else if (classes !== undefined) {
      for (const name of classes.split(/\s+/)) if (name) tokens.add(`.${name}`);
    } else if (attribute !== undefined) {
      const byValue = attributes.get(attribute);
      if (byValue !== undefined) tokens.add(byValue ? `[${attribute}=${value ?? ''}]` : `[${attribute}]`);
    }
  }
  return createHash('sha1')
    .update([...tokens].sort().join(' '))
    .digest('base64');
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
  /** The skeleton of a page of the route, when it is unchanged and was one of its earlier samples. */
  skeletonOf(routeId: string, file: string): string | undefined;
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
  const { localFaces } = splitFaces(stylesheet.css);
  const splitter = new Splitter();
  const styles = new Map<string, RouteStyle>();
  for (const [routeId, ofRoute] of samples) {
    const files = [...ofRoute.values()];
    let read: Promise<StyleSample[]> | undefined;
    const readSamples = () =>
      (read ??= Promise.all(
        files.map(async (file) => styleSample(await readFile(join(dir, file), 'utf8'), attributes)),
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

/**
 * The page with its content policy and inline styles at the top of its head, ahead of every
 * file it links: the rest of its styles named for the entry to load, and the whole stylesheet
 * (`stylesheetHref`, fonts included) linked for a visitor without script.
 */
export function finishPage(html: string, policy: string, style: RouteStyle, stylesheetHref: string): string {
  const at = html.indexOf(HEAD_START);
  if (at === -1 || html.indexOf(HEAD_START, at + 1) !== -1)
    throw new Error(`A pre-rendered page does not start its head with ${HEAD_START} exactly once.`);
  const end = at + HEAD_START.length;
  return (
    html.slice(0, end) +
    // The policy first: a <meta> policy governs only what the browser meets after it.
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"/>` +
    `<style data-stylesheet="${escapeAttribute(style.restHref)}">${style.css}</style>` +
    `<noscript><link rel="stylesheet" href="${escapeAttribute(stylesheetHref)}"/></noscript>` +
    html.slice(end)
  );
}

/** The page as the pre-render wrote it, before finishPage: what finishPage added taken out again. */
function unfinished(html: string): string {
  const end = html.indexOf(HEAD_START) + HEAD_START.length;
  // The policy and the address are escaped attributes, and the styles hold no `</style` (routeStyles).
  const styleEnd = html.indexOf('</style>', end);
  const added = html.indexOf('</noscript>', styleEnd);
  if (!html.startsWith('<meta http-equiv="Content-Security-Policy"', end) || styleEnd === -1 || added === -1)
    throw new Error('A page of an earlier build does not start its head as finishPage wrote it.');
  return html.slice(0, end) + html.slice(added + '</noscript>'.length);
}

/** Pages read or written at once: enough to keep the disk busy, few enough for memory. */
const AT_ONCE = 8;

/** A page to finish: `finished` when it holds an earlier build's finish (a hard link to its file). */
export interface PageToFinish extends WrittenPage {
  finished?: boolean;
}

/**
 * Rewrites every page under `dir` with its route's inline styles and content policy. A page
 * already finished for an earlier build has that finish replaced, in a new file renamed over
 * the old: the old one is a hard link into the earlier build, which must not change.
 */
export async function finishPages(
  dir: string,
  pages: readonly PageToFinish[],
  styles: ReadonlyMap<string, RouteStyle>,
  policyFor: (style: RouteStyle) => string,
  stylesheetHref: string,
): Promise<void> {
  const finishOne = async ({ routeId, file, finished }: PageToFinish) => {
    const style = styles.get(routeId);
    if (!style) throw new Error(`Route "${routeId}" has no inline styles.`);
    const target = join(dir, file);
    const html = await readFile(target, 'utf8');
    const page = finishPage(finished ? unfinished(html) : html, policyFor(style), style, stylesheetHref);
    if (!finished) return writeFile(target, page);
    await writeFile(`${target}.tmp`, page);
    await rename(`${target}.tmp`, target);
  };
  // Some at a time: one after another, each page waits out two round trips to the disk.
  for (let start = 0; start < pages.length; start += AT_ONCE)
    await Promise.all(pages.slice(start, start + AT_ONCE).map(finishOne));
}
