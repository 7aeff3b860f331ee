/**
 * A page's body as the stylesheet sees it, its repeated parts read a few times rather than a
 * thousand: what Beasties needs to tell which rules a route uses (critical-css.ts).
 *
 * A listing of 5,000 tenants is 5,000 cards built alike; the rules that match one card match
 * them all, so Beasties reading every card spends minutes on an answer three cards give. Among
 * an element's children, a child is kept while fewer than three of its shape (its tag, classes,
 * the attributes the stylesheet selects by, and the same of its descendants, text as text)
 * came before it, when it forms a pair of neighbours' shapes not met before (so `a + b` and
 * `:has(+ .b)` still find their pair), and when it is the first or the last (`:first-child`,
 * `:last-child`). `:nth-child(odd)` and `(2n)` still find a match among three alike.
 *
 * The shape of the whole body (its skeleton) is what an earlier cut of the route is keyed by: a
 * change of words, or a listing grown by one card, keeps the route's styles without a new cut.
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/** How many children of one shape an element keeps. */
const ALIKE = 3;

/** The body, its repeated parts thinned, and a digest of its skeleton. */
export interface StyleSample {
  /** The body's inner markup, as Beasties is to read it. */
  body: string;
  /** Equal for bodies of the same skeleton, whatever their words and however many repeats. */
  skeleton: string;
}

/**
 * A shape as the skeleton writes it (a digest of an element's, `#text` for a text), and a number
 * for it alone in the reading: a listing's 100,000 children are counted and paired by number.
 */
interface Shape {
  written: string;
  id: number;
}

const TEXT: Shape = { written: '#text', id: 0 };

/** Pairs of neighbours' shapes, as one number: ids stay far below this. */
const PAIR = 2 ** 26;

/** A child as read: its shape, and what is written back of it (an element's kept children between its tags). */
interface Child {
  shape: Shape;
  /** An element's opening tag, or a text. */
  opening: string;
  children: readonly Child[];
  closing: string;
}

/**
 * An element being read: its opening tag, and the children kept so far. Which children stay is
 * decided as each one ends: the last one dropped is held, since the next one may form a new pair
 * with it, or be none (then it is the last child).
 */
class Open {
  readonly kept: Child[] = [];
  // Most elements have one child or none: their counts are made only once a second child comes.
  private times: Map<number, number> | undefined;
  private pairs: Set<number> | undefined;
  private previous: Child | undefined;
  private previousKept = false;

  constructor(
    readonly opening: string,
    readonly ownShape: string,
  ) {}

  add(child: Child): void {
    const previous = this.previous;
    this.previous = child;
    if (previous === undefined) {
      this.kept.push(child);
      this.previousKept = true;
      return;
    }
    this.times ??= new Map([[previous.shape.id, 1]]);
    this.pairs ??= new Set();
    const times = this.times.get(child.shape.id) ?? 0;
    this.times.set(child.shape.id, times + 1);
    let keep = times < ALIKE;
    const pair = previous.shape.id * PAIR + child.shape.id;
    if (!this.pairs.has(pair)) {
      this.pairs.add(pair);
      if (!this.previousKept) this.kept.push(previous);
      keep = true;
    }
    if (keep) this.kept.push(child);
    this.previousKept = keep;
  }

  /** The children kept, the last one included. */
  close(): Child[] {
    if (this.previous !== undefined && !this.previousKept) this.kept.push(this.previous);
    return this.kept;
  }
}

/**
 * How long a run of children alike the shape of their parent and the skeleton tell apart. A run
 * of two or more has a child at an odd and at an even place, a last child of its shape and
 * neighbours alike, however long it is: the positional rules the stylesheet has (`:first-child`,
 * `:last-child`, `:nth-child(odd)` and `(2n)`, `+`, `~`; tests/pipeline/style-sample.test.ts holds
 * it to those) match the same in each. Told apart, a filter of two options and one of three had
 * different skeletons, and a new option cut the route's styles again on every publish that made one.
 */
const RUN = 2;

