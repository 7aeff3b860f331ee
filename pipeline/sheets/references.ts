/**
 * Checks between sheets and across rows: names that must point at another
 * sheet's row, and page addresses that must belong to one page only.
 *
 * A reference is compared with the text written in the other sheet, whether or
 * not that row converted, so one mistake is reported once, where it was made.
 * A sheet that could not be read at all is not used for references.
 */
import { pageKeyProblem, splitKeys } from '../../src/schema';
import { closest, didYouMean } from './did-you-mean';
import { localityResolver, spellingKey } from './locality-index';
import { problemAt, type Problem } from './problem';
import { columnTexts, type Tables } from './tables';
import { cellPlace, type TableResult } from './validate-table';

/** Whether a sheet can be referred to by `field`: read to its end, with that column present. */
const usable = (result: TableResult<unknown>, field: string) =>
  result.complete && result.columns?.indexOf.has(field) === true;

/** A row's extra addresses (project aliases, locality route aliases) must belong to nobody else; the schema checked each is a page key. */
function checkAddresses<T>(
  result: TableResult<T>,
  keyField: string,
  aliasField: string,
  problems: Problem[],
): void {
  const owner = new Map<string, { row: number; key: string }>();
  for (const [key, row] of columnTexts(result, keyField)) {
    if (!owner.has(key.toLowerCase())) owner.set(key.toLowerCase(), { row: row.row, key });
  }
  for (const row of result.rows) {
    const data = row.data as Record<string, unknown>;
    // A cell with one bad address still has its good ones checked, so every mistake shows in one run.
    const failed = row.failed?.[aliasField];
    const aliases = Array.isArray(data[aliasField])
      ? (data[aliasField] as string[])
      : failed === undefined
        ? []
        : splitKeys(failed).filter((alias) => pageKeyProblem(alias) === null);
    for (const alias of aliases) {
      const place = cellPlace(result, row, aliasField);
      const taken = owner.get(alias.toLowerCase());
      if (taken === undefined) {
        owner.set(alias.toLowerCase(), { row: row.row, key: String(data[keyField] ?? alias) });
      } else if (taken.row !== row.row) {
        problems.push(
          problemAt(
            place,
            'path-conflict',
            `"${alias}" is already an address of row ${taken.row} ("${taken.key}"). An address can lead to one page only: remove it here or there.`,
          ),
        );
      }
    }
  }
}

function checkSinglePropertyPage(projects: Tables['projects'], problems: Problem[]): void {
  let propertyRow: number | null = null;
  for (const row of projects.rows) {
    if (row.data.page !== 'property') continue;
    if (propertyRow === null) {
      propertyRow = row.row;
    } else {
      problems.push(
        problemAt(
          cellPlace(projects, row, 'page'),
          'path-conflict',
          `Row ${propertyRow} is already the /property page and there is only one. Write "feature" here to give this project its own /feature page.`,
        ),
      );
    }
  }
}

/** A name or spelling that belonged to two localities would place records on either page at random. */
function checkLocalitySpellings(localities: Tables['localities'], problems: Problem[]): void {
  const owner = new Map<string, { row: number; name: string }>();
  for (const row of localities.rows) {
    const { name, spellings = [] } = row.data;
    const written: [field: string, text: string][] = [
      ...(name === undefined ? [] : [['name', name] as [string, string]]),
      ...spellings.map((s): [string, string] => ['spellings', s]),
    ];
    for (const [field, text] of written) {
      const taken = owner.get(spellingKey(text));
      if (taken === undefined) {
        owner.set(spellingKey(text), { row: row.row, name: name ?? text });
      } else if (taken.row !== row.row) {
        problems.push(
          problemAt(
            cellPlace(localities, row, field),
            'duplicate-key',
            `"${text}" is already the name or a spelling of row ${taken.row} ("${taken.name}"). Each way of writing a locality must lead to one locality only.`,
          ),
        );
      }
    }
  }
}

function localityNames(localities: Tables['localities']) {
  return {
    names: localities.rows.flatMap((row) => [row.data.name ?? '', ...(row.data.spellings ?? [])]).filter(Boolean),
    resolve: localityResolver(localities.rows.map((row) => row.data)),
  };
}

function checkProjectLocalities(tables: Tables, problems: Problem[]): void {
  const { projects, localities } = tables;
  if (!usable(localities, 'name')) return;
  const { names, resolve } = localityNames(localities);
  for (const row of projects.rows) {
    const locality = row.data.locality;
    if (locality === undefined || resolve(locality) !== undefined) continue;
    const hint = didYouMean(locality, names) || ` Write one of ${names.map((n) => `"${n}"`).join(', ')}, or add this spelling to the locality in localities.csv.`;
    problems.push(
      problemAt(
        cellPlace(projects, row, 'locality'),
        'unknown-reference',
        `"${locality}" is not a locality in localities.csv, so the project would be on no locality page.${hint}`,
      ),
    );
  }
}

/** Rows of `from` whose `field` must be the slug of a project. */
function checkProjectReference<T extends { project?: string }>(
  from: TableResult<T>,
  projects: Tables['projects'],
  problems: Problem[],
): void {
  if (!usable(projects, 'slug')) return;
  const slugs = columnTexts(projects, 'slug');
  const aliasOwner = new Map<string, string>();
  for (const row of projects.rows) {
    for (const alias of row.data.aliases ?? []) aliasOwner.set(alias, row.data.slug ?? '');
  }
  for (const row of from.rows) {
    const project = row.data.project;
    if (project === undefined || slugs.has(project)) continue;
    const slug = aliasOwner.get(project);
    const message =
      slug === undefined
        ? `"${project}" is not the slug of a project in projects.csv.${didYouMean(project, slugs.keys()) || ' Write the slug exactly as in the slug column of projects.csv.'}`
        : `"${project}" is another address of project "${slug}". Write the project's slug, "${slug}".`;
    problems.push(problemAt(cellPlace(from, row, 'project'), 'unknown-reference', message));
  }
}

