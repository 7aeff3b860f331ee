/**
 * Writes the column tables of sheets/README.md from the schemas, so the guide
 * sales staff read cannot drift from what the pipeline accepts. A column's
 * meaning is its field's doc comment in src/schema; whether it may be empty and
 * what it accepts come from its cell converter. Everything else in the README
 * is written by hand; each table sits between two markers naming its sheet.
 *
 * `npm run docs:sheets` writes the tables; with `--check` (part of `npm run
 * check`) it writes nothing and fails when the file differs.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';
import * as schemas from '../src/schema';
import { formatMoney } from '../src/schema/format';

interface Column {
  readonly name: string;
  /** The field's doc comment, on one line. */
  readonly meaning: string;
  /** The converter the field is built from, e.g. `choice(PROJECT_TYPES)`. */
  readonly cell: ts.CallExpression;
}

const SCHEMA_DIR = resolve(import.meta.dirname, '../src/schema');
const README = resolve(import.meta.dirname, '../sheets/README.md');
const WRITE = 'npm run docs:sheets';

/** Choices longer than this are listed under the table rather than in its cell. */
const LONG_CHOICE = 6;

const code = (value: string) => `\`${value}\``;

/** The converter call a field starts from: `text()` in `text().refine(…)`. */
function rootCall(expression: ts.Expression): ts.CallExpression | null {
  let node: ts.Expression = expression;
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
    node = node.expression.expression;
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node : null;
}

interface SchemaSource {
  readonly file: string;
  readonly fields: ts.ObjectLiteralExpression;
  /** The schema's own doc comment: what one row of its sheet is. */
  readonly description: string;
}

/** The object literal of every `export const XSchema = z.object({ … })` in src/schema, by constant name. */
function readSchemaSources(): Map<string, SchemaSource> {
  const found = new Map<string, SchemaSource>();
  for (const file of readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.ts'))) {
    const path = join(SCHEMA_DIR, file);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const { name, initializer } of statement.declarationList.declarations) {
        const fields =
          initializer !== undefined && ts.isCallExpression(initializer)
            ? initializer.arguments[0]
            : undefined;
        if (ts.isIdentifier(name) && fields !== undefined && ts.isObjectLiteralExpression(fields)) {
          const docs = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc);
          const description = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join(' ');
          found.set(name.text, { file, fields, description: description.replace(/\s+/g, ' ').trim() });
        }
      }
    }
  }
  return found;
}

/** One column per field, in the schema's order, with its doc comment and converter. */
function columnsOf(name: string, { file, fields }: SchemaSource): Column[] {
  return fields.properties.filter(ts.isPropertyAssignment).map((property) => {
    const field = property.name.getText();
    const where = `${field} in ${name} (src/schema/${file})`;
    const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
    const meaning = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join(' ');
    if (meaning.trim() === '')
      throw new Error(`${where} has no doc comment; it is what sheets/README.md says the column means.`);
    const cell = rootCall(property.initializer);
    if (cell === null) throw new Error(`${where} is not built from a cell converter of src/schema/cells.ts.`);
    return { name: field, meaning: meaning.replace(/\s+/g, ' ').trim(), cell };
  });
}

const literal = (node: ts.Expression | undefined): string =>
  node !== undefined && ts.isStringLiteralLike(node) ? node.text : '';

/** The values a `choice(…)` accepts: the exported list it names, or the list written in place. */
function choices(node: ts.Expression | undefined): readonly string[] {
  if (node !== undefined && ts.isIdentifier(node)) {
    const list = (schemas as Record<string, unknown>)[node.text];
    if (Array.isArray(list)) return list as string[];
  }
  if (node !== undefined && ts.isArrayLiteralExpression(node)) return node.elements.map(literal);
  throw new Error(
    `Cannot tell which values choice(${node?.getText() ?? ''}) accepts: name an exported list.`,
  );
}

const amount = (unit: string) => (unit === '' ? 'number' : `number (${unit})`);

/** A money column: a price or rent is checked against the bounds listed under "Amounts that look wrong". */
const rupeesOf = (kind: ts.Expression | undefined) =>
  kind === undefined ? 'rupees' : `rupees; a ${literal(kind)} (see "Amounts that look wrong")`;

