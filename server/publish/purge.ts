/**
 * After a publish goes live, the pages it changed are purged from the caches in
 * front of the service, so a shared cache (a CDN, Varnish, nginx) serves the
 * new page at once rather than when its short `s-maxage` runs out
 * (server/static/site.ts). Two kinds of purge, each on when its variables are
 * set (.env.example):
 *
 * - CDN_PURGE_URL: an HTTP `PURGE` of each changed address, sent to that
 *   address's path under this base (Varnish and nginx's cache purge answer it).
 * - CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN: Cloudflare's purge by URL,
 *   the addresses under CDN_SITE_ORIGIN (the site's public origin), thirty to
 *   a call; a change of more pages than a few calls can name purges the zone.
 *
 * A purge that fails is reported and never fails the publish: the page then
 * reaches visitors once the cache's copy expires.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { encodePath } from '../../src/data/links';
import { listFiles } from './tree';

/** Addresses to one purge call of Cloudflare's (its limit for a zone on the free plan). */
const CLOUDFLARE_BATCH = 30;
/** More addresses than this, and Cloudflare's whole zone is purged instead. */
const CLOUDFLARE_MOST = 300;
/** PURGE requests in flight at once. */
const PARALLEL = 8;
/** A purge call that takes longer than this has failed. */
const TIMEOUT_MS = 10_000;

/** The address of a page file (`a/b/index.html` → `/a/b`), decoded; null for files that are no page. */
function pageAddress(file: string): string | null {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return null;
}

/**
 * The addresses whose answer differs between two builds: each page written anew (a page the
 * build kept is a hard link to the earlier build's file), added or removed, in both the forms
 * the site answers (`/a/b` and `/a/b/`), and the sitemap and robots.txt.
 */
async function changedAddresses(before: string, after: string): Promise<string[]> {
  const pages = (files: string[]) => files.filter((file) => pageAddress(file) !== null);
  const [old, now] = await Promise.all([listFiles(before).then(pages), listFiles(after).then(pages)]);
  const inode = (file: string) =>
    lstat(file).then(
      (info) => info.ino,
      () => null,
    );
  const present = new Set(now);
  const changed = new Set(old.filter((file) => !present.has(file)));
  for (let start = 0; start < now.length; start += 64)
    await Promise.all(
      now.slice(start, start + 64).map(async (file) => {
        const [a, b] = await Promise.all([inode(join(before, file)), inode(join(after, file))]);
        if (a === null || a !== b) changed.add(file);
      }),
    );
  if (changed.size === 0) return [];
  const addresses = [...changed].flatMap((file) => {
    const address = encodePath(pageAddress(file) ?? '/');
    return address === '/' ? ['/'] : [address, `${address}/`];
  });
  return [...addresses, '/sitemap.xml', '/robots.txt'];
}

const timeout = () => AbortSignal.timeout(TIMEOUT_MS);

async function purgeByRequest(base: string, addresses: readonly string[]): Promise<void> {
  const origin = base.replace(/\/+$/, '');
  for (let start = 0; start < addresses.length; start += PARALLEL)
    await Promise.all(
      addresses.slice(start, start + PARALLEL).map(async (address) => {
        const response = await fetch(`${origin}${address}`, { method: 'PURGE', signal: timeout() });
        // A cache that held no copy of the address may answer 404: nothing to purge.
        if (!response.ok && response.status !== 404)
          throw new Error(`PURGE ${address} was answered ${response.status}.`);
      }),
    );
}

async function purgeCloudflare(env: NodeJS.ProcessEnv, addresses: readonly string[]): Promise<void> {
  const api = (env.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
  const origin = env.CDN_SITE_ORIGIN?.replace(/\/+$/, '');
  if (origin === undefined || origin === '')
    throw new Error('CDN_SITE_ORIGIN is not set: Cloudflare purges whole addresses.');
  const call = async (body: object) => {
    const response = await fetch(`${api}/zones/${env.CLOUDFLARE_ZONE_ID}/purge_cache`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: timeout(),
    });
    if (!response.ok) throw new Error(`Cloudflare answered ${response.status}: ${await response.text()}`);
  };
  if (addresses.length > CLOUDFLARE_MOST) return call({ purge_everything: true });
  for (let start = 0; start < addresses.length; start += CLOUDFLARE_BATCH)
    await call({
      files: addresses.slice(start, start + CLOUDFLARE_BATCH).map((address) => `${origin}${address}`),
    });
}

/**
 * Purges what changed from the site build `before` (the one live until now) to `after` (live
 * now) from every cache the environment names; does nothing when it names none.
 */
export async function purgeChanged(before: string, after: string, env = process.env): Promise<void> {
  const byRequest = env.CDN_PURGE_URL;
  const cloudflare = Boolean(env.CLOUDFLARE_ZONE_ID && env.CLOUDFLARE_API_TOKEN);
  if (!byRequest && !cloudflare) return;
  try {
    const addresses = await changedAddresses(before, after);
    if (addresses.length === 0) return;
    const purges = [
      ...(byRequest ? [purgeByRequest(byRequest, addresses)] : []),
      ...(cloudflare ? [purgeCloudflare(env, addresses)] : []),
    ];
    const failures = (await Promise.allSettled(purges)).filter((result) => result.status === 'rejected');
    for (const failure of failures)
      console.warn(
        `Publishing: the caches could not all be purged; the changed pages show once their copies expire: ${String(failure.reason instanceof Error ? failure.reason.message : failure.reason)}`,
      );
  } catch (error) {
    console.warn(`Publishing: the changed pages could not be listed for the caches' purge: ${String(error)}`);
  }
}
