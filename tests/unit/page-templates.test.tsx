/**
 * A <Templated> part's HTML is learnt once per build and filled with each page's strings
 * (src/app/page-templates.ts): every page must still be, to the byte, what React writes, whatever
 * the strings hold, and a part that writes more than its values must fail the build, not ship.
 */
import type { ReactElement } from 'react';
import { createContext, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageTemplates } from '../../src/app/page-templates';
import { TemplateContext } from '../../src/app/template-context';
import { Templated } from '../../src/components/ui/Templated';

interface CardValues {
  name: string;
  href: string;
  [key: string]: string;
}

/** A part as a page has one: its values in text, in attributes, in an address and a form field. */
function Card({ name, href }: CardValues) {
  return (
    <section aria-label={`About ${name}`} id="card">
      <h2>{name}</h2>
      <p>
        <a href={href}>Chat about {name} on WhatsApp</a>
      </p>
      <input type="hidden" name="project" value={name} />
    </section>
  );
}

/** A page around the part, with text of its own on either side. */
function page(values: CardValues, part: (values: CardValues) => ReactElement = Card): ReactElement {
  return (
    <main>
      <h1>Tenant {values.name}</h1>
      <Templated name="card" values={values}>
        {part}
      </Templated>
      <p>Last line</p>
    </main>
  );
}

/** The page as the pre-render writes it (entry-server's renderDocumentParts): slotted under a run, or whole. */
function rendered(templates: PageTemplates, element: ReactElement, path = '/tenant/') {
  return templates.render(
    (run) =>
      renderToString(run === null ? element : <TemplateContext value={run}>{element}</TemplateContext>),
    path,
  );
}

const values = (name: string, href = `https://wa.me/911234567890?text=${encodeURIComponent(name)}`) => ({
  name,
  href,
});

describe('PageTemplates', () => {
  it('writes every page as React writes it, the part rendered by React a few times in 300 pages', () => {
    const templates = new PageTemplates();
    let renders = 0;
    const counted = (shown: CardValues) => {
      renders += 1;
      return <Card {...shown} />;
    };
    const names = [
      'Apollo Pharmacy',
      `Tom & Jerry's "Café" <b>bold</b>`,
      '₹ 5 Cr — सेक्टर 54',
      '  spaced  ',
      'x'.repeat(300),
      ...Array.from({ length: 295 }, (_, at) => `Tenant ${at}`),
    ];
    for (const name of names) {
      expect(rendered(templates, page(values(name), counted)), name).toBe(renderToString(page(values(name))));
    }
    // Learnt from the first page (its own render, then stand-ins and React's whole to check), checked on the second and the 258th.
    expect(renders).toBe(5);
    expect(templates.pagesFilled).toBe(299);
  });

  it('leaves to React the values it would write otherwise: an empty string, a script address', () => {
    const templates = new PageTemplates();
    for (const shown of [
      values('Apollo'),
      values(''),
      values('Apollo', ' JavaScript:alert(1)'),
      values('Apollo', 'java'),
      values('Bata'),
    ]) {
      const element = page(shown);
      expect(rendered(templates, element), JSON.stringify(shown)).toBe(renderToString(element));
    }
    expect(templates.pagesFilled).toBe(1);
  });

  it.each([
    ['encodes', (shown: CardValues) => <Card {...shown} href={`/to/${encodeURIComponent(shown.name)}`} />],
    ['recases', (shown: CardValues) => <Card {...shown} name={shown.name.toUpperCase()} />],
  ])('fails the build for a part that %s a value before writing it', (_, part) => {
    expect(() => rendered(new PageTemplates(), page(values('Apollo'), part))).toThrowErrorMatchingSnapshot();
  });

  it('fails the build for a part whose HTML turns on a value, as the page it learns from shows', () => {
    const short = (shown: CardValues) => (shown.name.length < 10 ? <b>{shown.name}</b> : <i>{shown.name}</i>);
    expect(() => rendered(new PageTemplates(), page(values('Apollo'), short))).toThrowErrorMatchingSnapshot();
  });

  it('fails the build for a part that reads more of the page than its values, on the first page filled', () => {
    const Path = createContext('/');
    function Linked(shown: CardValues) {
      return <a href={`${useContext(Path)}#enquire`}>{shown.name}</a>;
    }
    const templates = new PageTemplates();
    const at = (path: string, name: string) => (
      <Path value={path}>
        {page(values(name), (shown) => (
          <Linked {...shown} />
        ))}
      </Path>
    );
    expect(rendered(templates, at('/a/', 'Apollo'), '/a/')).toBe(renderToString(at('/a/', 'Apollo')));
    expect(() => rendered(templates, at('/b/', 'Bata'), '/b/')).toThrowErrorMatchingSnapshot();
  });

  it('fails the build for two parts of one name on a page', () => {
    const twice = (
      <main>
        {[values('Apollo'), values('Bata')].map((shown) => (
          <Templated key={shown.name} name="card" values={shown}>
            {(filled) => <Card {...filled} />}
          </Templated>
        ))}
      </main>
    );
    expect(() => rendered(new PageTemplates(), twice)).toThrowErrorMatchingSnapshot();
  });
});
