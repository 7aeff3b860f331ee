/**
 * A global setup of Vitest: a folder where the publishing tests' first `builtCheckout()` builds
 * the fixture site once, for every test file to copy (tests/server/publish-checkout.ts). A build
 * takes a minute on a quiet machine and two on CI's two busy cores; four files each built their
 * own. Nothing is built here: a run that has no publishing test builds nothing. Both the folder
 * and the checkout beside it are removed when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKOUT_TEMPLATE } from './server/publish-checkout';

export default async function makeCheckoutTemplateFolder(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'publish-checkout-template-'));
  process.env[CHECKOUT_TEMPLATE] = folder;
  return async () => {
    await rm(`${folder}-checkout`, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  };
}
