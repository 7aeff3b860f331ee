/**
 * What the build no longer does, timed where it now happens: the service compresses a page when
 * a browser first asks for it (server/static/compress-on-demand.ts). Asks the site's request
 * handler, in this process, for a sample of its pages spread over the whole site: each once
 * uncompressed, then twice as a browser asks (brotli or gzip), the first compressing it, the
 * second answered from memory; then the largest page the same way. One request at a time, so
 * each figure is one answer's time.
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { siteRoutes } from '../server/static/site';

export interface Answers {
  /** Milliseconds to answer uncompressed, on first request compressed, and again compressed. */
  plain: number[];
  first: number[];
  again: number[];
}

export interface FirstRequests {
  sample: Answers;
  largest: { path: string; bytes: number; answers: Answers };
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/** The address of a page from its file inside the site. */
const addressOf = (file: string) => {
  const folder = dirname(file);
  return folder === '.' ? '/' : `/${folder.split('/').map(encodeURIComponent).join('/')}`;
};

export async function firstRequests(site: string, sampleSize = 300): Promise<FirstRequests> {
  const app = siteRoutes(site);
  const pages = (await readdir(site, { recursive: true }))
    .filter((file) => file.endsWith('index.html'))
    .sort();
  const answer = async (path: string, headers: Record<string, string>) => {
    const started = performance.now();
    const response = await app.request(path, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}.`);
    return performance.now() - started;
  };
  const ask = async (paths: readonly string[]): Promise<Answers> => {
    const answers: Answers = { plain: [], first: [], again: [] };
    for (const path of paths) {
      answers.plain.push(await answer(path, {}));
      answers.first.push(await answer(path, BROWSER));
      answers.again.push(await answer(path, BROWSER));
    }
    return answers;
  };
  const every = Math.max(1, Math.floor(pages.length / sampleSize));
  const sample = pages.filter((_, index) => index % every === 0).slice(0, sampleSize);
  const sizes = await Promise.all(pages.map(async (file) => (await stat(join(site, file))).size));
  const largestIndex = sizes.indexOf(Math.max(...sizes));
  const largestFile = pages[largestIndex] ?? 'index.html';
  return {
    sample: await ask(sample.map(addressOf)),
    largest: {
      path: addressOf(largestFile),
      bytes: sizes[largestIndex] ?? 0,
      answers: await ask([addressOf(largestFile)]),
    },
  };
}
