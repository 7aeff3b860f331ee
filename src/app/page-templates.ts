import { escapeHtml } from './html-escape';
import type { TemplateRun, TemplateValues } from './template-context';

/** What <Templated> writes for its slot. */
const PAGE_SLOT = '<template data-page-slot=""></template>';

/**
 * One page in so many whose parts are filled from templates is also rendered by React whole and
 * compared, the first among them: a part that came to depend on more than its values fails the
 * build on a large site, not only in the tests. It costs a render in 256.
 */
const CHECK_EVERY = 256;

/** A part's HTML, learnt: `texts` around its gaps, `keys[i]` naming the value between `texts[i]` and `texts[i + 1]`. */
interface PartTemplate {
  texts: readonly string[];
  keys: readonly string[];
}

/**
 * The stand-in for the value at `index`. Its marker (`tq{index}xk7`) comes through any change of
 * case or encoding: left in the learnt HTML, other than where the stand-in stands as React
 * escapes it, it shows the part changes its value before it writes it. Its other characters each
 * come out otherwise when escaped, encoded for a URL or as JSON.
 */
const standIn = (index: number) => `Tq${index}Xk7 &"'<>/?#%+=`;
const marker = (index: number) => `tq${index}xk7`;

/**
 * Values a template writes as React does. React writes an empty string as nothing, which changes
 * the text separators around it, and puts a script-blocking address in place of a `javascript:`
 * one: such values, rare as they are, are left to React.
 */
function fits(template: PartTemplate, values: TemplateValues): boolean {
  return template.keys.every((key) => {
    const value = values[key];
    if (value === undefined) return false;
    const letters = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
    return letters !== '' && !letters.startsWith('javascript:') && !'javascript:'.startsWith(letters);
  });
}

function fill({ texts, keys }: PartTemplate, values: TemplateValues): string {
  let html = texts[0] ?? '';
  keys.forEach((key, at) => {
    html += escapeHtml(values[key] ?? '') + (texts[at + 1] ?? '');
  });
  return html;
}

/** The part's HTML written from stand-ins, made a template; throws when the part changed a value before writing it. */
function templateOf(name: string, html: string, keys: readonly string[]): PartTemplate {
  const byStandIn = new Map(keys.map((key, at) => [escapeHtml(standIn(at)), key]));
  if (byStandIn.size === 0) return { texts: [html], keys: [] };
  const pattern = new RegExp(
    [...byStandIn.keys()].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  const texts: string[] = [];
  const used: string[] = [];
  let from = 0;
  for (const found of html.matchAll(pattern)) {
    texts.push(html.slice(from, found.index));
    used.push(byStandIn.get(found[0]) ?? '');
    from = found.index + found[0].length;
  }
  texts.push(html.slice(from));
  const lower = texts.join('').toLowerCase();
  const changed = keys.filter((_, at) => lower.includes(marker(at)));
  if (changed.length > 0)
    throw new Error(
      `<Templated name="${name}"> writes ${changed.map((key) => `"${key}"`).join(', ')} other than as given (encoded, cut or recased): pass the value it writes.`,
    );
  return { texts, keys: used };
}

/** A run that renders every part from its values but `name`, which it writes from stand-ins or as a slot. */
function learningRun(name: string, as: 'stand-ins' | 'slot'): TemplateRun {
  return {
    valuesFor: (part, values) => {
      if (part !== name) return values;
      if (as === 'slot') return null;
      return Object.fromEntries(Object.keys(values).map((key, at) => [key, standIn(at)]));
    },
  };
}

const oneOfAName = (path: string, name: string) =>
  `${path} holds more than one <Templated name="${name}"> part: a name is for one part of a page, whose HTML is the same on every page.`;

/** Renders a page's document, with a run or, given null, with every part written by React; null when it suspends. */
export type TemplatedRender = (run: TemplateRun | null) => string | null;

/**
 * The <Templated> parts' HTML of one build, learnt once each from the first page that has the
 * part, and every later page's parts filled from it. Each is checked to be what React writes when
 * learnt and on one page in CHECK_EVERY after; a part whose HTML changed with more than its
 * values fails the build where it parts from React, as a frame does (frame-html.ts).
 */
export class PageTemplates {
  private readonly learnt = new Map<string, PartTemplate>();
  private filledPages = 0;

  /** How many pages had parts filled from templates: the tests hold the tenant pages to it. */
  get pagesFilled(): number {
    return this.filledPages;
  }

  /** The page's HTML with its parts filled in, or null when it suspends. */
  render(render: TemplatedRender, path: string): string | null {
    const unlearnt = new Map<string, TemplateValues>();
    const parts: string[] = [];
    const seen = new Set<string>();
    let twice: string | null = null;
    const html = render({
      valuesFor: (name, values) => {
        // Thrown here, it would be React's to catch: the page is refused after its render.
        if (seen.has(name)) twice = name;
        seen.add(name);
        const template = this.learnt.get(name);
        if (template === undefined) unlearnt.set(name, values);
        if (template === undefined || !fits(template, values)) return values;
        parts.push(fill(template, values));
        return null;
      },
    });
    if (html === null) return null;
    if (twice !== null) throw new Error(oneOfAName(path, twice));
    for (const [name, values] of unlearnt) this.learn(name, values, render, path);
    if (parts.length === 0) return html;
    const around = html.split(PAGE_SLOT);
    if (around.length !== parts.length + 1)
      throw new Error(
        `${path} holds ${around.length - 1} template slots for ${parts.length} parts: did a page write one?`,
      );
    const filled = around.reduce((page, text, at) => page + (parts[at - 1] ?? '') + text);
    if (this.filledPages++ % CHECK_EVERY === 0 && render(null) !== filled)
      throw new Error(
        `A <Templated> part of ${path} came out other than React writes it: its HTML depends on more than its values.`,
      );
    return filled;
  }

  private learn(name: string, values: TemplateValues, render: TemplatedRender, path: string): void {
    const slotted = render(learningRun(name, 'slot'));
    const written = render(learningRun(name, 'stand-ins'));
    const whole = render(null);
    if (slotted === null || written === null || whole === null) return;
    const around = slotted.split(PAGE_SLOT);
    const [before = '', after = ''] = around;
    if (around.length !== 2) throw new Error(oneOfAName(path, name));
    if (
      !written.startsWith(before) ||
      !written.endsWith(after) ||
      written.length < before.length + after.length
    )
      throw new Error(
        `${path} is written otherwise around <Templated name="${name}"> when the part has other values.`,
      );
    const template = templateOf(
      name,
      written.slice(before.length, written.length - after.length),
      Object.keys(values),
    );
    if (!fits(template, values)) return;
    if (before + fill(template, values) + after !== whole)
      throw new Error(
        `<Templated name="${name}"> on ${path} came out other than React writes it: its HTML depends on more than its values.`,
      );
    this.learnt.set(name, template);
  }
}
