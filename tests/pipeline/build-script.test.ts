/**
 * `npm run build` makes the server bundle while the data step runs, and the client bundle after it.
 * That is safe only while the server build reads nothing the data step writes: Vite copies
 * public/ (where the data step writes the pictures) into a build's output unless told not to.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILED_PRERENDER } from '../../pipeline/compile-prerender';
import { PRERENDER_NODE_FLAGS } from '../../pipeline/prerender-flags';

const root = join(import.meta.dirname, '../..');

async function buildSteps(): Promise<string[][]> {
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // Each step of the chain, as the commands it runs at once (a `concurrently` step's are quoted).
  return (scripts.build ?? '')
    .split(' && ')
    .map((step) =>
      step.startsWith('concurrently ')
        ? [...step.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, command = '']) => command)
        : [step],
    );
}

const at = (steps: string[][], command: string) => steps.findIndex((step) => step.includes(command));

describe('npm run build', () => {
  it('makes the server bundle alongside the data step, and the client bundle once the data is written', async () => {
    const steps = await buildSteps();
    const data = at(steps, 'npm:data');
    expect(data).toBeGreaterThan(-1);
    expect(at(steps, 'vite build --ssr --configLoader runner')).toBe(data);
    expect(at(steps, 'vite build --configLoader runner')).toBeGreaterThan(data);
    expect(at(steps, 'vite build --config vite.staff.config.ts --configLoader runner')).toBeGreaterThan(data);
  });

  it('writes the code’s compressed copies beside the pre-render, which writes the headers file itself', async () => {
    const steps = await buildSteps();
    const pages = steps.findIndex((step) => step.some((command) => command.includes(COMPILED_PRERENDER)));
    expect(pages).toBeGreaterThan(at(steps, 'vite build --configLoader runner'));
    expect(at(steps, 'tsx pipeline/compress.ts')).toBe(pages);
    // The pre-render writes the headers file itself: no step of its own.
    expect(steps.flat().some((command) => command.includes('headers.ts'))).toBe(false);
    expect(steps.length).toBe(pages + 1);
  });

  it('compiles the pre-render alongside the data step, and runs it compiled, without tsx', async () => {
    const steps = await buildSteps();
    expect(at(steps, 'tsx pipeline/compile-prerender.ts')).toBe(at(steps, 'npm:data'));
    expect(steps.flat().filter((command) => command.includes('prerender'))).toEqual([
      'tsx pipeline/compile-prerender.ts',
      `NODE_ENV=production node ${PRERENDER_NODE_FLAGS.join(' ')} ${COMPILED_PRERENDER}`,
    ]);
  });

  it('copies public/ into the client build only', async () => {
    const resolved = (ssr: boolean) =>
      resolveConfig(
        {
          root,
          configFile: join(root, 'vite.config.ts'),
          configLoader: 'runner',
          logLevel: 'silent',
          build: { ssr },
        },
        'build',
      );
    expect((await resolved(true)).build.copyPublicDir).toBe(false);
    expect((await resolved(false)).build.copyPublicDir).toBe(true);
  });
});