/** What each cell converter accepts, in the words of the "Forms of values" table. */
const ACCEPTED: Readonly<Record<string, (args: readonly ts.Expression[]) => string>> = {
  text: () => 'text',
  optionalText: () => 'text',
  paragraphs: () => 'text; an empty line between paragraphs',
  money: ([kind]) => rupeesOf(kind),
  optionalMoney: ([kind]) => rupeesOf(kind),
  quantity: ([unit]) => amount(literal(unit)),
  optionalQuantity: ([unit]) => `${amount(literal(unit))}, or ${code('-')}`,
  quantityList: ([unit]) => `${amount(literal(unit))}; several separated by ${code('/')}, or ${code('-')}`,
  choice: ([list]) => choices(list).map(code).join(', '),
  optionalChoice: ([list]) => `${choices(list).map(code).join(', ')}, or empty`,
  yesNo: () => `${code('yes')} or ${code('no')}; empty means no`,
  httpsUrl: () => `web address (${code('https://…')})`,
  httpsUrlOn: ([domain]) => `web address on ${literal(domain)}`,
  siteAddress: () => `web address up to the domain name (${code('https://…')})`,
  emailAddress: () => 'email address',
  optionalEmbedUrl: ([kind]) =>
    `${schemas.EMBED_HOSTS[literal(kind) as keyof typeof schemas.EMBED_HOSTS].join(', ')} address, or the pasted embed code`,
  pageKey: () => 'a page key (see above)',
  pageKeyList: () => `page keys separated by ${code(';')}`,
  imagePath: () => 'picture',
  optionalImagePath: () => 'picture',
};

/** A table cell: one line, no column separator. */
const tableCell = (text: string) => text.replace(/\|/g, '\\|');

/** What a sheet's column (or settings.csv's row) means and accepts, as the README and the console's downloads describe it. */
export interface ColumnDescription {
  readonly name: string;
  /** The field's doc comment, on one line. */
  readonly meaning: string;
  readonly required: boolean;
  /** What the cell accepts, in the words of the "Forms of values" table. */
  readonly accepted: string;
  /** The cell converter the field is built from, e.g. `money` or `choice`. */
  readonly converter: string;
  /** The values a `choice` or `optionalChoice` accepts; empty for other converters. */
  readonly choices: readonly string[];
  /** The unit a quantity is in, e.g. `sq ft`; empty for other converters. */
  readonly unit: string;
}

/** A picture column also says how large its pictures should be. */
function acceptedWithMinimum(accepted: string, schema: z.ZodType | undefined): string {
  const minimum = schema === undefined ? null : schemas.pictureMinimum(schema);
  return minimum === null ? accepted : `${accepted}, at least ${pictureSize(minimum)}`;
}

function describeColumns(schema: z.ZodObject, columns: readonly Column[]): ColumnDescription[] {
  const shape = schema.shape as Readonly<Record<string, z.ZodType>>;
  return columns.map((column) => {
    const converter = column.cell.expression.getText();
    const describe = ACCEPTED[converter];
    if (describe === undefined) {
      throw new Error(
        `${column.name} is built with ${converter}(), which ${WRITE} cannot describe yet: add it to ACCEPTED in pipeline/sheets-readme.ts.`,
      );
    }
    return {
      name: column.name,
      meaning: column.meaning,
      required: shape[column.name]?.safeParse('').success !== true,
      accepted: acceptedWithMinimum(describe(column.cell.arguments), shape[column.name]),
      converter,
      choices:
        converter === 'choice' || converter === 'optionalChoice' ? choices(column.cell.arguments[0]) : [],
      unit: /^(optionalQuantity|quantity|quantityList)$/.test(converter)
        ? literal(column.cell.arguments[0])
        : '',
    };
  });
}

/** The markdown between one sheet's markers: its table, and long lists of choices under it. */
function columnsSection(columns: readonly ColumnDescription[], firstHeader: string): string {
  const lines = [`| ${firstHeader} | Meaning | Required | Accepted |`, '|---|---|---|---|'];
  const lists: string[] = [];
  for (const column of columns) {
    let accepted = column.accepted;
    if (column.converter === 'choice' && column.choices.length > LONG_CHOICE) {
      lists.push(`${code(column.name)} accepts: ${accepted}.`);
      accepted = 'one of the values listed below';
    }
    const required = column.required ? 'yes' : 'optional';
    lines.push(`| ${[column.name, column.meaning, required, accepted].map(tableCell).join(' | ')} |`);
  }
  return [lines.join('\n'), ...lists].join('\n\n');
}

const pictureSize = ({ width, height }: schemas.PictureSize) =>
  height === 0 ? `${width} pixels wide` : `${width} × ${height} pixels`;

const percent = (fraction: number) => `${(fraction * 100).toLocaleString('en-IN')} %`;

/** Where each kind of amount is typed: "`price_from` (projects.csv)". */
function amountColumns(kind: schemas.AmountKind): string {
  const columns = Object.values(schemas.SHEETS).flatMap((sheet) =>
    Object.entries(sheet.schema.shape as Readonly<Record<string, z.ZodType>>)
      .filter(([, schema]) => schemas.amountKind(schema) === kind)
      .map(([field]) => `${code(field)} (${sheet.file})`),
  );
  return columns.join(', ');
}

