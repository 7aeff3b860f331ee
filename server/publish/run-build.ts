/**
 * Runs content builds in a child process (server/publish-build.ts, compiled
 * into dist-publish/ when that copy is current) that stays up between builds,
 * and the compressed copies of a build's code, once it is live, in another. A
 * child leaves when this process does (it watches its IPC channel), and is
 * started again after a crash, a stuck build, or a number of builds (each
 * loads a server bundle of its own), once nothing runs in it.
 *
 * Compressing has a process of its own: brotli and gzip run on libuv's
 * thread pool, and in the service it held the pool that reads the pages
 * visitors ask for (a page's read waited up to 1.8 s while a 10,000-record
 * listing was compressed); in the build process, the next publish's file
 * work waited behind it.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompressResult } from '../../pipeline/compress';
import { COMPILED_PUBLISH_FOLDER, compiledPublishBuild } from '../../pipeline/compiled-code';
import { PRERENDER_NODE_FLAGS } from '../../pipeline/prerender-flags';
import { PROJECT_ROOT } from '../../pipeline/project-root';
import type { ContentBuildOptions, ContentBuildResult } from './content-build';

/** A build that takes longer than this is stuck (a content build takes seconds). */
const BUILD_TIMEOUT_MS = 10 * 60 * 1000;
/** A new release's code compresses in seconds at brotli's best; a busy machine may take many times that. */
const COMPRESS_TIMEOUT_MS = 60 * 60 * 1000;
/** Builds one process runs before a fresh one takes over. */
const BUILDS_PER_PROCESS = 25;

/** What the child is asked: a build from the options a file holds, or the compressed copies of a built site. */
type Request =
  | { optionsFile: string }
  | { spare: { from: string; to: string } }
  | { compress: { root: string; reuseFrom: string | null } };
export type BuildRequest = Request & { id: number };

/** How many files a spare holds. */
interface SpareResult {
  files: number;
}

export type BuildMessage =
  | { id: number; ok: true; result: ContentBuildResult | CompressResult | SpareResult }
  | { id: number; ok: false; refused: boolean; message: string };

/** The sheets or pictures were refused; the message is for staff. */
export class BuildRefused extends Error {
  override name = 'BuildRefused';
}

let toldOfSource = false;

/**
 * The build process's script and Node's flags for it: compiled to plain JavaScript when that copy
 * is current (compiled-code.ts), which spares the process and its pre-render thread a tsx loader
 * thread each, holding what they loaded (the server bundle among it); else the source, under tsx.
 */
export function buildProcess(compiled = compiledPublishBuild()): { script: string; execArgv: string[] } {
  if (compiled !== null) return { script: compiled, execArgv: [...PRERENDER_NODE_FLAGS] };
  if (!toldOfSource) {
    toldOfSource = true;
    console.log(
      `Publishing builds from the source under tsx: ${COMPILED_PUBLISH_FOLDER}/ is missing or older than the code (npm run build compiles it).`,
    );
  }
  return {
    script: join(PROJECT_ROOT, 'server/publish-build.ts'),
    execArgv: [...PRERENDER_NODE_FLAGS, '--import', import.meta.resolve('tsx')],
  };
}

export class BuildWorker {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private builds = 0;
  private running = 0;
  private nextId = 1;

  /** `compress`: the process only compresses (compress()). */
  constructor(private readonly role: 'build' | 'compress' = 'build') {}

  /** Starts the process ahead of the first build, so that build does not wait for it. */
  warm(): void {
    void this.start().catch(() => undefined);
  }

  private start(): Promise<void> {
    if (this.ready !== null) return this.ready;
    const { script, execArgv } = buildProcess();
    const child = fork(script, this.role === 'compress' ? ['compress'] : [], {
      cwd: PROJECT_ROOT,
      execArgv,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.builds = 0;
    const ready = new Promise<void>((done, fail) => {
      child.once('message', () => done());
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`The build process stopped (exit code ${code}).`)));
    });
    child.once('exit', () => {
      if (this.child === child) {
        this.child = null;
        this.ready = null;
      }
    });
    this.ready = ready;
    return ready;
  }

  private stop(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
    this.ready = null;
  }

  /** Builds in the process; `sent` is called once the request is on its way to it. */
  async build(
    options: ContentBuildOptions,
    optionsFile: string,
    sent?: () => void,
  ): Promise<ContentBuildResult> {
    await writeFile(optionsFile, JSON.stringify(options));
    this.builds += 1;
    return (await this.ask({ optionsFile }, BUILD_TIMEOUT_MS, sent)) as ContentBuildResult;
  }

  /** Hard-links every file of the built site `from` into `to` (content-build.ts's makeSpare). */
  async spare(from: string, to: string): Promise<SpareResult> {
    return (await this.ask({ spare: { from, to } }, BUILD_TIMEOUT_MS)) as SpareResult;
  }

  /** Writes the brotli and gzip copies of the site at `root` (compress.ts), reusing those of `reuseFrom`. */
  async compress(root: string, reuseFrom: string | null): Promise<CompressResult> {
    return (await this.ask({ compress: { root, reuseFrom } }, COMPRESS_TIMEOUT_MS)) as CompressResult;
  }

  private async ask(
    request: Request,
    timeout: number,
    sent?: () => void,
  ): Promise<ContentBuildResult | CompressResult | SpareResult> {
    await this.start();
    const child = this.child;
    if (child === null) throw new Error('The build process did not start.');
    const id = this.nextId++;
    this.running += 1;
    try {
      const answer = await new Promise<BuildMessage>((done, fail) => {
        const timer = setTimeout(() => {
          this.stop();
          fail(new Error(`it took more than ${timeout / 60_000} minutes and was stopped`));
        }, timeout);
        const onMessage = (message: BuildMessage) => {
          if (message.id !== id) return;
          cleanup();
          done(message);
        };
        const onExit = (code: number | null, signal: string | null) => {
          cleanup();
          fail(new Error(`the build process stopped (${signal ?? `exit code ${code}`})`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        child.on('message', onMessage);
        child.on('exit', onExit);
        const message: BuildRequest = { id, ...request };
        child.send(message, () => sent?.());
      });
      if (answer.ok) return answer.result;
      throw answer.refused ? new BuildRefused(answer.message) : new Error(answer.message);
    } finally {
      this.running -= 1;
      // A fresh process after so many builds, but never under a build or compression still running.
      if (this.builds >= BUILDS_PER_PROCESS && this.running === 0) this.stop();
    }
  }

  close(): void {
    this.stop();
  }
}
