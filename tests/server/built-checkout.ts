/**
 * A built checkout for each publishing test file (publish-checkout.ts has the pieces). The run
 * builds it once, in the folder of checkout-templates.ts, and each file gets a copy: a full build
 * takes half a minute of both cores, and four files each building their own took minutes of CI's
 * forty. Vitest's alone: it reads that folder from the run.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { inject } from 'vitest';
import { commitSheets, copyCode, fullBuild, VALID_SHEETS } from './publish-checkout';

/** A new checkout of the site with `sheets` committed and built by `npm run build`. */
export async function builtCheckout(sheets = VALID_SHEETS): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'publish-checkout-'));
  // The node_modules link is copied as the link it is, to this checkout's.
  await cp(await builtTemplate(sheets), dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/**
 * The run's built checkout with `sheets`, made by whichever file asks first while the others wait.
 * It is built in a folder whose name marks it taken, then renamed, so no file copies half a build;
 * if the build fails, the folder is let go and the next file to ask builds it anew.
 */
async function builtTemplate(sheets: string): Promise<string> {
  const name = createHash('sha256').update(sheets).digest('hex').slice(0, 16);
  const built = join(inject('checkoutTemplates'), name);
  const building = `${built}.building`;
  while (!existsSync(built)) {
    const taken = await mkdir(building).then(
      () => true,
      () => false,
    );
    if (!taken) {
      await setTimeout(250);
      continue;
    }
    try {
      await copyCode(building);
      await commitSheets(building, sheets, 'The site with the fixture sheets');
      await fullBuild(building);
      await rename(building, built);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      throw error;
    }
  }
  return built;
}