/** The shapes of kept children, as their parent's shape and the skeleton hold them: runs cut to RUN. */
function shapesOf(children: readonly Child[]): string {
  let shapes = '';
  let run = 0;
  let previous = -1;
  for (const { shape } of children) {
    run = shape.id === previous ? run + 1 : 1;
    previous = shape.id;
    if (run <= RUN) shapes = shapes === '' ? shape.written : `${shapes},${shape.written}`;
  }
  return shapes;
}

/** The markup of `children` and everything kept inside them, as one string. */
function written(children: readonly Child[]): string {
  const parts: string[] = [];
  const write = (child: Child) => {
    parts.push(child.opening);
    child.children.forEach(write);
    parts.push(child.closing);
  };
  children.forEach(write);
  return parts.join('');
}

/** An element's attributes as a parser reads them: names lower-cased, the first of a name kept. */
type Attributes = Iterable<readonly [string, string]>;

/** The sample of a body, built from its elements and texts in the order a parser meets them. */
class Sampler {
  private readonly shapes = new Map<string, Shape>();
  /** A class attribute's classes, sorted: a listing repeats a few hundred values. */
  private readonly classes = new Map<string, string>();
  private readonly root = new Open('', '');
  private readonly stack = [this.root];

  constructor(private readonly attributes: ReadonlyMap<string, boolean>) {}

  private top(): Open {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  private shape(written: string): Shape {
    let known = this.shapes.get(written);
    if (known === undefined) {
      known = { written: createHash('sha1').update(written).digest('base64'), id: this.shapes.size + 1 };
      this.shapes.set(written, known);
    }
    return known;
  }

  /** Whether the shape of an element holds the attribute (its class, or one the stylesheet selects by). */
  holds(attribute: string): boolean {
    return attribute === 'class' || this.attributes.has(attribute);
  }

  /** Opens an element; of its attributes, those the shape holds are enough. */
  open(name: string, attribs: Attributes, opening: string): void {
    // Sorted after the others are left out: the order is the same, and most elements have one or none.
    const shaped: (readonly [string, string])[] = [];
    for (const pair of attribs) if (this.holds(pair[0])) shaped.push(pair);
    if (shaped.length > 1) shaped.sort(([a], [b]) => (a < b ? -1 : 1));
    let shape = `<${name}`;
    for (const [attribute, value] of shaped) {
      if (attribute === 'class') {
        let classes = this.classes.get(value);
        if (classes === undefined) {
          classes = value.trim().split(/\s+/).sort().join('.');
          this.classes.set(value, classes);
        }
        shape += ` .${classes}`;
      } else
        shape += this.attributes.get(attribute) === true ? ` [${attribute}=${value}]` : ` [${attribute}]`;
    }
    this.stack.push(new Open(opening, shape));
  }

  /** Ends the element opened last; `closing` is its end tag as written, empty when implied. */
  close(closing: string): void {
    const element = this.stack.pop();
    if (element === undefined || element === this.root) return;
    const children = element.close();
    this.top().add({
      shape: this.shape(`${element.ownShape}>${shapesOf(children)}`),
      opening: element.opening,
      children,
      closing,
    });
  }

  text(text: string): void {
    // Words are read by no selector: a text stands for what it is, not what it says.
    if (text.trim() !== '') this.top().add({ shape: TEXT, opening: text, children: [], closing: '' });
  }

  sample(): StyleSample {
    const children = this.root.close();
    return {
      body: written(children),
      skeleton: createHash('sha256').update(shapesOf(children)).digest('base64'),
    };
  }
}

/** The body's inner markup: what follows `<body …>`, up to `</body>`. */
function bodyOf(html: string): string {
  const start = html.indexOf('<body');
  const end = html.lastIndexOf('</body>');
  return html.slice(html.indexOf('>', start) + 1, end === -1 ? undefined : end);
}

/** The sample as htmlparser2 reads the body: the reference the fast reading (scannedSample) must equal. */
export function parsedStyleSample(html: string, attributes: ReadonlyMap<string, boolean>): StyleSample {
  const inner = bodyOf(html);
  const sampler = new Sampler(attributes);
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        sampler.open(name, Object.entries(attribs), inner.slice(parser.startIndex, parser.endIndex + 1));
      },
      onclosetag(_name, isImplied) {
        // An implied end (a void element, `<path/>`) has no closing tag to copy.
        sampler.close(isImplied ? '' : inner.slice(parser.startIndex, parser.endIndex + 1));
      },
      ontext(text) {
        sampler.text(text);
      },
    },
    // Entities stay as written: nothing here reads words, and the markup goes back out unchanged.
    PARSER_OPTIONS,
  );
  parser.end(inner);
  return sampler.sample();
}

