/**
 * A service's publisher in a process of its own, for the crash test
 * (publish-crash.test.ts): it publishes one file and prints each phase as a
 * line, so the test can kill it at a known point. With KILL_AT=<phase> it
 * kills itself the moment that phase begins. With BASE_FILE, the file is a
 * member's edit of that earlier version, merged with what is live now.
 *
 *   tsx tests/server/publish-child.ts REPO_DIR WORK_DIR SHEET_PATH FILE
 */
import { readFile } from 'node:fs/promises';
import { createPublisher } from '../../server/publish/publisher';

const [repoDir, workDir, path, file] = process.argv.slice(2);
if (repoDir === undefined || workDir === undefined || path === undefined || file === undefined)
  throw new Error('Usage: tsx tests/server/publish-child.ts REPO_DIR WORK_DIR SHEET_PATH FILE');

const publisher = await createPublisher({
  repoDir,
  workDir,
  onProgress: (_id, phase) => {
    console.log(`phase ${phase}`);
    if (phase === process.env.KILL_AT) process.kill(process.pid, 'SIGKILL');
  },
});
const base = process.env.BASE_FILE === undefined ? {} : { base: await readFile(process.env.BASE_FILE) };
const draft = await publisher.createDraft([{ path, bytes: await readFile(file), ...base }]);
await publisher.publish(draft.id, { name: 'Asha Rao', email: 'asha@example.com' }, 'New rent');
console.log('published');
await publisher.close();
