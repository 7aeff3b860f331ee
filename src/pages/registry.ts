import type { ComponentType } from 'react';
import type { PageProps } from '../routes/route';

type PageModule = Record<string, ComponentType<PageProps<never>> | undefined>;

/** Each page is its own chunk: a page loads only its own code. */
const modules = import.meta.glob<PageModule>('./*Page.tsx');

/** The page component a route names, e.g. "HomePage" from src/pages/HomePage.tsx. */
export async function loadPage(name: string): Promise<ComponentType<PageProps<never>>> {
  const load = modules[`./${name}.tsx`];
  const component = load ? (await load())[name] : undefined;
  if (!component) throw new Error(`src/pages/${name}.tsx must export a component named ${name}.`);
  return component;
}
