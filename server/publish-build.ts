/**
 * The publisher's build process (server/publish/content-build.ts says what a
 * build does). The publisher starts it once with an IPC channel and sends it
 * one build at a time, so each publish skips loading the pipeline, sharp and
 * React again. It leaves when the service does: a killed service leaves no
 * build writing behind it.
 *
 *   message in:  { id, optionsFile }
 *   message out: { id, ok: true, result } | { id, ok: false, refused, message }
 *
 * `refused` means the sheets or pictures were refused (the message is for
 * staff); otherwise the build itself failed.
 */
import type { BuildMessage } from './publish/run-build';
import { BuildFailure, runContentBuild } from './publish/content-build';

if (process.send === undefined) {
  console.error('server/publish-build.ts is started by the publisher (server/publish/run-build.ts).');
  process.exit(2);
}
process.on('disconnect', () => process.exit(0));
process.on('message', (message: { id: number; optionsFile: string }) => {
  const reply = (answer: BuildMessage) => process.send?.(answer);
  runContentBuild(message.optionsFile).then(
    (result) => reply({ id: message.id, ok: true, result }),
    (error: unknown) =>
      reply({
        id: message.id,
        ok: false,
        refused: error instanceof BuildFailure,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
process.send({ ready: true });
