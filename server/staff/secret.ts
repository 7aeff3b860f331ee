import { randomBytes } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The quick start's signing secret for staff sessions: made once, kept in the
 * data folder (readable by this user only), so sessions survive a restart. A
 * deployment sets STAFF_AUTH_SECRET instead (`serve:prod` insists).
 */
export async function localSecret(dataDir: string): Promise<string> {
  const file = join(resolve(dataDir), 'staff-auth-secret');
  const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (kept.length >= 32) return kept;
  await mkdir(resolve(dataDir), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': two processes starting at once keep the first one's secret.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
