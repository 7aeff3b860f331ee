import { createContext } from 'react';

/** The strings a <Templated> part is rendered from, by name. */
export type TemplateValues = Readonly<Record<string, string>>;

/**
 * How the pre-render has a <Templated> part written (src/app/page-templates.ts): from these
 * values, from stand-ins it learns the part's HTML by, or as an empty slot it fills with that HTML
 * and the values. None in the browser, nor in a render whose every part React writes itself.
 */
export interface TemplateRun {
  /** The values to render the part `name` from, or null to write the slot in its place. */
  valuesFor(name: string, values: TemplateValues): TemplateValues | null;
}

export const TemplateContext = createContext<TemplateRun | null>(null);