const PARSER_OPTIONS = { decodeEntities: false, recognizeSelfClosing: true } as const;

/** What htmlparser2 does with an element opened as the child of another. */
interface TagRule {
  /**
   * It reads it as a plain element: by the name as written (not `image` as `img`), without
   * ending its parent (a `<p>` in a `<p>`, a `<li>` in a `<li>`), and ended by its end tag.
   */
  plain: boolean;
  /** It has no content and no end tag (`<img>`, `<br>`). */
  isVoid: boolean;
  /** Its content is text up to its end tag, tags included (`<textarea>`, `<script>`). */
  isRaw: boolean;
}

/** Rules by parent, then by name. */
const rules = new Map<string, Map<string, TagRule>>();

/**
 * htmlparser2's rule for `name` opened in `parent` (empty: at the top), learnt from htmlparser2
 * itself reading a few tags, once for each pair a body has: the scanner follows the parser
 * without a copy of its tables.
 */
function ruleFor(parent: string, name: string): TagRule {
  let ofParent = rules.get(parent);
  if (ofParent === undefined) {
    ofParent = new Map();
    rules.set(parent, ofParent);
  }
  let rule = ofParent.get(name);
  if (rule !== undefined) return rule;
  const [inner, after] = ['x-probe-inner', 'x-probe-after'];
  const events: string[] = [];
  new Parser(
    {
      onopentag: (tag) => events.push(`<${tag}`),
      onclosetag: (tag, isImplied) => events.push(`${isImplied ? '~' : '/'}${tag}`),
    },
    PARSER_OPTIONS,
  ).end(`${parent === '' ? '' : `<${parent}>`}<${name}><${inner}></${inner}></${name}><${after}></${after}>`);
  // Right after its parent's opening: the parent did not end.
  const own = parent === '' ? 0 : 1;
  const next = events.slice(own + 1, own + 4);
  const isVoid = next[0] === `~${name}`;
  const isRaw = next[0] === `/${name}`;
  rule = {
    plain:
      events[own] === `<${name}` &&
      name !== inner &&
      name !== after &&
      (isVoid || isRaw || next.join(' ') === `<${inner} /${inner} /${name}`) &&
      // The parser reads on as before once the element ended (it is not `<plaintext>`).
      events.includes(`<${after}`),
    isVoid,
    isRaw,
  };
  ofParent.set(name, rule);
  return rule;
}

/** Elements of an inline drawing the fast reading takes: names htmlparser2 keeps as written, none of them special. */
const SVG_ELEMENTS = new Set([
  'circle',
  'defs',
  'ellipse',
  'g',
  'line',
  'path',
  'polygon',
  'polyline',
  'rect',
  'stop',
  'symbol',
  'use',
]);

const GT = 62;
const SLASH = 47;
const EQUALS = 61;
const QUOTE = 34;
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
const TAG_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * The sample read by a scanner that jumps from `<` to `>`, for the markup React writes; null when
 * the body holds anything it does not follow exactly as htmlparser2 does (an end implied by
 * another tag, a tag closed out of order, a raw text holding `<`, single-quoted or unquoted
 * values, math, …): the caller then has htmlparser2 read it.
 */
