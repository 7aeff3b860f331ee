/**
 * The publisher's build process (run-build.ts's buildProcess): the compiled copy when it is
 * current, run by `node` alone, and else the source under tsx; both start and answer as the
 * publisher needs. That a publish runs in the compiled one, publish.test.ts holds.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPILED_PUBLISH_FOLDER, PUBLISH_BUILD_SCRIPT } from '../../pipeline/compiled-code';
import { PRERENDER_NODE_FLAGS } from '../../pipeline/prerender-flags';
import { PROJECT_ROOT } from '../../pipeline/project-root';
import { buildProcess } from '../../server/publish/run-build';

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  vi.restoreAllMocks();
});

/** Starts the process as the publisher does, in its compressing role (no build loaded), and waits for its word. */
async function started({ script, execArgv }: ReturnType<typeof buildProcess>): Promise<unknown> {
  const child = fork(script, ['compress'], {
    cwd: PROJECT_ROOT,
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  const [message] = (await once(child, 'message')) as [unknown];
  return message;
}

describe("the publisher's build process", () => {
  it('runs compiled, with the pre-render flags and nothing else, when the copy is current', async () => {
    const compiled = join(PROJECT_ROOT, COMPILED_PUBLISH_FOLDER, PUBLISH_BUILD_SCRIPT);
    const chosen = buildProcess(compiled);
    expect(chosen).toEqual({ script: compiled, execArgv: PRERENDER_NODE_FLAGS });
    // The run's global setup compiled it (tests/compiled-publish-build.ts).
    expect(await started(chosen)).toEqual({ ready: true });
  });

  it('runs the source under tsx otherwise, and says so once', async () => {
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const chosen = buildProcess(null);
    buildProcess(null);
    expect(chosen.script).toBe(join(PROJECT_ROOT, 'server/publish-build.ts'));
    expect(chosen.execArgv).toEqual([...PRERENDER_NODE_FLAGS, '--import', expect.stringContaining('tsx')]);
    expect(said.mock.calls).toEqual([
      [expect.stringContaining(`${COMPILED_PUBLISH_FOLDER}/ is missing or older`)],
    ]);
    expect(await started(chosen)).toEqual({ ready: true });
  });
});
