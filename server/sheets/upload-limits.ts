/**
 * How much an upload may hold, in one place: the refusals name these figures,
 * the README's staff section lists them. Uploads are read in a worker thread
 * (read-off-thread.ts) that is stopped when it passes the time or memory limit.
 *
 * Measured on a 10,000-record pre-rented sheet, the size the site is
 * benchmarked at: 1.4 MB as CSV; as the console's Excel download 0.7 MB,
 * unpacking to 5.6 MB at most 8 times its packed size, read in 2.4 s with
 * 66 MB of memory. Every limit leaves it several times the room it needs, and
 * twice as many rows still fit in the worker's memory.
 */

/** Bytes of an uploaded sheet file (.xlsx or CSV). */
export const MAX_SHEET_BYTES = 8 * 1024 * 1024;
/** Bytes an .xlsx file unpacks to, all its parts together. */
export const MAX_UNPACKED_BYTES = 24 * 1024 * 1024;
/** How many times larger than it is stored a part of an .xlsx file may unpack (Excel's own are under 20). */
export const MAX_PACKING_RATIO = 100;
/** Parts smaller than this are not judged by their ratio: a few kilobytes of repeated styles pack tightly. */
export const RATIO_FROM_BYTES = 1024 * 1024;
/** Rows below the header row. */
export const MAX_ROWS = 20_000;
/** Columns, the Excel download's hidden drop-down list columns included. */
export const MAX_COLUMNS = 100;
/** Characters in one cell (the longest of the sheets today is 743, in settings.csv). */
export const MAX_CELL_CHARACTERS = 10_000;
/** Characters in all cells together: as much as a CSV file at the size limit holds. */
export const MAX_SHEET_CHARACTERS = 8_000_000;

/** Wall-clock time one upload may be read in, starting the worker included. */
export const READ_TIME_LIMIT_MS = 30_000;
/** Memory the worker's JavaScript heap may grow to; past it the worker is stopped. */
export const READ_MEMORY_LIMIT_MB = 192;

/** Bytes of an uploaded picture: far more than any photo a phone or camera takes. */
export const MAX_PICTURE_BYTES = 30 * 1024 * 1024;
/** Pixels of an uploaded picture: a 50-megapixel camera's photos (8,660 × 5,774) fit; the site's copies are at most 2,400 wide. */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** Bytes of an uploaded SVG, which is sanitised on the service's thread (a logo takes a few kilobytes). */
export const MAX_SVG_BYTES = 512 * 1024;
