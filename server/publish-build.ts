/**
 * One content build, in a process of its own (server/publish/content-build.ts
 * says what it does). The publisher starts it:
 *
 *   NODE_ENV=production tsx server/publish-build.ts OPTIONS.json
 *
 * Prints the result as one JSON line. A sheet or picture the build refuses
 * exits 1 with the reason on stderr; anything else exits 2.
 */
import { BuildFailure, runContentBuild } from './publish/content-build';

// Started by the publisher with an IPC channel: when the service dies, so does its build.
process.on('disconnect', () => process.exit(3));

const optionsFile = process.argv[2];
if (optionsFile === undefined) {
  console.error('Usage: tsx server/publish-build.ts OPTIONS.json');
  process.exit(2);
}
try {
  console.log(JSON.stringify(await runContentBuild(optionsFile)));
  // The IPC channel would keep this process alive; pipes to the parent write synchronously on Linux.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof BuildFailure ? 1 : 2);
}
