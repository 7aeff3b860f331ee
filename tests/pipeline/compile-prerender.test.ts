/**
 * The pre-render and the publisher's build process compiled to plain JavaScript
 * (compile-prerender.ts): a script's own file holds no other module with a "run as a script"
 * check, and packages are left to node_modules. That the compiled pre-render renders what the
 * source renders, on two threads, publish-fast-path.test.ts holds; the publishing tests run the
 * compiled build process (tests/compiled-publish-build.ts).
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { compilePrerender, compilePublishBuild } from '../../pipeline/compile-prerender';
import { currentCompiled, PUBLISH_BUILD_SCRIPT, SOURCES_FILE } from '../../pipeline/compiled-code';

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

describe("the publisher's compiled build process", () => {
  let folder = '';
  let outdir = '';
  let compiled: Metafile;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'compiled-publish-'));
    outdir = join(folder, 'dist-publish');
    const made = await compilePublishBuild(root, outdir);
    if (made === null) throw new Error('A new folder was found current.');
    compiled = made;
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const outputs = () =>
    Object.entries(compiled.outputs).map(([file, output]) => ({
      name: relative(outdir, join(root, file)),
      sources: Object.keys(output.inputs),
      output,
    }));

  it('holds the build process alone in its script, and the pre-render in no script', () => {
    const byName = new Map(outputs().map(({ name, sources }) => [name, sources]));
    expect(byName.get(PUBLISH_BUILD_SCRIPT)).toEqual(['server/publish-build.ts']);
    expect(byName.get('prerender.mjs')).toEqual([]);
  });

  it('puts every module that checks whether it is the script run in a chunk, never a script', async () => {
    const checking: string[] = [];
    for (const { name, sources } of outputs())
      for (const source of sources)
        if ((await readFile(join(root, source), 'utf8')).includes('process.argv[1]')) checking.push(name);
    expect(checking.length).toBeGreaterThan(0);
    for (const name of checking) expect(name).not.toMatch(/^(publish-build|prerender)\.mjs$/);
  });

  it("loads the pre-render's second thread without the content build, the picture encoder or sharp", () => {
    const chunk = outputs().find(({ sources }) => sources.includes('pipeline/prerender.ts'));
    expect(chunk?.name).toMatch(/^chunk-[^/]+\.mjs$/);
    expect(chunk?.sources).not.toContain('server/publish/content-build.ts');
    expect(chunk?.sources).not.toContain('pipeline/images/encode.ts');
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const { path, kind } of compiled.outputs[file]?.imports ?? [])
        if (kind === 'import-statement') visit(path);
    };
    const [file] = Object.entries(compiled.outputs).find(([, output]) => output === chunk?.output) ?? [];
    if (file !== undefined) visit(file);
    expect([...reached].filter((path) => path === 'sharp' || path.endsWith('encode.ts'))).toEqual([]);
    expect(reached.size).toBeGreaterThan(1);
  });

  it('records its sources, is current while they read the same, and is left as it is when compiled again', async () => {
    const recorded = JSON.parse(await readFile(join(outdir, SOURCES_FILE), 'utf8')) as { sources: string[] };
    expect(recorded.sources).toEqual(
      expect.arrayContaining(['server/publish-build.ts', 'pipeline/prerender.ts']),
    );
    expect(currentCompiled(root, outdir, PUBLISH_BUILD_SCRIPT)).toBe(join(outdir, PUBLISH_BUILD_SCRIPT));
    const before = await stat(join(outdir, PUBLISH_BUILD_SCRIPT));
    expect(await compilePublishBuild(root, outdir)).toBeNull();
    expect((await stat(join(outdir, PUBLISH_BUILD_SCRIPT))).ino).toBe(before.ino);
  });
});
