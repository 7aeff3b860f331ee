/**
 * What the staff console shows of the API's data: times in India time, and
 * the links to reach a lead. The console's components render these, never
 * format in JSX.
 */
const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** `25 Nov 2026, 10:22 am IST`. */
export function formatIndiaTime(iso: string): string {
  return `${INDIA_TIME.format(new Date(iso))} IST`;
}
