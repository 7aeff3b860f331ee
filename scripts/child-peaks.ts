/**
 * The peak memory of this process's children whose command names `name`, read from Linux's
 * /proc (VmHWM: the most resident memory each held since it started), with each one's command:
 * bench:publish reads the publisher's build processes with it before it stops the service.
 */
import { readdir, readFile } from 'node:fs/promises';

export interface ChildPeak {
  pid: number;
  /** Its command line, its arguments joined by spaces. */
  command: string;
  peakMb: number;
}

/** The children of this process whose command holds `name`, with their peaks; empty where /proc is not. */
export async function childPeaks(name: string): Promise<ChildPeak[]> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const peaks = await Promise.all(
    pids
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (pid): Promise<ChildPeak | null> => {
        try {
          const status = await readFile(`/proc/${pid}/status`, 'utf8');
          if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) return null;
          const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ').trim();
          const peakKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
          return command.includes(name) && Number.isFinite(peakKb)
            ? { pid: Number(pid), command, peakMb: Math.round(peakKb / 1024) }
            : null;
        } catch {
          // A process that ended between the listing and the read.
          return null;
        }
      }),
  );
  return peaks.filter((peak) => peak !== null);
}
