/**
 * Whether a compiled copy of the publisher's build process is current (compiled-code.ts): only
 * while every source it was compiled from reads as it did, and only once its record is written.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentCompiled, SOURCES_FILE, sourcesDigest } from '../../pipeline/compiled-code';

let root = '';
const folder = () => join(root, 'dist-compiled');
const SOURCES = ['pipeline/a.ts', 'server/b.ts'];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'compiled-code-'));
  for (const source of SOURCES) {
    await mkdir(join(root, source, '..'), { recursive: true });
    await writeFile(join(root, source), `export const name = ${JSON.stringify(source)};\n`);
  }
  await mkdir(folder());
  await writeFile(join(folder(), 'run.mjs'), 'export {};\n');
  await writeFile(
    join(folder(), SOURCES_FILE),
    JSON.stringify({ sources: SOURCES, digest: sourcesDigest(root, SOURCES) }),
  );
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a compiled copy', () => {
  it('is current while its sources read as they did', () => {
    expect(currentCompiled(root, folder(), 'run.mjs')).toBe(join(folder(), 'run.mjs'));
  });

  it('is not, once a source changes', async () => {
    await writeFile(join(root, 'server/b.ts'), 'export const name = "changed";\n');
    expect(currentCompiled(root, folder(), 'run.mjs')).toBeNull();
  });

  it('is not, once a source is gone', async () => {
    await rm(join(root, 'pipeline/a.ts'));
    expect(sourcesDigest(root, SOURCES)).toBeNull();
    expect(currentCompiled(root, folder(), 'run.mjs')).toBeNull();
  });

  it('is not, before its record is written or when the record is not one', async () => {
    await writeFile(join(folder(), SOURCES_FILE), '{"sources": []}');
    expect(currentCompiled(root, folder(), 'run.mjs')).toBeNull();
    await rm(join(folder(), SOURCES_FILE));
    expect(currentCompiled(root, folder(), 'run.mjs')).toBeNull();
  });

  it('names its sources in its digest: the same bytes under another name differ', async () => {
    await writeFile(join(root, 'pipeline/c.ts'), 'export {};\n');
    await writeFile(join(root, 'pipeline/d.ts'), 'export {};\n');
    expect(sourcesDigest(root, ['pipeline/c.ts'])).not.toBe(sourcesDigest(root, ['pipeline/d.ts']));
  });
});
