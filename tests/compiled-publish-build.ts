/**
 * A global setup of Vitest: the publisher's build process compiled (compile-prerender.ts) before
 * the tests run, as `npm run build` leaves it, so that the publishing tests run the process a
 * built service runs. A copy compiled from the sources as they read now is left as it is.
 */
import { compilePublishBuild } from '../pipeline/compile-prerender';
import { PROJECT_ROOT } from '../pipeline/project-root';

export default async function compilePublishBuildProcess(): Promise<void> {
  await compilePublishBuild(PROJECT_ROOT);
}