function scannedSample(html: string, attributes: ReadonlyMap<string, boolean>): StyleSample | null {
  const inner = bodyOf(html);
  const sampler = new Sampler(attributes);
  /** The open elements' names, innermost last. */
  const open: string[] = [];
  let inSvg = 0;
  let forms = 0;
  let raw = false;
  let at = 0;
  for (;;) {
    const lt = inner.indexOf('<', at);
    const textEnd = lt === -1 ? inner.length : lt;
    if (textEnd > at) sampler.text(inner.slice(at, textEnd));
    if (lt === -1) break;
    const next = inner.charCodeAt(lt + 1);
    if (next === SLASH) {
      const gt = inner.indexOf('>', lt);
      const name = inner.slice(lt + 2, gt);
      if (gt === -1 || name !== open[open.length - 1]) return null;
      open.pop();
      if (name === 'svg') inSvg -= 1;
      if (name === 'form') forms -= 1;
      raw = false;
      sampler.close(inner.slice(lt, gt + 1));
      at = gt + 1;
      continue;
    }
    if (raw) return null;
    if (inner.startsWith('<!--', lt)) {
      const end = inner.indexOf('-->', lt + 4);
      // `<!-->`, `<!--->` and `--!>` end a comment early.
      if (
        end === -1 ||
        /^->?|^>/.test(inner.slice(lt + 4, lt + 6)) ||
        inner.slice(lt + 4, end).includes('--!')
      )
        return null;
      at = end + 3;
      continue;
    }
    let i = lt + 1;
    while (
      i < inner.length &&
      !isSpace(inner.charCodeAt(i)) &&
      inner.charCodeAt(i) !== SLASH &&
      inner.charCodeAt(i) !== GT
    )
      i += 1;
    const name = inner.slice(lt + 1, i);
    if (!TAG_NAME.test(name)) return null;
    const parent = open[open.length - 1] ?? '';
    let rule: TagRule | undefined;
    if (inSvg > 0) {
      if (!SVG_ELEMENTS.has(name)) return null;
    } else {
      rule = ruleFor(parent, name);
      if (!rule.plain || name === 'math' || (name === 'form' && forms > 0)) return null;
    }
    const attribs: [string, string][] = [];
    let selfClosing = false;
    for (;;) {
      while (isSpace(inner.charCodeAt(i))) i += 1;
      const code = inner.charCodeAt(i);
      if (code === GT) break;
      if (code === SLASH) {
        if (inner.charCodeAt(i + 1) !== GT) return null;
        selfClosing = true;
        i += 1;
        break;
      }
      // A name cannot start with `=` here as it can in htmlparser2.
      if (Number.isNaN(code) || code === EQUALS) return null;
      const nameStart = i;
      while (i < inner.length) {
        const c = inner.charCodeAt(i);
        if (isSpace(c) || c === SLASH || c === GT || c === EQUALS) break;
        i += 1;
      }
      const attribute = inner.slice(nameStart, i).toLowerCase();
      if (attribute === '__proto__') return null;
      let valueStart = i;
      if (inner.charCodeAt(i) === EQUALS) {
        if (inner.charCodeAt(i + 1) !== QUOTE) return null;
        valueStart = i + 2;
        i = inner.indexOf('"', valueStart);
        if (i === -1) return null;
        i += 1;
      } else {
        // A space and then `=` gives the attribute a value after all.
        let j = i;
        while (isSpace(inner.charCodeAt(j))) j += 1;
        if (inner.charCodeAt(j) === EQUALS) return null;
      }
      // The first of a name counts, as in htmlparser2; only those of the shape are needed.
      if (sampler.holds(attribute) && !attribs.some(([known]) => known === attribute))
        attribs.push([attribute, inner.slice(valueStart, Math.max(valueStart, i - 1))]);
    }
    sampler.open(name, attribs, inner.slice(lt, i + 1));
    at = i + 1;
    if (selfClosing || rule?.isVoid === true) {
      sampler.close('');
      continue;
    }
    open.push(name);
    if (name === 'svg') inSvg += 1;
    if (name === 'form') forms += 1;
    raw = rule?.isRaw === true;
  }
  return open.length === 0 ? sampler.sample() : null;
}

/**
 * The body of the page `html` thinned for Beasties, and its skeleton. `attributes` are those the
 * stylesheet selects by, each with whether it compares their values (selectedAttributes).
 *
 * Read by a scanner made for the markup React writes, which takes an 11 MB listing in a fraction
 * of htmlparser2's time; anything else is left to htmlparser2, whose reading it equals.
 */
export function styleSample(html: string, attributes: ReadonlyMap<string, boolean>): StyleSample {
  return scannedSample(html, attributes) ?? parsedStyleSample(html, attributes);
}
