import { describe, expect, it } from 'vitest';
import type { SortKey, TableState } from '../../src/data/table';
import {
  csvField,
  DEFAULT_TABLE_STATE,
  describeSorting,
  filterRecords,
  localityKey,
  sortRecords,
  tableCellMoney,
  tableCellText,
  tableColumns,
  tableCsv,
  tableLocalityOptions,
  tableRows,
  tableBudgetOptions,
  tableStateFromParams,
  tableStateToParams,
} from '../../src/data/table';
import { LOCALITIES, RECORDS, record } from './data-fixture';

const rows = (sorting: SortKey[]) => sortRecords(RECORDS, sorting, tableColumns(RECORDS)).map((r) => r.row);
const filter = (f: Partial<TableState['filter']>) =>
  filterRecords(RECORDS, { ...DEFAULT_TABLE_STATE.filter, ...f }).map((r) => r.row);

describe('tableColumns', () => {
  it('adds asking price and gross yield only when some record has an asking price', () => {
    expect(tableColumns(RECORDS).map((c) => c.id)).toContain('askingPrice');
    expect(tableColumns(RECORDS).map((c) => c.id)).toContain('grossYield');
    const withoutPrices = RECORDS.map((r) => ({ ...r, asking_price: null, grossYield: null }));
    expect(tableColumns(withoutPrices).map((c) => c.id)).toEqual([
      'tenant',
      'building',
      'locality',
      'type',
      'totalArea',
      'availableArea',
      'rent',
      'rentPerSqft',
      'lease',
      'lockIn',
      'deposit',
      'escalation',
    ]);
  });
});

