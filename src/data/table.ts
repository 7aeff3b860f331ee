/**
 * The pre-rented comparison table's model: its columns, sorting, filtering,
 * URL state and CSV export. Pure functions over the pipeline's numbers, so the
 * table shown, the URL and the downloaded file always agree.
 */
import {
  formatNumber,
  formatNumberList,
  formatPercent,
  formatMoney,
  formatRate,
  moneyParts,
  NONE,
  orNone,
  percentOf,
} from './format';
import type { PreRentedEntry } from '../schema/site';
import { BOUND_WORDS, boundFromParam, budgetBands, passesBound, TABLE_BUDGETS } from './budget';
import type { PropertyType } from './choices';
import { PROPERTY_TYPES } from './choices';

/** A record as the table needs it: everything but the picture. */
export type TableRecord = Omit<PreRentedEntry, 'image'>;
export type { PropertyType };
export { PROPERTY_TYPES };

export type ColumnId =
  | 'tenant'
  | 'building'
  | 'locality'
  | 'type'
  | 'totalArea'
  | 'availableArea'
  | 'rent'
  | 'rentPerSqft'
  | 'lease'
  | 'lockIn'
  | 'deposit'
  | 'escalation'
  | 'askingPrice'
  | 'grossYield';

/** A cell's value for sorting and export: a number, a text, or null when the sheet leaves it blank. */
export type CellValue = string | number | null;

export interface TableColumn {
  id: ColumnId;
  /** Header as shown. */
  label: string;
  /** Header of the column in the CSV file, with its unit, since the file holds bare numbers. */
  csvHeader: string;
  numeric: boolean;
  /** One of the figures an investor compares first (rent, price, yield): a phone shows them first, abreast. */
  headline?: true;
  value: (record: TableRecord) => CellValue;
}

const maxOrNull = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.max(...values);

const COLUMNS: readonly TableColumn[] = [
  { id: 'tenant', label: 'Tenant', csvHeader: 'Tenant', numeric: false, value: (r) => r.tenant },
  { id: 'building', label: 'Building', csvHeader: 'Building', numeric: false, value: (r) => r.building },
  { id: 'locality', label: 'Locality', csvHeader: 'Locality', numeric: false, value: (r) => r.localityName },
  { id: 'type', label: 'Type', csvHeader: 'Property type', numeric: false, value: (r) => r.property_type },
  {
    id: 'totalArea',
    label: 'Total area (sq ft)',
    csvHeader: 'Total area (sq ft)',
    numeric: true,
    value: (r) => r.total_area,
  },
  {
    id: 'availableArea',
    label: 'Available (sq ft)',
    csvHeader: 'Available area (sq ft)',
    numeric: true,
    // Several units may be on offer; the largest is what an investor can take at most.
    value: (r) => maxOrNull(r.available_area),
  },
  {
    id: 'rent',
    label: 'Rent / month',
    csvHeader: 'Monthly rent (INR)',
    numeric: true,
    headline: true,
    value: (r) => r.rent,
  },
  {
    id: 'rentPerSqft',
    label: 'Rent / sq ft',
    csvHeader: 'Monthly rent per sq ft (INR)',
    numeric: true,
    value: (r) => r.rent_per_sqft,
  },
  {
    id: 'lease',
    label: 'Lease (years)',
    csvHeader: 'Lease (years)',
    numeric: true,
    value: (r) => r.lease_years,
  },
  {
    id: 'lockIn',
    label: 'Lock-in (years)',
    csvHeader: 'Lock-in (years)',
    numeric: true,
    value: (r) => r.lock_in_years,
  },
  {
    id: 'deposit',
    label: 'Deposit (months)',
    csvHeader: 'Security deposit (months)',
    numeric: true,
    value: (r) => r.security_deposit_months,
  },
  {
    id: 'escalation',
    label: 'Escalation',
    csvHeader: 'Escalation',
    numeric: false,
    value: (r) => r.escalation,
  },
  {
    id: 'askingPrice',
    label: 'Asking price',
    csvHeader: 'Asking price (INR)',
    numeric: true,
    headline: true,
    value: (r) => r.asking_price,
  },
  {
    id: 'grossYield',
    label: 'Gross yield',
    csvHeader: 'Gross yield (%)',
    numeric: true,
    headline: true,
    value: (r) => r.grossYield,
  },
];

const COLUMN_IDS = new Set<string>(COLUMNS.map((c) => c.id));

const PRICE_COLUMNS = new Set<ColumnId>(['askingPrice', 'grossYield']);

/** The table's columns; asking price and gross yield only when some record has an asking price. */
export function tableColumns(records: readonly TableRecord[]): TableColumn[] {
  const hasPrice = records.some((r) => r.asking_price !== null);
  return COLUMNS.filter((c) => !PRICE_COLUMNS.has(c.id) || hasPrice);
}

