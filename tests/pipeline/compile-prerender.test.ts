/**
 * The pre-render compiled to plain JavaScript (compile-prerender.ts): its own file holds no
 * other module with a "run as a script" check, and it leaves packages to node_modules. That it
 * renders what the source renders, on two threads, publish-fast-path.test.ts holds.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { compilePrerender } from '../../pipeline/compile-prerender';

const root = join(import.meta.dirname, '../..');
let outdir = '';
let metafile: Metafile;

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'compiled-prerender-'));
  metafile = await compilePrerender(root, outdir);
});

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

const sourcesOf = (file: string) =>
  Object.keys(metafile.outputs[relative(root, join(outdir, file))]?.inputs ?? {});

describe('the compiled pre-render', () => {
  it('holds the pre-render and the modules only it imports in its own file', () => {
    const own = sourcesOf('prerender.mjs');
    expect(own).toContain('pipeline/prerender.ts');
    expect(own).toContain('pipeline/page-file.ts');
  });

  it('holds no other module that checks whether it is the script run', async () => {
    const others = sourcesOf('prerender.mjs').filter((file) => file !== 'pipeline/prerender.ts');
    for (const file of others)
      expect(await readFile(join(root, file), 'utf8'), file).not.toContain('process.argv[1]');
  });

  it('leaves the scripts it imports (compress.ts, headers.ts) to a shared chunk, whose import.meta is not the script run', () => {
    expect(sourcesOf('prerender.mjs')).not.toContain('pipeline/compress.ts');
    expect(sourcesOf('prerender.mjs')).not.toContain('pipeline/headers.ts');
    const chunks = Object.entries(metafile.outputs).filter(([file]) => /\/chunk-[^/]+\.mjs$/.test(file));
    const chunked = chunks.flatMap(([, output]) => Object.keys(output.inputs));
    expect(chunked).toEqual(expect.arrayContaining(['pipeline/compress.ts', 'pipeline/headers.ts']));
  });

  it('imports packages by name, and every module of the project from its own chunks', () => {
    for (const [file, { imports }] of Object.entries(metafile.outputs))
      for (const { path, external } of imports)
        if (external === true) expect(path, file).toMatch(/^(node:|@?[a-z])/);
        else expect(path, file).toMatch(/\/chunk-[^/]+\.mjs$/);
  });
});
