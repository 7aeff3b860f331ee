/**
 * The publisher's build process (server/publish/content-build.ts says what a
 * build does). The publisher starts it once with an IPC channel and sends it
 * one build at a time, so each publish skips loading the pipeline, sharp and
 * React again. Started with the argument `compress`, it writes the compressed
 * copies of each build once it is live instead, and loads only the
 * compressor: run-build.ts starts one of each. It leaves when the service
 * does: a killed service leaves no build writing behind it.
 *
 *   message in:  { id, optionsFile } (a build) | { id, spare: { from, to } } (queue.ts's spare)
 *                | { id, compress: { root, reuseFrom } }
 *   message out: { id, ok: true, result } | { id, ok: false, refused, message }
 *
 * `refused` means the sheets or pictures were refused (the message is for
 * staff); otherwise the build itself failed.
 */
import { compressSite } from '../pipeline/compress';
import type { BuildMessage, BuildRequest } from './publish/run-build';

if (process.send === undefined) {
  console.error('server/publish-build.ts is started by the publisher (server/publish/run-build.ts).');
  process.exit(2);
}
process.on('disconnect', () => process.exit(0));
// A message sent as the service goes: nobody is left to read it.
process.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'ERR_IPC_CHANNEL_CLOSED') process.exit(0);
  throw error;
});
// Loaded ahead of the first build, which then waits for nothing; a compressor has no use for it.
const builds = process.argv[2] === 'compress' ? null : await import('./publish/content-build');
builds?.warmHelper();
process.on('message', (message: BuildRequest) => {
  // The service may have gone while this build ran: then there is no one to answer.
  const reply = (answer: BuildMessage) => {
    if (process.connected) process.send?.(answer, undefined, undefined, () => undefined);
  };
  const work =
    'compress' in message
      ? compressSite(message.compress.root, message.compress.reuseFrom ?? undefined)
      : builds === null
        ? Promise.reject(new Error('This process compresses only; it was sent a build.'))
        : 'spare' in message
          ? builds.makeSpare(message.spare.from, message.spare.to).then((files) => ({ files }))
          : builds.runContentBuild(message.optionsFile);
  work.then(
    (result) => reply({ id: message.id, ok: true, result }),
    (error: unknown) =>
      reply({
        id: message.id,
        ok: false,
        refused: builds !== null && error instanceof builds.BuildFailure,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
process.send({ ready: true }, undefined, undefined, () => undefined);
