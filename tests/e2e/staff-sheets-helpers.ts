/** Shared steps of the Sheets screen's browser tests (staff-sheets*.spec.ts). */
import type { Locator, Page } from '@playwright/test';

/** A content build and its switch take seconds alone, a minute or more on the shared 2-core machine. */
export const BUILD_WAIT = { timeout: 120_000 };
/** An upload is checked with all the other sheets: a second alone, more on a busy machine. */
export const CHECK_WAIT = { timeout: 60_000 };

/** Picks `bytes`, named `name`, with `button`'s file picker, as staff would. */
export async function pickFile(page: Page, button: Locator, name: string, bytes: Uint8Array | string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
}