/** A cell as shown: Indian digit grouping, units in the header (sq ft, years, months), the dash for a blank. */
export function tableCellText(id: ColumnId, record: TableRecord): string {
  switch (id) {
    case 'tenant':
      return record.tenant;
    case 'building':
      return record.building;
    case 'locality':
      return record.localityName ?? NONE;
    case 'type':
      return record.property_type;
    case 'totalArea':
      return formatNumber(record.total_area);
    case 'availableArea':
      return formatNumberList(record.available_area);
    case 'rent':
      return formatMoney(record.rent, { exact: true });
    case 'rentPerSqft':
      return formatRate(record.rent_per_sqft);
    case 'lease':
      return formatNumber(record.lease_years);
    case 'lockIn':
      return orNone(record.lock_in_years, formatNumber);
    case 'deposit':
      return orNone(record.security_deposit_months, formatNumber);
    case 'escalation':
      return record.escalation ?? NONE;
    case 'askingPrice':
      return orNone(record.asking_price, (price) => formatMoney(price, { exact: true }));
    case 'grossYield':
      return orNone(record.grossYield, formatPercent);
  }
}

/**
 * A rent or asking price cell in parts, for the exact figure to go under the rounded one: the
 * table is where investors compare the full terms, so it never quotes a rounded rent alone
 * (see formatMoney). Null for the other columns and for a blank.
 */
export function tableCellMoney(id: ColumnId, record: TableRecord): ReturnType<typeof moneyParts> | null {
  const amount = id === 'rent' ? record.rent : id === 'askingPrice' ? record.asking_price : null;
  return amount === null ? null : moneyParts(amount);
}

/** One sort key; the same shape as @tanstack/react-table's ColumnSort. */
export interface SortKey {
  id: ColumnId;
  desc: boolean;
}

export interface TableFilter {
  /** Locality key (see localityKey) or null for every locality. */
  locality: string | null;
  type: PropertyType | null;
  /** Words that must all appear in the tenant or the building. */
  query: string;
  /** Highest monthly rent in rupees, or null for any. */
  rentMax: number | null;
  /** Highest asking price in rupees, or null for any; a record without a price is left out once set. */
  priceMax: number | null;
  /** Lowest gross yield in per cent, or null for any; a record without a price is left out once set. */
  yieldMin: number | null;
}

export interface TableState {
  sorting: SortKey[];
  filter: TableFilter;
}

export const DEFAULT_TABLE_STATE: TableState = {
  sorting: [],
  filter: { locality: null, type: null, query: '', rentMax: null, priceMax: null, yieldMin: null },
};

// Made on the first text sort, not on load: a browser's first Intl object costs tens of
// milliseconds (ICU's locale data), which the page's start should not pay.
let collator: Intl.Collator | undefined;

function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}

function compareCells(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/**
 * Records sorted by each key in turn; blank cells go last whichever the
 * direction, and ties keep sheet order.
 */
export function sortRecords(
  records: readonly TableRecord[],
  sorting: readonly SortKey[],
  columns: readonly TableColumn[] = COLUMNS,
): TableRecord[] {
  const keys = sorting.flatMap((key) => {
    const column = columns.find((c) => c.id === key.id);
    return column ? [{ value: column.value, sign: key.desc ? -1 : 1 }] : [];
  });
  return [...records].sort((ra, rb) => {
    for (const { value, sign } of keys) {
      const a = value(ra);
      const b = value(rb);
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
        continue;
      }
      const order = compareCells(a, b);
      if (order !== 0) return order * sign;
    }
    return ra.row - rb.row;
  });
}

/** The order in words, for screen readers: "Rent / month, highest first, then Tenant, A to Z". */
export function describeSorting(sorting: readonly SortKey[], columns: readonly TableColumn[]): string {
  const parts = sorting.flatMap((key) => {
    const column = columns.find((c) => c.id === key.id);
    if (!column) return [];
    const direction = column.numeric
      ? key.desc
        ? 'highest first'
        : 'lowest first'
      : key.desc
        ? 'Z to A'
        : 'A to Z';
    return [`${column.label}, ${direction}`];
  });
  return parts.length === 0 ? 'in the order of our list' : `by ${parts.join(', then ')}`;
}

/** Key of a record's locality for the filter: its locality page route, else the place as written, else "none". */
export function localityKey(record: Pick<TableRecord, 'localityRoute' | 'localityName'>): string {
  return record.localityRoute ?? record.localityName ?? NO_LOCALITY;
}

const NO_LOCALITY = 'none';

export interface FilterOption {
  value: string;
  label: string;
}

