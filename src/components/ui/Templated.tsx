import type { ReactNode } from 'react';
import { useContext } from 'react';
import type { TemplateValues } from '../../app/template-context';
import { TemplateContext } from '../../app/template-context';

export interface TemplatedProps<Values extends TemplateValues> {
  /** Names the part among the build's templates: one part of that name at most on a page. */
  name: string;
  /** Everything of the page the part shows: its HTML must follow from these alone. */
  values: Values;
  children: (values: Values) => ReactNode;
}

/**
 * A part of a page that is the same on thousands of pages but for a few strings, such as a tenant
 * page's enquiry form: the pre-render writes its HTML once per build and puts each page's strings
 * in (src/app/page-templates.ts), and checks the result against React's own. In the browser, and
 * wherever the pre-render asks, it is `children(values)`.
 */
export function Templated<Values extends TemplateValues>({ name, values, children }: TemplatedProps<Values>) {
  const run = useContext(TemplateContext);
  // Stand-ins are strings under the same keys: the part renders them as it renders values.
  const shown = run === null ? values : (run.valuesFor(name, values) as Values | null);
  return shown === null ? <template data-page-slot="" /> : children(shown);
}
