/**
 * Vitest's global setup: a folder for the run in which the publishing tests' built checkout is
 * made once (built-checkout.ts). It lives as long as the run, so no checkout is ever copied from a
 * build of another run's code.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of built checkouts, one for each set of fixture sheets. */
    checkoutTemplates: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'checkout-templates-'));
  project.provide('checkoutTemplates', folder);
  return () => rm(folder, { recursive: true, force: true });
}
