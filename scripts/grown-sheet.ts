/**
 * The pre-rented sheet grown to a number of records, as the scale benchmarks
 * (bench:scale, bench:publish --records) build it: the sheet's own rows first,
 * then copies under new tenant names, two records per tenant, over the same
 * localities and pictures.
 */
import Papa from 'papaparse';

type Row = Record<string, string>;

/** `text` (pre-rented.csv) with `count` rows. */
export function grownPreRented(text: string, count: number): string {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  const original = parsed.data;
  if (original.length === 0) throw new Error('sheets/pre-rented.csv has no rows to copy.');
  const rows: Row[] = original.slice(0, count);
  for (let i = 0; rows.length < count; i += 1) {
    const source = original[i % original.length] as Row;
    rows.push({ ...source, tenant: `${source.tenant} ${Math.floor(i / 2) + 1}` });
  }
  return Papa.unparse(rows, { columns: parsed.meta.fields });
}
