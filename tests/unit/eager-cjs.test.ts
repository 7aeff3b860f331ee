import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eagerCommonJs, eagerCommonJsPlugin } from '../../pipeline/vite-plugin-eager-cjs';

describe('eagerCommonJs', () => {
  it('writes the bundler’s CommonJS wrappers as function expressions', () => {
    const code = [
      'var require_a = /* @__PURE__ */ __commonJSMin(((exports) => {',
      '\texports.a = 1;',
      '}));',
      'var require_b = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '\tmodule.exports = require_a();',
      '}));',
    ].join('\n');
    expect(eagerCommonJs(code)).toBe(
      [
        'var require_a = /* @__PURE__ */ __commonJSMin((function(exports) {',
        '\texports.a = 1;',
        '}));',
        'var require_b = /* @__PURE__ */ __commonJSMin((function(exports, module) {',
        '\tmodule.exports = require_a();',
        '}));',
      ].join('\n'),
    );
  });

  it('leaves other arrow functions alone', () => {
    const code = 'const f = ((exports) => exports); items.map(((exports, module) => { return 1; }));';
    expect(eagerCommonJs(code)).toBe(code);
  });
});

describe('eagerCommonJsPlugin in a Vite build', () => {
  let dir = '';
  let chunk: Rolldown.OutputChunk | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eager-cjs-'));
    await writeFile(
      join(dir, 'lib.cjs'),
      'exports.answer = 6 * 7;\nmodule.exports.again = exports.answer;\n',
    );
    await writeFile(
      join(dir, 'entry.js'),
      "import lib from './lib.cjs';\nexport const answer = lib.again;\n",
    );
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [eagerCommonJsPlugin()],
      build: {
        write: false,
        rolldownOptions: { input: join(dir, 'entry.js'), preserveEntrySignatures: 'strict' },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    chunk = outputs
      .flatMap((output) => ('output' in output ? output.output : []))
      .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('ships the wrapper as a function expression, which minifying keeps', () => {
    expect(chunk?.code).toMatch(/\(\(function\(\w+,\w+\)\{/);
    expect(chunk?.code).not.toMatch(/\(\(\(\w+,\w+\)=>\{/);
  });

  it('runs the module as before', async () => {
    const file = join(dir, 'out.mjs');
    await writeFile(file, chunk?.code ?? '');
    const built = (await import(pathToFileURL(file).href)) as { answer: number };
    expect(built.answer).toBe(42);
  });
});