/** The picture columns whose pictures should be at least `size`. */
function pictureColumns(size: schemas.PictureSize): string {
  return Object.values(schemas.SHEETS)
    .flatMap((sheet) =>
      Object.entries(sheet.schema.shape as Readonly<Record<string, z.ZodType>>)
        .filter(([, schema]) => schemas.pictureMinimum(schema) === size)
        .map(([field]) => `${code(field)} (${sheet.file})`),
    )
    .join(', ');
}

/** The bounds of src/schema/bounds.ts as a table: what the check calls an error, what a warning. */
function boundsSection(): string {
  const { price, rent, grossYield } = schemas.AMOUNT_BOUNDS;
  const money = (range: schemas.Range) => `under ${formatMoney(range.min)} or over ${formatMoney(range.max)}`;
  const rows = [
    ['Price', amountColumns('price'), money(price.possible), money(price.usual)],
    ['Monthly rent', amountColumns('rent'), money(rent.possible), money(rent.usual)],
    [
      'Gross yield',
      `12 × ${code('rent')} ÷ ${code('asking_price')} (pre-rented.csv)`,
      `under ${percent(grossYield.possible.min)} or over ${percent(grossYield.possible.max)}`,
      `under ${percent(grossYield.usual.min)} or over ${percent(grossYield.usual.max)}`,
    ],
  ];
  const pictures = Object.values(schemas.PICTURE_SIZES).map(
    (size) => `| Pictures for ${size.use} | ${pictureColumns(size)} | | smaller than ${pictureSize(size)} |`,
  );
  return [
    '| Amount | Columns | Error: cannot be right | Warning: unusual |',
    '|---|---|---|---|',
    ...rows.map((cells) => `| ${cells.map(tableCell).join(' | ')} |`),
    ...pictures,
  ].join('\n');
}

const BOUNDS_START = `<!-- bounds: written by ${WRITE} from src/schema/bounds.ts; edit that, not this table -->`;
const BOUNDS_END = '<!-- end of bounds -->';

export interface SheetDescription {
  /** The schema's doc comment: what the sheet holds. */
  readonly description: string;
  readonly columns: readonly ColumnDescription[];
}

/** Every sheet's columns (settings.csv: its settings), by file name, in the schemas' order. */
export function sheetColumns(): Map<string, SheetDescription> {
  const sources = readSchemaSources();
  const schemaNames = new Map(
    Object.entries(schemas).map(([name, value]) => [value as unknown, name] as const),
  );
  const described = new Map<string, SheetDescription>();
  for (const sheet of Object.values(schemas.SHEETS)) {
    const name = schemaNames.get(sheet.schema);
    const source = name === undefined ? undefined : sources.get(name);
    if (name === undefined || source === undefined) {
      throw new Error(`The schema of ${sheet.file} is not an exported z.object({ … }) in src/schema.`);
    }
    described.set(sheet.file, {
      description: source.description,
      columns: describeColumns(sheet.schema, columnsOf(name, source)),
    });
  }
  return described;
}

const startMarker = (file: string) =>
  `<!-- columns of ${file}: written by ${WRITE} from the doc comments in src/schema; edit those, not this table -->`;
const endMarker = (file: string) => `<!-- end of columns of ${file} -->`;

/** The README with every sheet's table written afresh from the schemas. */
export function withColumnTables(readme: string): string {
  const described = sheetColumns();
  let text = readme;
  for (const sheet of Object.values(schemas.SHEETS)) {
    const start = text.indexOf(startMarker(sheet.file));
    const end = text.indexOf(endMarker(sheet.file));
    if (start === -1 || end < start) {
      throw new Error(
        `sheets/README.md has no place for the columns of ${sheet.file}. Put these two lines where they belong:\n${startMarker(sheet.file)}\n${endMarker(sheet.file)}`,
      );
    }
    const section = columnsSection(
      described.get(sheet.file)?.columns ?? [],
      sheet.kind === 'settings' ? 'setting' : 'Column',
    );
    const head = text.slice(0, start + startMarker(sheet.file).length);
    text = `${head}\n\n${section}\n\n${text.slice(end)}`;
  }
  const start = text.indexOf(BOUNDS_START);
  const end = text.indexOf(BOUNDS_END);
  if (start === -1 || end < start) {
    throw new Error(
      `sheets/README.md has no place for the bounds of amounts and pictures. Put these two lines where they belong:\n${BOUNDS_START}\n${BOUNDS_END}`,
    );
  }
  return `${text.slice(0, start + BOUNDS_START.length)}\n\n${boundsSection()}\n\n${text.slice(end)}`;
}

function main(check: boolean): number {
  const readme = readFileSync(README, 'utf8');
  const written = withColumnTables(readme);
  if (written === readme) return 0;
  if (check) {
    console.error(
      `sheets/README.md does not match the doc comments in src/schema. Run ${WRITE} and commit the result.`,
    );
    return 1;
  }
  writeFileSync(README, written);
  console.log(`Wrote the column tables of sheets/README.md.`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  try {
    process.exitCode = main(process.argv.includes('--check'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