/** Localities to filter by: those with a page, in the sheet's order, then other places, then "Not stated". */
export function tableLocalityOptions(
  records: readonly TableRecord[],
  localities: readonly { route: string; name: string }[],
): FilterOption[] {
  const present = new Set(records.map(localityKey));
  const withPage = localities
    .filter((l) => present.has(l.route))
    .map((l) => ({ value: l.route, label: l.name }));
  const pageRoutes = new Set(localities.map((l) => l.route));
  const others = [...present]
    .filter((key) => !pageRoutes.has(key) && key !== NO_LOCALITY)
    .sort(compareText)
    .map((key) => ({ value: key, label: key }));
  const none = present.has(NO_LOCALITY) ? [{ value: NO_LOCALITY, label: 'Not stated' }] : [];
  return [...withPage, ...others, ...none];
}

/** The budget and yield filters, each with the bands that split these records (none where no record has a price). */
export function tableBudgetOptions(records: readonly TableRecord[]) {
  return TABLE_BUDGETS.map((budget) => ({
    param: budget.param,
    ...BOUND_WORDS[budget.param],
    options: budgetBands(budget, records),
  }));
}

/** Lower case without accents, so "cafe" finds "Café". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether any filter is set, for the Clear filters control. */
export const tableFilterActive = (filter: TableFilter) =>
  filter.query !== '' ||
  [filter.locality, filter.type, ...TABLE_BUDGETS.map((budget) => filter[budget.param])].some(
    (v) => v !== null,
  );

export function filterRecords(records: readonly TableRecord[], filter: TableFilter): TableRecord[] {
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  return records.filter((r) => {
    if (filter.locality !== null && localityKey(r) !== filter.locality) return false;
    if (filter.type !== null && r.property_type !== filter.type) return false;
    if (!TABLE_BUDGETS.every((budget) => passesBound(budget, r, filter[budget.param]))) return false;
    if (words.length === 0) return true;
    const haystack = fold(`${r.tenant} ${r.building}`);
    return words.every((w) => haystack.includes(w));
  });
}

/** The rows the table shows for a state: filtered, then sorted. */
export function tableRows(records: readonly TableRecord[], state: TableState): TableRecord[] {
  return sortRecords(filterRecords(records, state.filter), state.sorting, tableColumns(records));
}

const PARAM = {
  sort: 'sort',
  locality: 'locality',
  type: 'type',
  query: 'q',
} as const;

/**
 * Reads the table's state from the address: ?sort=-rent,tenant&locality=mgRoad&type=Bank&q=sbi.
 * A "-" before a column sorts it descending. Anything unknown is ignored, so an old
 * or mistyped link still opens the table.
 */
export function tableStateFromParams(params: URLSearchParams): TableState {
  const seen = new Set<string>();
  const sorting = (params.get(PARAM.sort) ?? '').split(',').flatMap((part): SortKey[] => {
    const desc = part.startsWith('-');
    const id = desc ? part.slice(1) : part;
    if (!COLUMN_IDS.has(id) || seen.has(id)) return [];
    seen.add(id);
    return [{ id: id as ColumnId, desc }];
  });
  const type = params.get(PARAM.type);
  const locality = params.get(PARAM.locality);
  return {
    sorting,
    filter: {
      locality: locality === null || locality === '' ? null : locality,
      type: PROPERTY_TYPES.find((t) => t === type) ?? null,
      query: params.get(PARAM.query) ?? '',
      rentMax: boundFromParam(params.get('rentMax')),
      priceMax: boundFromParam(params.get('priceMax')),
      yieldMin: boundFromParam(params.get('yieldMin')),
    },
  };
}

/** The address query for a state; the default state is an empty query. */
export function tableStateToParams(state: TableState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sorting.length > 0)
    params.set(PARAM.sort, state.sorting.map((s) => `${s.desc ? '-' : ''}${s.id}`).join(','));
  if (state.filter.locality !== null) params.set(PARAM.locality, state.filter.locality);
  if (state.filter.type !== null) params.set(PARAM.type, state.filter.type);
  if (state.filter.query.trim() !== '') params.set(PARAM.query, state.filter.query);
  for (const { param } of TABLE_BUDGETS) {
    const value = state.filter[param];
    if (value !== null) params.set(param, String(value));
  }
  return params;
}

/** Spreadsheets run a cell starting with these as a formula; a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cell values for the file: bare numbers, every available unit, yield in percent to two decimals. */
function csvValue(column: TableColumn, record: TableRecord): CellValue {
  if (column.id === 'availableArea')
    return record.available_area.length === 0 ? null : record.available_area.join('/');
  if (column.id === 'grossYield') return record.grossYield === null ? null : percentOf(record.grossYield);
  if (column.id === 'rentPerSqft') return Math.round(record.rent_per_sqft * 100) / 100;
  return column.value(record);
}

/**
 * The rows as a CSV file for spreadsheets: a header row, then one line per record,
 * CRLF line ends and a byte-order mark so Excel reads the text as UTF-8.
 */
export function tableCsv(rows: readonly TableRecord[], columns: readonly TableColumn[]): string {
  const lines = [
    columns.map((c) => csvField(c.csvHeader)),
    ...rows.map((record) => columns.map((c) => csvField(csvValue(c, record)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
