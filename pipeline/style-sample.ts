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

/** A child as read: its shape, and what is written back of it (an element's kept children between its tags). */
interface Child {
  shape: string;
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
  private times: Map<string, number> | undefined;
  private pairs: Set<string> | undefined;
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
    this.times ??= new Map([[previous.shape, 1]]);
    this.pairs ??= new Set();
    const times = this.times.get(child.shape) ?? 0;
    this.times.set(child.shape, times + 1);
    let keep = times < ALIKE;
    const pair = `${previous.shape} ${child.shape}`;
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

/**
 * The body of the page `html` thinned for Beasties, and its skeleton. `attributes` are those the
 * stylesheet selects by, each with whether it compares their values (selectedAttributes).
 */
export function styleSample(html: string, attributes: ReadonlyMap<string, boolean>): StyleSample {
  const start = html.indexOf('<body');
  const end = html.lastIndexOf('</body>');
  const inner = html.slice(html.indexOf('>', start) + 1, end === -1 ? undefined : end);
  const digests = new Map<string, string>();
  const digest = (shape: string) => {
    let known = digests.get(shape);
    if (known === undefined) {
      known = createHash('sha1').update(shape).digest('base64');
      digests.set(shape, known);
    }
    return known;
  };
  const ownShape = (name: string, attribs: Record<string, string>) => {
    let shape = `<${name}`;
    for (const [attribute, value] of Object.entries(attribs).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (attribute === 'class') shape += ` .${value.trim().split(/\s+/).sort().join('.')}`;
      else {
        const byValue = attributes.get(attribute);
        if (byValue !== undefined) shape += byValue ? ` [${attribute}=${value}]` : ` [${attribute}]`;
      }
    }
    return shape;
  };
  const root = new Open('', '');
  const stack = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        stack.push(new Open(inner.slice(parser.startIndex, parser.endIndex + 1), ownShape(name, attribs)));
      },
      onclosetag(_name, isImplied) {
        const element = stack.pop();
        if (element === undefined || element === root) return;
        const children = element.close();
        // An implied end (a void element, `<path/>`) has no closing tag to copy.
        const closing = isImplied ? '' : inner.slice(parser.startIndex, parser.endIndex + 1);
        top().add({
          shape: digest(`${element.ownShape}>${children.map((child) => child.shape).join(',')}`),
          opening: element.opening,
          children,
          closing,
        });
      },
      ontext(text) {
        // Words are read by no selector: a text stands for what it is, not what it says.
        if (text.trim() !== '') top().add({ shape: '#text', opening: text, children: [], closing: '' });
      },
    },
    // Entities stay as written: nothing here reads words, and the markup goes back out unchanged.
    { decodeEntities: false, recognizeSelfClosing: true },
  );
  parser.end(inner);
  const children = root.close();
  return {
    body: written(children),
    skeleton: createHash('sha256')
      .update(children.map((child) => child.shape).join(','))
      .digest('base64'),
  };
}
