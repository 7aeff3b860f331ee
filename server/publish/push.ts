/**
 * Pushing the content commits to CONTENT_GIT_REMOTE: the newest commit still
 * owed carries the earlier ones; a failed push is tried again later, waiting
 * twice as long each time, up to ten minutes.
 *
 * Among several instances a push outside a change (at start, after a failure,
 * or asked for) waits for the publish lock, as a change does: the holder of
 * the lock reads the remote before it commits, and a push landing meanwhile
 * would fork the history.
 */
import { redactUrl } from './git';
import type { Change } from './state';
import type { Workspace } from './workspace';
import { reason } from './workspace';

const MAX_PUSH_WAIT_MS = 10 * 60 * 1000;

export class Pusher {
  private pushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /** `inTurn` runs a push made outside a change in turn with the other instances' changes. */
  constructor(
    private readonly ws: Workspace,
    private readonly inTurn: (work: () => Promise<void>) => Promise<void>,
  ) {}

  /** The changes whose commits are not on the remote yet, oldest first. */
  private owed(): Change[] {
    return this.ws.state.changes.filter(
      (change) => change.push.state === 'pending' || change.push.state === 'failed',
    );
  }

  /** Pushes what is owed outside a change: in turn with the other instances' changes. */
  async retryInTurn(): Promise<void> {
    if (this.ws.options.remote !== undefined && this.owed().length > 0) await this.inTurn(() => this.retry());
  }

  /** Pushes what is owed, from within a change (which holds the turn), or in turn (retryInTurn). */
  retry(): Promise<void> {
    clearTimeout(this.timer);
    // One push at a time; a call made during one gets a try of its own after it, with any newer commit.
    const attempt = this.pushing.then(() => this.once());
    this.pushing = attempt.catch(() => undefined);
    return attempt;
  }

  private async once(): Promise<void> {
    const { ws } = this;
    const remote = ws.options.remote;
    if (remote === undefined) return;
    const owed = this.owed();
    const newest = owed.at(-1);
    if (newest === undefined) return;
    const triedAt = new Date().toISOString();
    try {
      await ws.repo.push(remote.url, remote.branch, newest.commit);
      for (const change of owed)
        if (change === newest || (await ws.repo.isAncestor(change.commit, newest.commit)))
          change.push = { state: 'pushed', error: null, attempts: change.push.attempts + 1, triedAt };
    } catch (error) {
      for (const change of owed)
        change.push = { state: 'failed', error: reason(error), attempts: change.push.attempts + 1, triedAt };
      console.warn(
        `Publishing: pushing ${newest.commit.slice(0, 8)} to ${redactUrl(remote.url)} failed, will retry: ${reason(error)}`,
      );
    }
    await ws.save();
    const failed = ws.state.changes.filter((change) => change.push.state === 'failed');
    if (failed.length > 0 && !this.closed) {
      const attempts = Math.max(...failed.map((change) => change.push.attempts));
      const wait = Math.min(MAX_PUSH_WAIT_MS, (ws.options.pushRetryMs ?? 30_000) * 2 ** (attempts - 1));
      this.timer = setTimeout(
        () =>
          void this.retryInTurn().catch((error: unknown) =>
            console.warn(
              `Publishing: the pushes still owed will be tried at the next change: ${reason(error)}`,
            ),
          ),
        wait,
      );
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.pushing;
  }
}
