/**
 * Starts a content build (server/publish-build.ts) in a child process and
 * waits for it. The child leaves when this process does (it watches its IPC
 * channel), so a killed service leaves no build writing behind it.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ContentBuildOptions, ContentBuildResult } from './content-build';

const codeRoot = resolve(import.meta.dirname, '../..');

/** A build that takes longer than this is stuck (a content build takes seconds). */
const BUILD_TIMEOUT_MS = 10 * 60 * 1000;

export class BuildRefused extends Error {
  override name = 'BuildRefused';
}

export async function runBuild(
  options: ContentBuildOptions,
  optionsFile: string,
): Promise<ContentBuildResult> {
  await writeFile(optionsFile, JSON.stringify(options));
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), resolve(codeRoot, 'server/publish-build.ts'), optionsFile],
    {
      cwd: codeRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
  const code = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', done);
  }).finally(() => clearTimeout(timer));
  if (code === 0) {
    const last = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(last) as ContentBuildResult;
  }
  if (code === 1) throw new BuildRefused(stderr.trim());
  throw new Error(
    `The build stopped (${code === null ? 'killed' : `exit code ${code}`}): ${stderr.trim() || 'no message'}`,
  );
}
