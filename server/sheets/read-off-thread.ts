/**
 * Reads an uploaded sheet file in a worker thread, so that the service keeps
 * answering visitors, lead intake and the console meanwhile. The worker's heap
 * is capped and it is stopped past the time limit; either way the member is
 * told which limit the file passed, and the service stays up. One file is read
 * at a time (several at once would multiply the memory); the worker waits a
 * few seconds for the next one, as starting one takes a second or two, then
 * leaves, giving back what reading took.
 */
import { Worker } from 'node:worker_threads';
import { refuse } from './refusals';
import type { SheetFile, SheetFileRequest } from './sheet-file';
import { READ_MEMORY_LIMIT_MB, READ_TIME_LIMIT_MS } from './upload-limits';

const entry = new URL('./upload-worker.ts', import.meta.url).href;
const tsx = import.meta.resolve('tsx/esm/api');
/** The worker loads its TypeScript through tsx, as the service itself is run. */
const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
/** How long a worker waits for another file before it leaves. */
const IDLE_MS = 10_000;

let worker: Worker | null = null;
let idle: NodeJS.Timeout | undefined;

function stop(stopped: Worker): void {
  if (worker === stopped) worker = null;
  void stopped.terminate();
}

function start(): Worker {
  const started = new Worker(boot, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_LIMIT_MB, maxYoungGenerationSizeMb: 32 },
  });
  // An idle worker keeps no process from ending; one reading is waited for by its caller's timer.
  started.unref();
  started.on('error', () => stop(started));
  started.on('exit', () => stop(started));
  return started;
}

function readInWorker(request: SheetFileRequest): Promise<SheetFile> {
  clearTimeout(idle);
  const reader = worker ?? start();
  worker = reader;
  return new Promise<SheetFile>((done, fail) => {
    const timer = setTimeout(() => finish(() => done({ refusal: refuse.tooSlow(request.name) })), READ_TIME_LIMIT_MS);
    const onMessage = (answer: SheetFile) => finish(() => done(answer), true);
    const onError = (error: Error & { code?: string }) =>
      finish(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? done({ refusal: refuse.tooMuchMemory(request.name) }) : fail(error),
      );
    const onExit = (code: number) => finish(() => fail(new Error(`The upload reader stopped (exit code ${code}).`)));
    function finish(outcome: () => void, healthy = false) {
      clearTimeout(timer);
      reader.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy) idle = setTimeout(() => stop(reader), IDLE_MS).unref();
      else stop(reader);
      outcome();
    }
    reader.on('message', onMessage).on('error', onError).on('exit', onExit);
    reader.postMessage(request);
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** The file's cells, tidied, or why they are refused; read after any file being read now. */
export function readOffThread(request: SheetFileRequest): Promise<SheetFile> {
  const read = queue.then(() => readInWorker(request));
  queue = read.catch(() => undefined);
  return read;
}
