/**
 * Which version of a sheet each member last downloaded as CSV. A CSV file
 * cannot carry its version the way the Excel download does, so the service
 * remembers it: it is what the member started from when they upload again.
 */
import type { Database } from '../db/database';

export interface SheetDownloads {
  record(email: string, sheet: string, version: string): Promise<void>;
  /** The version last downloaded, or null. */
  find(email: string, sheet: string): Promise<string | null>;
}

export function sheetDownloads(db: Database): SheetDownloads {
  return {
    async record(email, sheet, version) {
      await db.query(
        `INSERT INTO sheet_download (member_email, sheet, version) VALUES ($1, $2, $3)
         ON CONFLICT (member_email, sheet) DO UPDATE SET version = excluded.version, at = now()`,
        [email, sheet, version],
      );
    },
    async find(email, sheet) {
      const [row] = await db.query<{ version: string }>(
        'SELECT version FROM sheet_download WHERE member_email = $1 AND sheet = $2',
        [email, sheet],
      );
      return row?.version ?? null;
    },
  };
}