function checkHomeTenants(tables: Tables, problems: Problem[]): void {
  const { homePreRented, preRented } = tables;
  if (!usable(preRented, 'tenant')) return;
  const tenants = columnTexts(preRented, 'tenant');
  for (const row of homePreRented.rows) {
    const tenant = row.data.tenant;
    if (tenant === undefined || tenants.has(tenant)) continue;
    problems.push(
      problemAt(
        cellPlace(homePreRented, row, 'tenant'),
        'unknown-reference',
        `"${tenant}" is not a tenant in pre-rented.csv, so the card would lead to an empty page.${didYouMean(tenant, tenants.keys()) || ' Write the tenant exactly as in pre-rented.csv.'}`,
      ),
    );
  }
}

/** Each spelling of a tenant gets its own page; "SBI Bank" and "SBI bank" would even be one file on some systems. */
function checkTenantSpelling(preRented: Tables['preRented'], problems: Problem[]): void {
  const firstSpelling = new Map<string, { row: number; tenant: string }>();
  // Per distinct text, the earlier spelling it differs from (null when it is the first): thousands of rows, few tenants.
  const verdicts = new Map<string, { row: number; tenant: string } | null>();
  for (const row of preRented.rows) {
    const tenant = row.data.tenant;
    if (tenant === undefined) continue;
    let verdict = verdicts.get(tenant);
    if (verdict === undefined) {
      const folded = tenant.toLowerCase();
      const first = firstSpelling.get(folded);
      if (first === undefined) firstSpelling.set(folded, { row: row.row, tenant });
      verdict = first ?? null;
      verdicts.set(tenant, verdict);
    }
    if (verdict === null) continue;
    problems.push(
      problemAt(
        cellPlace(preRented, row, 'tenant'),
        'tenant-spelling',
        `"${tenant}" is written "${verdict.tenant}" in row ${verdict.row}. Write a tenant the same way on every row, capital letters included: all its records share one page.`,
      ),
    );
  }
}

/**
 * Records may name places without a page (NH8, Old Delhi); a near miss of a
 * locality is an error, since the record would be on no locality page.
 */
function checkRecordLocalities(tables: Tables, problems: Problem[]): void {
  const { preRented, localities } = tables;
  if (!usable(localities, 'name')) return;
  const { names, resolve } = localityNames(localities);
  // Thousands of records name the same few places; look each one up once.
  const suggestions = new Map<string, string | null>();
  for (const row of preRented.rows) {
    const locality = row.data.locality;
    if (locality === undefined || locality === null || resolve(locality) !== undefined) continue;
    let suggestion = suggestions.get(locality);
    if (suggestion === undefined) {
      suggestion = closest(locality, names);
      suggestions.set(locality, suggestion);
    }
    if (suggestion === null) continue;
    problems.push(
      problemAt(
        cellPlace(preRented, row, 'locality'),
        'unknown-reference',
        `"${locality}" matches no locality, so this record would be on no locality page. Did you mean "${suggestion}"? Write it so, or add this spelling to the locality in localities.csv. (Places without a page, such as NH8, are fine as they are.)`,
      ),
    );
  }
}

/** Cards of the home page that lead to something hidden are left out: say so, as the card is still in its sheet. */
function checkHiddenCards({ featured, projects, homePreRented, preRented }: Tables, problems: Problem[]): void {
  const hiddenProjects = new Set(projects.rows.filter((row) => row.data.hidden === true).map((row) => row.data.slug));
  for (const row of featured.rows) {
    if (row.data.project === undefined || !hiddenProjects.has(row.data.project)) continue;
    problems.push(
      problemAt(
        cellPlace(featured, row, 'project'),
        'unknown-reference',
        `The project "${row.data.project}" is hidden in projects.csv, so this card is left out of the home page. Delete the card, or show the project again.`,
        'warning',
      ),
    );
  }
  const shownTenants = new Set(preRented.rows.filter((row) => row.data.hidden !== true).map((row) => row.data.tenant));
  const allTenants = new Set(preRented.rows.map((row) => row.data.tenant));
  for (const row of homePreRented.rows) {
    const { tenant } = row.data;
    if (tenant === undefined || !allTenants.has(tenant) || shownTenants.has(tenant)) continue;
    problems.push(
      problemAt(
        cellPlace(homePreRented, row, 'tenant'),
        'unknown-reference',
        `Every record of "${tenant}" in pre-rented.csv is hidden, so this card is left out of the home page. Delete the card, or show a record again.`,
        'warning',
      ),
    );
  }
}

export function checkReferences(tables: Tables, problems: Problem[]): void {
  checkAddresses(tables.localities, 'route', 'route_aliases', problems);
  checkLocalitySpellings(tables.localities, problems);
  checkAddresses(tables.projects, 'slug', 'aliases', problems);
  checkSinglePropertyPage(tables.projects, problems);
  checkProjectLocalities(tables, problems);
  checkProjectReference(tables.highlights, tables.projects, problems);
  checkProjectReference(tables.amenities, tables.projects, problems);
  checkProjectReference(tables.gallery, tables.projects, problems);
  checkProjectReference(tables.featured, tables.projects, problems);
  checkHomeTenants(tables, problems);
  checkTenantSpelling(tables.preRented, problems);
  checkRecordLocalities(tables, problems);
  checkHiddenCards(tables, problems);
}
