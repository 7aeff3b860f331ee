/** The pre-render runs with its Node flags however it is started: the constant is read by code, the build script is text. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_PRERENDER } from '../../pipeline/compile-prerender';
import { PRERENDER_NODE_FLAGS } from '../../pipeline/prerender-flags';

describe("the pre-render's Node flags", () => {
  it('are given to the pre-render by npm run build', async () => {
    const { scripts } = JSON.parse(
      await readFile(join(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(scripts.build).toContain(`node ${PRERENDER_NODE_FLAGS.join(' ')} ${COMPILED_PRERENDER}`);
  });
});
