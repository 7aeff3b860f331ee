/**
 * What every part of the publisher shares: the checkout, the folders under
 * `<DATA_DIR>/publish`, the state file and the options. The state lives here
 * in memory and is saved whole, one write after another.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Coordination } from './coordination';
import type { ContentRepo } from './git';
import type { PublisherState } from './state';
import { writeState } from './state';

/** A publish, undo or restore that did not happen, with the reason in plain words; the live site is untouched. */
export class PublishError extends Error {
  override name = 'PublishError';
}

export type PublishPhase = 'queued' | 'building' | 'committing' | 'committed' | 'live';

export interface PublisherOptions {
  /** The service's git checkout; its sheets/ folder is what is live. */
  repoDir: string;
  /** Drafts, builds and the state file (`<DATA_DIR>/publish`). */
  workDir: string;
  /** Pushes every commit to this branch of this repository. */
  remote?: { url: string; branch: string };
  /** `npm run build`'s output (and `${initialSite}-ssr`), adopted as the live build when it is new. */
  initialSite?: string;
  /** Called as a publish, undo or restore moves on (for a progress display). */
  onProgress?: (changeId: string, phase: PublishPhase) => void;
  /** First wait before a failed push is tried again; it doubles up to ten minutes. */
  pushRetryMs?: number;
  /** How instances sharing a database take turns and hear of each other's publishes; one process by default. */
  coordination?: Coordination;
}

/** Builds kept: the live one and those the last ten changes made or replaced. */
const KEPT_CHANGES = 10;

export interface Folders {
  work: string;
  builds: string;
  drafts: string;
  previews: string;
  scratch: string;
}

export const newId = (prefix: string) =>
  `${prefix}${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;

export function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PublishError(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Workspace {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    readonly repo: ContentRepo,
    readonly dirs: Folders,
    public state: PublisherState,
    readonly options: PublisherOptions,
  ) {}

  get stateFile(): string {
    return join(this.dirs.work, 'state.json');
  }

  buildDir(build: string): string {
    return join(this.dirs.builds, build);
  }

  liveRoot(): string {
    return join(this.buildDir(this.state.live.build), 'site');
  }

  /** The sheets the live build was made from; the same as sheets/ in the checkout, but never half written. */
  liveSheets(): string {
    return join(this.buildDir(this.state.live.build), 'sheets');
  }

  /** Builds kept, newer first: the live one, and those the last changes made or replaced. */
  keptBuilds(): string[] {
    const recent = this.state.changes.slice(-(KEPT_CHANGES + 1)).reverse();
    const builds = [
      this.state.live.build,
      ...recent.flatMap((change) => [change.build, change.previousBuild]),
    ];
    if (this.state.pending !== null) builds.push(this.state.pending.build);
    return [...new Set(builds)].filter((build) => build !== '');
  }

  progress(changeId: string, phase: PublishPhase): void {
    this.options.onProgress?.(changeId, phase);
  }

  /** Persists the state as it is now; writes happen one after another, each of the whole state. */
  save(): Promise<void> {
    const snapshot = structuredClone(this.state);
    this.saving = this.saving.then(() => writeState(this.stateFile, snapshot));
    return this.saving;
  }

  saved(): Promise<void> {
    return this.saving;
  }
}