describe('sortRecords', () => {
  it('keeps sheet order without keys', () => {
    expect(rows([])).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('sorts money as numbers, not as the text people read', () => {
    // As text "₹95,340" would come after "₹2,08,439" and "₹10,80,000" before "₹2,08,439".
    expect(rows([{ id: 'rent', desc: false }])).toEqual([4, 6, 2, 7, 3, 5]);
    expect(rows([{ id: 'rent', desc: true }])).toEqual([5, 3, 7, 2, 6, 4]);
  });

  it('puts blank cells last whichever the direction', () => {
    expect(rows([{ id: 'lockIn', desc: false }])).toEqual([2, 4, 6, 7, 5, 3]);
    expect(rows([{ id: 'lockIn', desc: true }])).toEqual([5, 2, 4, 6, 7, 3]);
    expect(rows([{ id: 'grossYield', desc: true }]).at(0)).toBe(2);
    expect(rows([{ id: 'locality', desc: true }]).at(-1)).toBe(6);
  });

  it('sorts available area by the largest unit on offer, none last', () => {
    expect(rows([{ id: 'availableArea', desc: true }])).toEqual([3, 2, 4, 5, 6, 7]);
  });

  it('sorts text alphabetically without regard to case or accents', () => {
    expect(rows([{ id: 'tenant', desc: false }])).toEqual([6, 4, 5, 3, 7, 2]);
  });

  it('breaks ties with the next key, then sheet order', () => {
    expect(
      rows([
        { id: 'type', desc: false },
        { id: 'rent', desc: true },
      ]),
    ).toEqual([2, 3, 5, 7, 6, 4]);
    expect(rows([{ id: 'type', desc: false }])).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('ignores a key whose column the table does not have', () => {
    const noYield = RECORDS.map((r) => ({ ...r, asking_price: null, grossYield: null }));
    expect(
      sortRecords(noYield, [{ id: 'grossYield', desc: true }], tableColumns(noYield)).map((r) => r.row),
    ).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('filterRecords', () => {
  it('filters by locality page, by a place without a page, and by none stated', () => {
    expect(filter({ locality: 'golfCourseRoad' })).toEqual([2, 4]);
    expect(filter({ locality: 'NH8' })).toEqual([7]);
    expect(filter({ locality: 'none' })).toEqual([6]);
  });

  it('filters by property type', () => {
    expect(filter({ type: 'Retail' })).toEqual([4, 5, 6, 7]);
    expect(filter({ type: 'Office' })).toEqual([3]);
  });

  it('searches tenant and building; every word must match, case and accents aside', () => {
    expect(filter({ query: 'nykaa' })).toEqual([3, 7]);
    expect(filter({ query: '  nykaa   mall ' })).toEqual([7]);
    expect(filter({ query: 'cafe SAHARA' })).toEqual([4]);
    expect(filter({ query: 'worldmark' })).toEqual([3]);
    expect(filter({ query: 'nothing like this' })).toEqual([]);
  });

  it('combines the filters', () => {
    expect(filter({ query: 'nykaa', type: 'Retail', locality: 'NH8' })).toEqual([7]);
    expect(filter({ query: 'nykaa', locality: 'golfCourseRoad' })).toEqual([]);
  });
});

describe('budget and yield filters', () => {
  it('keeps rents up to the bound, and prices and yields only where the record has a price', () => {
    expect(filter({ rentMax: 200000 })).toEqual([4, 6]);
    expect(filter({ priceMax: 50000000 })).toEqual([2]);
    expect(filter({ priceMax: 10000000 })).toEqual([]);
    expect(filter({ yieldMin: 7 })).toEqual([2]);
    expect(filter({ yieldMin: 7.5 })).toEqual([]);
    expect(filter({ rentMax: 200000, type: 'Retail' })).toEqual([4, 6]);
  });

  it('offers only the bands that split the records', () => {
    const bands = (records: typeof RECORDS) =>
      Object.fromEntries(tableBudgetOptions(records).map((budget) => [budget.param, budget.options]));
    expect(tableBudgetOptions(RECORDS).map(({ param, legend }) => [param, legend])).toEqual([
      ['rentMax', 'Monthly rent'],
      ['priceMax', 'Budget'],
      ['yieldMin', 'Gross yield'],
    ]);
    expect(bands(RECORDS)).toEqual({
      rentMax: [
        { value: '100000', label: 'Up to ₹1 L/month' },
        { value: '200000', label: 'Up to ₹2 L/month' },
        { value: '500000', label: 'Up to ₹5 L/month' },
        { value: '1000000', label: 'Up to ₹10 L/month' },
      ],
      priceMax: [],
      yieldMin: [],
    });
    const priced = RECORDS.map((r, i) => ({ ...r, asking_price: 2e7 * (i + 1), grossYield: 0.05 + i / 100 }));
    const options = bands(priced);
    expect(options.priceMax?.map((o) => o.label)).toEqual(['Up to ₹2 Cr', 'Up to ₹5 Cr', 'Up to ₹10 Cr']);
    expect(options.yieldMin?.map((o) => o.label)).toEqual([
      '6% or more',
      '7% or more',
      '8% or more',
      '9% or more',
    ]);
  });
});

describe('tableRows', () => {
  it('filters, then sorts', () => {
    const state: TableState = {
      sorting: [{ id: 'rent', desc: true }],
      filter: { locality: null, type: 'Retail', query: '', rentMax: null, priceMax: null, yieldMin: null },
    };
    expect(tableRows(RECORDS, state).map((r) => r.row)).toEqual([5, 7, 6, 4]);
  });
});

describe('table state in the address', () => {
  it('round-trips sort keys, filters and search', () => {
    const state: TableState = {
      sorting: [
        { id: 'rent', desc: true },
        { id: 'tenant', desc: false },
      ],
      filter: {
        locality: 'mgRoad',
        type: 'Bank',
        query: 'sbi bank',
        rentMax: null,
        priceMax: null,
        yieldMin: null,
      },
    };
    const params = tableStateToParams(state);
    expect(params.toString()).toBe('sort=-rent%2Ctenant&locality=mgRoad&type=Bank&q=sbi+bank');
    expect(tableStateFromParams(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('keeps the budget and yield bounds, and ignores bounds that are not positive numbers', () => {
    const params = new URLSearchParams('rentMax=500000&priceMax=50000000&yieldMin=7.5');
    const state = tableStateFromParams(params);
    expect(state.filter).toMatchObject({ rentMax: 500000, priceMax: 50000000, yieldMin: 7.5 });
    expect(tableStateToParams(state).toString()).toBe(params.toString());
    for (const bad of ['abc', '-5', '0', '1e9', ''])
      expect(tableStateFromParams(new URLSearchParams({ rentMax: bad })).filter.rentMax).toBeNull();
  });

  it('writes nothing for the default state', () => {
    expect(tableStateToParams(DEFAULT_TABLE_STATE).toString()).toBe('');
    expect(tableStateFromParams(new URLSearchParams())).toEqual(DEFAULT_TABLE_STATE);
  });

  it('ignores unknown columns, repeated columns and unknown types', () => {
    const state = tableStateFromParams(new URLSearchParams('sort=-price,rent,-rent,,lease&type=Warehouse'));
    expect(state.sorting).toEqual([
      { id: 'rent', desc: false },
      { id: 'lease', desc: false },
    ]);
    expect(state.filter.type).toBeNull();
  });
});

describe('tableCellText', () => {
  it('writes figures with Indian grouping, and a dash for blanks', () => {
    const [sbi, nykaa, cafe] = RECORDS as [(typeof RECORDS)[0], (typeof RECORDS)[0], (typeof RECORDS)[0]];
    expect(tableCellText('rent', sbi)).toBe('₹2.08 L (₹2,08,439)');
    expect(tableCellText('rent', record(9, { rent: 1556325 }))).toBe('₹15.56 L (₹15,56,325)');
    expect(tableCellText('rent', record(9, { rent: 176000 }))).toBe('₹1.76 L');
    expect(tableCellMoney('rent', sbi)).toEqual({ figure: '₹2.08 L', exact: '₹2,08,439' });
    expect(tableCellMoney('askingPrice', cafe)).toBeNull();
    expect(tableCellMoney('totalArea', sbi)).toBeNull();
    expect(tableCellText('totalArea', nykaa)).toBe('9,200');
    expect(tableCellText('availableArea', nykaa)).toBe('4,600 / 9,200');
    expect(tableCellText('availableArea', sbi)).toBe('—');
    expect(tableCellText('rentPerSqft', sbi)).toBe('₹112.67');
    expect(tableCellText('lockIn', nykaa)).toBe('—');
    expect(tableCellText('lockIn', sbi)).toBe('3');
    expect(tableCellText('deposit', cafe)).toBe('—');
    expect(tableCellText('deposit', sbi)).toBe('6');
    expect(tableCellText('lease', sbi)).toBe('9');
    expect(tableCellText('escalation', cafe)).toBe('—');
    expect(tableCellText('askingPrice', sbi)).toBe('₹3.57 Cr');
    expect(tableCellText('askingPrice', cafe)).toBe('—');
    expect(tableCellText('grossYield', sbi)).toBe('7.01%');
    expect(tableCellText('grossYield', cafe)).toBe('—');
    expect(tableCellText('locality', record(8, { localityName: null }))).toBe('—');
  });
});

describe('describeSorting', () => {
  it('says the order in words', () => {
    const columns = tableColumns(RECORDS);
    expect(describeSorting([], columns)).toBe('in the order of our list');
    expect(
      describeSorting(
        [
          { id: 'rent', desc: true },
          { id: 'tenant', desc: false },
        ],
        columns,
      ),
    ).toBe('by Rent / month, highest first, then Tenant, A to Z');
  });
});

describe('tableLocalityOptions', () => {
  it('lists localities with a page in sheet order, then other places, then "Not stated"', () => {
    expect(tableLocalityOptions(RECORDS, LOCALITIES)).toEqual([
      { value: 'golfCourseRoad', label: 'Golf Course Road' },
      { value: 'golfCourseExtention', label: 'Golf Course Extension' },
      { value: 'dwarkaExpressWay', label: 'Dwarka Expressway' },
      { value: 'NH8', label: 'NH8' },
      { value: 'none', label: 'Not stated' },
    ]);
  });

  it('keys a record by its locality page, else its place', () => {
    expect(localityKey({ localityRoute: 'mgRoad', localityName: 'MG Road' })).toBe('mgRoad');
    expect(localityKey({ localityRoute: null, localityName: 'Old Delhi' })).toBe('Old Delhi');
    expect(localityKey({ localityRoute: null, localityName: null })).toBe('none');
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Plain')).toBe('Plain');
    expect(csvField('Shop 4, Ground Floor')).toBe('"Shop 4, Ground Floor"');
    expect(csvField('The "Hub"')).toBe('"The ""Hub"""');
    expect(csvField('Line\nbreak')).toBe('"Line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(null)).toBe('');
  });

  it('writes the rows in view with bare numbers', () => {
    const shown = tableRows(RECORDS, {
      sorting: [{ id: 'rent', desc: true }],
      filter: { locality: null, type: 'Office', query: '', rentMax: null, priceMax: null, yieldMin: null },
    });
    const lines = tableCsv(shown, tableColumns(RECORDS)).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFTenant,Building,Locality,Property type,Total area (sq ft),Available area (sq ft),Monthly rent (INR),Monthly rent per sq ft (INR),Lease (years),Lock-in (years),Security deposit (months),Escalation,Asking price (INR),Gross yield (%)',
    );
    expect(lines[1]).toBe(
      'NYKAA,Worldmark 65,Golf Course Extension,Office,9200,4600/9200,828009,90,9,,6,15% every 3 years,,',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('gives yield in percent and rounds rates to paise', () => {
    const [line] = tableCsv(
      [record(2, { asking_price: 35700000, grossYield: 0.0701, rent_per_sqft: 112.666666 })],
      tableColumns(RECORDS),
    )
      .split('\r\n')
      .slice(1);
    expect(line?.endsWith(',112.67,9,3,6,15% every 3 years,35700000,7.01')).toBe(true);
  });
});
