/** India has one time zone and no daylight saving: always UTC+05:30. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `2026-11-22T14:05:09+05:30`: the moment `date` in India time, whatever zone the browser is in. */
export function indiaTimestamp(date: Date): string {
  return `${new Date(date.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

/** `2026-11-22`: the calendar day of `date` in India, as a date input writes it. */
export function indiaDay(date: Date): string {
  return indiaTimestamp(date).slice(0, 10);
}
