/**
 * Converters from one spreadsheet cell (always text) to a typed value.
 *
 * Every failure message is written for the sales person who typed the cell:
 * it says what was found, what was expected and how to write it. The pipeline
 * adds the sheet, row and column. `params.code` names the kind of mistake for
 * JSON output; `params.allowed` lists the accepted words of a choice so the
 * pipeline can suggest the closest one.
 *
 * The pipeline runs these on every cell (100,000-row sheets included), so each
 * converter is a single transform over plain functions, and numbers are read
 * by a small scanner rather than regular expressions.
 */
import { z } from 'zod';
import { formatMoney } from './format';
import { AMOUNT_BOUNDS, type AmountKind, type Bounds, type PictureSize } from './bounds';

export type CellErrorCode =
  | 'required'
  | 'money'
  | 'number'
  | 'list'
  | 'choice'
  | 'yes-no'
  | 'url'
  | 'embed-host'
  | 'url-key'
  | 'control-character'
  | 'image-path'
  | 'date'
  | 'amount';

function fail(
  ctx: z.RefinementCtx,
  code: CellErrorCode,
  message: string,
  allowed?: readonly string[],
): never {
  ctx.addIssue({ code: 'custom', message, params: allowed === undefined ? { code } : { code, allowed } });
  return z.NEVER as never;
}

/**
 * Control characters (U+0000–U+001F and U+007F) other than tab and line break:
 * no spreadsheet shows them, and they come from text pasted out of other
 * programs. A line break inside a cell is always quoted, or it would have
 * ended the row.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER, 'g');

/** The text without its control characters: what a header or setting name means, once the stray character is reported. */
export const withoutControlCharacters = (raw: string): string => raw.replace(EVERY_CONTROL_CHARACTER, '');

/** Where a cell holds a control character, in words; null when it holds none. */
export function controlCharacterProblem(raw: string): string | null {
  const found = CONTROL_CHARACTER.exec(raw);
  if (found === null) return null;
  const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const before = raw.slice(0, found.index).replace(CONTROL_CHARACTER, '').slice(-20).trim();
  const where = before === '' ? 'at the start of the cell' : `right after "${before}"`;
  return `This cell holds an invisible control character (${code}) ${where}, usually left by text pasted from another program. Delete that character, or type the cell again.`;
}

/**
 * A converter of one cell: `convert` runs on text that holds no control
 * character. One transform rather than a check then a transform: the pipeline
 * runs this on a million cells.
 */
const cell = <T>(convert: (raw: string, ctx: z.RefinementCtx) => T) =>
  z.string().transform((raw, ctx): T => {
    const problem = controlCharacterProblem(raw);
    return problem === null ? convert(raw, ctx) : fail(ctx, 'control-character', problem);
  });

const NONE_MARKERS = new Set(['', '-', '–', '—', 'na', 'n/a', 'nil', 'none']);

function isNone(value: string): boolean {
  const text = value.trim();
  return text.length <= 4 && NONE_MARKERS.has(text.toLowerCase());
}

/** A required text cell. Surrounding spaces are dropped. */
export const text = () =>
  cell((raw, ctx) => {
    const value = raw.trim();
    return value === '' ? fail(ctx, 'required', 'This cell is empty; it must be filled in.') : value;
  });

/** A text cell that may be left empty; empty becomes `null`. */
export const optionalText = () =>
  cell((raw) => {
    const value = raw.trim();
    return value === '' ? null : value;
  });

/** Paragraphs separated by an empty line (Alt+Enter twice in Excel). */
export const paragraphs = () =>
  text().transform((value) =>
    value
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.replace(/\s*\r?\n\s*/g, ' ').trim())
      .filter((p) => p !== ''),
  );

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Reads a number starting at `from` the way people group digits: Indian lakh
 * grouping (2,08,439 and 6,33,00,000), international thousands (208,439) or
 * none, then an optional decimal part. A comma anywhere else (12,34,5) is a
 * typo, so the number is refused rather than guessed. Returns the number and
 * where it ends. Written out rather than as a regular expression: the pipeline
 * reads a million cells and this is its busiest code.
 */
function scanNumber(text: string, from: number): { value: number; end: number } | null {
  let i = from;
  let commas = 0;
  let group = 0;
  let firstGroup = 0;
  let lakhGroups = true;
  let thousandGroups = true;
  // Whole numbers are added up digit by digit: exact below 2^53, and no string to build.
  let whole = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isDigit(code)) {
      group++;
      whole = whole * 10 + (code - 48);
    } else if (code === 44 && group > 0) {
      if (commas === 0) firstGroup = group;
      else {
        lakhGroups &&= group === 2;
        thousandGroups &&= group === 3;
      }
      commas++;
      group = 0;
    } else {
      break;
    }
  }
  if (commas > 0) {
    const lakh = lakhGroups && commas >= 2 && firstGroup <= 2;
    const thousands = thousandGroups && firstGroup <= 3;
    if (group !== 3 || !(lakh || thousands)) return null;
  }
  if (text.charCodeAt(i) !== 46 || !isDigit(text.charCodeAt(i + 1))) {
    return commas > 0 || group > 0 ? { value: whole, end: i } : null;
  }
  for (i += 1; i < text.length && isDigit(text.charCodeAt(i)); i++);
  // With a decimal part, let the engine read the digits: adding the parts could round differently.
  const digits = text.slice(from, i);
  return { value: Number(commas > 0 ? digits.replace(/,/g, '') : digits), end: i };
}

/** Where the number starts after a rupee sign, "Rs", "Rs." or "INR" and spaces. */
function afterCurrency(text: string): number {
  const first = text.charCodeAt(0) | 0x20;
  let i = 0;
  if (text.charCodeAt(0) === 0x20b9) i = 1;
  else if (first === 0x72 && (text.charCodeAt(1) | 0x20) === 0x73) i = text.charCodeAt(2) === 46 ? 3 : 2;
  else if (first === 0x69 && text.slice(0, 3).toLowerCase() === 'inr') i = 3;
  while (text.charCodeAt(i) === 32) i++;
  return i;
}

const MONEY_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  l: 1e5,
  cr: 1e7,
  crore: 1e7,
  crores: 1e7,
};

/** Parses rupee amounts as people type them (₹2,08,439, 2.08 Lakh, 1.5 Cr, Rs. 95,340/-); returns whole rupees or null. */
export function parseMoney(raw: string): number | null {
  const text = raw.trim();
  const start = afterCurrency(text);
  // An amount starts with a digit: ".5 Cr" is more likely a typo than half a crore.
  const number = isDigit(text.charCodeAt(start)) ? scanNumber(text, start) : null;
  if (number === null) return null;
  if (number.end === text.length) return Math.round(number.value);
  let unit = text.slice(number.end).trim().toLowerCase();
  if (unit.endsWith('/-')) unit = unit.slice(0, -2).trimEnd();
  if (unit.endsWith('.')) unit = unit.slice(0, -1);
  const multiplier = MONEY_UNITS[unit];
  return multiplier === undefined ? null : Math.round(number.value * multiplier);
}

const MONEY_HELP = 'Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr.';

/** The number as typed and its unit word ("6.33", "" or "2.08", "lakh"), or null. */
function typedAmount(raw: string): { number: string; unit: string } | null {
  const text = raw.trim();
  const start = afterCurrency(text);
  const number = scanNumber(text, start);
  if (number === null) return null;
  const unit = text
    .slice(number.end)
    .trim()
    .toLowerCase()
    .replace(/\/-$|\.$/, '')
    .trim();
  return { number: text.slice(start, number.end), unit };
}

/**
 * What a too-small amount was probably meant to be, as the person should write
 * it: a price typed without its unit is crores when small (6.33 → 6.33 Cr),
 * else lakhs; a rent without its unit is lakhs; lakhs written where crores
 * were meant become crores. Null when no single guess stands out.
 */
function meantInstead(raw: string, kind: AmountKind): string | null {
  const typed = typedAmount(raw);
  if (typed === null) return null;
  const n = Number(typed.number.replace(/,/g, ''));
  const unit = MONEY_UNITS[typed.unit];
  if (unit === 1e5 && kind === 'price') return `${typed.number} Cr`;
  if (unit !== 1) return null;
  if (kind === 'price') return n < 100 ? `${typed.number} Cr` : `${typed.number} Lakh`;
  return n < 100 ? `${typed.number} Lakh` : null;
}

/** The amount with as many zeros fewer as bring it within the usual range. */
function fewerZeros(value: number, bounds: Bounds): number {
  let amount = value;
  while (amount > bounds.usual.max) amount /= 10;
  return Math.round(amount);
}

/** Why an amount cannot be right for `kind`, with what was probably meant; null when it can. */
function impossibleAmount(raw: string, value: number, kind: AmountKind): string | null {
  const bounds = AMOUNT_BOUNDS[kind];
  const { min, max } = bounds.possible;
  // Runs on every amount of a 100,000-row sheet: words only for the few out of bounds.
  if (value >= min && value <= max) return null;
  const read = `"${raw.trim()}" reads as ${formatMoney(value)}`;
  if (value < min) {
    const meant = meantInstead(raw, kind);
    const fix =
      meant === null
        ? `Write the whole amount in rupees, with Lakh or Cr if you like, such as ${kind === 'price' ? '85 Lakh or 2.5 Cr' : '85,000 or 2.08 Lakh'}.`
        : `Probably ${formatMoney(parseMoney(meant) ?? 0)} was meant: write ${meant}.`;
    return `${read}, too little for ${bounds.what} (at least ${formatMoney(min)}). ${fix}`;
  }
  if (value > max) {
    return `${read}, more than ${bounds.what} can be (at most ${formatMoney(max)}). Check the zeros: ${formatMoney(fewerZeros(value, bounds))} perhaps?`;
  }
  return null;
}

/** Money cells that hold a price or a rent, for the pipeline's check of unusual amounts. */
const AMOUNT_CELLS = new WeakMap<z.ZodType, AmountKind>();

/** Whether a column holds a price or a rent (and so has bounds), or null. */
export function amountKind(schema: z.ZodType): AmountKind | null {
  return AMOUNT_CELLS.get(schema) ?? null;
}

function amountCell<S extends z.ZodType>(schema: S, kind: AmountKind | undefined): S {
  if (kind !== undefined) AMOUNT_CELLS.set(schema, kind);
  return schema;
}

function moneyCell(raw: string, ctx: z.RefinementCtx, kind: AmountKind | undefined): number {
  const value = parseMoney(raw);
  if (value === null) return fail(ctx, 'money', `"${raw.trim()}" is not an amount. ${MONEY_HELP}`);
  if (value <= 0)
    return fail(ctx, 'money', `"${raw.trim()}" is zero; the amount must be more than 0. ${MONEY_HELP}`);
  const impossible = kind === undefined ? null : impossibleAmount(raw, value, kind);
  return impossible === null ? value : fail(ctx, 'amount', impossible);
}

/** A required rupee amount; a price or rent must lie within its possible bounds (src/schema/bounds.ts). */
export const money = (kind?: AmountKind) =>
  amountCell(
    cell((raw, ctx) =>
      raw.trim() === ''
        ? fail(ctx, 'required', `This cell is empty. ${MONEY_HELP}`)
        : moneyCell(raw, ctx, kind),
    ),
    kind,
  );

/** A rupee amount that may be left empty or written as "-". */
export const optionalMoney = (kind?: AmountKind) =>
  amountCell(
    cell((raw, ctx) => (isNone(raw) ? null : moneyCell(raw, ctx, kind))),
    kind,
  );

/** How a unit may be written after a number, compared without case, spaces or dots. */
interface UnitSpelling {
  readonly words: ReadonlySet<string>;
  /** Whether a rupee sign may come first (₹46.3/sq ft). */
  readonly currency: boolean;
}

const NO_UNIT: UnitSpelling = { words: new Set(), currency: false };

/**
 * Unit words accepted per unit named by `quantity`. A unit word that does not
 * belong to the column ("108 months" under lease years) is refused instead of
 * silently read as the column's unit.
 */
const UNIT_SPELLINGS: Readonly<Record<string, UnitSpelling>> = {
  'sq ft': {
    words: new Set(['sqft', 'sft', 'sqfeet', 'squarefeet', 'squarefoot', 'squareft']),
    currency: false,
  },
  years: { words: new Set(['y', 'yr', 'yrs', 'year', 'years']), currency: false },
  months: { words: new Set(['mo', 'mos', 'month', 'months']), currency: false },
  stars: { words: new Set(['star', 'stars']), currency: false },
  'rupees per sq ft': {
    words: new Set(['/sqft', 'persqft', '/sft', 'persft', 'psf', '/sqftpermonth', 'persqftpermonth']),
    currency: true,
  },
};

function readQuantity(raw: string, spelling: UnitSpelling): number | null {
  const text = raw.trim();
  const number = scanNumber(text, spelling.currency ? afterCurrency(text) : 0);
  if (number === null) return null;
  if (number.end === text.length) return number.value;
  return spelling.words.has(text.slice(number.end).toLowerCase().replace(/[\s.]/g, '')) ? number.value : null;
}

const spellingOf = (unit: string): UnitSpelling => UNIT_SPELLINGS[unit] ?? NO_UNIT;

/**
 * Parses "2,500", "2500 sq ft", "9 years" or "₹46.3/sq ft" to a number. The
 * text after the number must be one of `unit`'s spellings (see UNIT_SPELLINGS);
 * with no unit, only a bare number is accepted.
 */
export function parseNumber(raw: string, unit = ''): number | null {
  return readQuantity(raw, spellingOf(unit));
}

const aNumberOf = (unit: string) =>
  unit === '' ? 'a number' : unit === 'year' ? 'a year' : `a number of ${unit}`;

/** A number with a unit the sheet column already states (sq ft, years, months, stars). */
export const quantity = (unit: string, example: string) => {
  const spelling = spellingOf(unit);
  return cell((raw, ctx) => {
    if (raw.trim() === '')
      return fail(ctx, 'required', `This cell is empty. Write ${aNumberOf(unit)}, such as ${example}.`);
    const value = readQuantity(raw, spelling);
    if (value === null)
      return fail(
        ctx,
        'number',
        `"${raw.trim()}" is not ${aNumberOf(unit)}. Write a number such as ${example}.`,
      );
    return value > 0
      ? value
      : fail(ctx, 'number', `"${raw.trim()}" is zero; it must be more than 0, such as ${example}.`);
  });
};

/** Like `quantity`, but an empty cell or "-" means "none" and becomes `null`. */
export const optionalQuantity = (unit: string, example: string) => {
  const spelling = spellingOf(unit);
  return cell((raw, ctx) => {
    if (isNone(raw)) return null;
    const value = readQuantity(raw, spelling);
    return value === null
      ? fail(
          ctx,
          'number',
          `"${raw.trim()}" is not ${aNumberOf(unit)}. Write a number such as ${example}, or "-" for none.`,
        )
      : value;
  });
};

const LIST_SEPARATOR = /\s*[/;|]\s*/;

/** Several numbers separated by "/" (e.g. available areas "2500/3000/4500"); empty or "-" is an empty list. */
export const quantityList = (unit: string, example: string) => {
  const spelling = spellingOf(unit);
  return cell((raw, ctx) => {
    if (isNone(raw)) return [];
    const values: number[] = [];
    for (const part of raw.trim().split(LIST_SEPARATOR)) {
      const value = readQuantity(part, spelling);
      if (value === null || value <= 0) {
        return fail(
          ctx,
          'list',
          `"${raw.trim()}" is not a list of ${unit}. Write numbers separated by "/", such as ${example}, or "-" for none.`,
        );
      }
      values.push(value);
    }
    return values;
  });
};

/** Reads one of the allowed words, matched without regard to case; `optional` lets an empty cell or "-" be null. */
function choiceOf<const T extends readonly [string, ...string[]], O extends boolean>(
  allowed: T,
  optional: O,
) {
  const byLowerCase = new Map<string, T[number]>(allowed.map((a) => [a.toLowerCase(), a]));
  const list = allowed.map((a) => `"${a}"`).join(', ');
  return cell((raw, ctx): T[number] | (O extends true ? null : never) => {
    if (optional && isNone(raw)) return null as O extends true ? null : never;
    const value = raw.trim();
    const found = byLowerCase.get(value.toLowerCase());
    if (found !== undefined) return found;
    return value === ''
      ? fail(ctx, 'required', `This cell is empty. Write one of ${list}.`, allowed)
      : fail(ctx, 'choice', `"${value}" is not one of the accepted values. Write one of ${list}.`, allowed);
  });
}

/** Exactly one of the allowed words, matched without regard to case. */
export const choice = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  choiceOf(allowed, false);

/** Like `choice`, but an empty cell or "-" means "not stated" and becomes `null`. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  choiceOf(allowed, true);

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/** "yes" or "no" (also y/n, true/false, 1/0); empty means no. */
export const yesNo = () =>
  cell((raw, ctx) => {
    const value = raw.trim().toLowerCase();
    if (YES.has(value)) return true;
    if (NO.has(value)) return false;
    return fail(ctx, 'yes-no', `"${raw.trim()}" is neither yes nor no. Write "yes" or "no".`);
  });

function parseHttps(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A secure web address as typed, or what is wrong with it. */
function secureAddress(raw: string): { url: URL } | { code: CellErrorCode; message: string } {
  const value = raw.trim();
  if (value === '')
    return {
      code: 'required',
      message: 'This cell is empty. Write a full web address starting with https://.',
    };
  const url = parseHttps(raw);
  if (url === null || /\s/.test(value))
    return {
      code: 'url',
      message: `"${value}" is not a secure web address. Write a full address starting with https://.`,
    };
  if (url.username !== '' || url.password !== '')
    return {
      code: 'url',
      message: `"${value}" holds a user name or password (before "@"), which every visitor would see. Write the address without it.`,
    };
  return { url };
}

/** A secure web address whose parsed form passes `accept` (which returns the value, or a message for the person). */
const secureUrl = (accept: (url: URL, value: string) => { value: string } | string) =>
  cell((raw, ctx) => {
    const address = secureAddress(raw);
    if (!('url' in address)) return fail(ctx, address.code, address.message);
    const accepted = accept(address.url, raw.trim());
    return typeof accepted === 'string' ? fail(ctx, 'url', accepted) : accepted.value;
  });

/** A web address starting with https:// (never http://). */
export const httpsUrl = () => secureUrl((url) => ({ value: url.href }));

/**
 * A page on one site, e.g. the brokerage's Facebook page: an https address on
 * `domain` or one of its subdomains (www.facebook.com, m.facebook.com).
 */
export const httpsUrlOn = (domain: string, example: string) =>
  secureUrl(({ hostname, href }, value) =>
    hostname === domain || hostname.endsWith(`.${domain}`)
      ? { value: href }
      : `"${value}" is not an address on ${domain}. Write the full address of the page, such as ${example}.`,
  );

/** The address of a whole site, https://host with nothing after it, e.g. https://www.example-estates.in. */
export const siteAddress = () =>
  secureUrl(({ pathname, search, hash, origin }, value) =>
    pathname === '/' && search === '' && hash === ''
      ? { value: origin }
      : `"${value}" is not the address of the whole site. Write only the part up to the domain name, such as ${origin}; the site adds each page's path itself.`,
  );

/**
 * An email address as the HTML standard defines a valid one (what a browser's
 * email field accepts): no quotes, spaces or angle brackets, a domain with a dot.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** An email address, e.g. sales@example-estates.in. */
export const emailAddress = () =>
  cell((raw, ctx) => {
    const value = raw.trim();
    if (value === '')
      return fail(ctx, 'required', 'This cell is empty. Write an email address such as sales@example.com.');
    return EMAIL.test(value)
      ? value
      : fail(
          ctx,
          'url',
          `"${value}" is not an email address. Write one such as sales@example.com, with no spaces, quotes or < >.`,
        );
  });

/** Hosts whose players and maps may be embedded in a page. */
export const EMBED_HOSTS = {
  video: ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'],
  map: ['www.google.com', 'maps.google.com'],
} as const;

/** "a, b or c" */
const orList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

const IFRAME_SRC = /<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i;
const YOUTUBE_VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * People paste what the sharing menus give them: the whole `<iframe …>` code,
 * or a YouTube watch/short link. Those are rewritten to the embed address so a
 * sales person never has to dig it out.
 */
function toEmbedAddress(raw: string): URL | null {
  const pasted = raw.trim();
  const url = parseHttps(IFRAME_SRC.exec(pasted)?.[1]?.replace(/&amp;/g, '&') ?? pasted);
  if (url === null) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId =
    host === 'youtube.com' && url.pathname === '/watch'
      ? url.searchParams.get('v')
      : host === 'youtu.be'
        ? url.pathname.slice(1)
        : host === 'youtube.com' && url.pathname.startsWith('/shorts/')
          ? url.pathname.slice('/shorts/'.length)
          : null;
  if (youtubeId !== null && YOUTUBE_VIDEO_ID.test(youtubeId)) {
    return new URL(`https://www.youtube-nocookie.com/embed/${youtubeId}`);
  }
  return url;
}

const EMBED_PATHS: Record<keyof typeof EMBED_HOSTS, RegExp> = {
  video: /^\/(embed|video)\//,
  map: /^\/maps\/embed/,
};

const EMBED_HELP: Record<keyof typeof EMBED_HOSTS, string> = {
  video:
    'On YouTube choose Share › Embed and paste the code or the address in it (https://www.youtube-nocookie.com/embed/…).',
  map: 'In Google Maps choose Share › Embed a map › Copy HTML and paste it here (the address starts with https://www.google.com/maps/embed).',
};

/** An optional embed address whose host is on the allow-list for its kind. */
export const optionalEmbedUrl = (kind: keyof typeof EMBED_HOSTS) =>
  cell((raw, ctx) => {
    if (isNone(raw)) return null;
    const url = toEmbedAddress(raw);
    const hosts: readonly string[] = EMBED_HOSTS[kind];
    if (url === null) {
      return fail(ctx, 'url', `"${raw.trim()}" is not a secure web address. ${EMBED_HELP[kind]}`);
    }
    if (!hosts.includes(url.hostname)) {
      return fail(
        ctx,
        'embed-host',
        `"${raw.trim()}" comes from ${url.hostname}, which cannot be embedded. Use an embed address from ${orList(hosts)}. ${EMBED_HELP[kind]}`,
      );
    }
    return EMBED_PATHS[kind].test(url.pathname)
      ? url.href
      : fail(ctx, 'url', `"${raw.trim()}" is a link to a page, not an embed address. ${EMBED_HELP[kind]}`);
  });

/** Punctuation a page key may hold besides letters, digits and spaces ("Haldiram's", "terms&Condition", "Dr. Lal PathLabs"). */
const KEY_PUNCTUATION = new Set(['&', "'", '’', '-', '.', '_', '(', ')', ',']);
const KEY_LETTER = /[\p{L}\p{M}\p{N}]/u;
const KEY_ALLOWED = "letters, digits, spaces and & ' - . _ ( ) , only";

const isKeyCharacter = (char: string) => char === ' ' || KEY_PUNCTUATION.has(char) || KEY_LETTER.test(char);

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** A character as a sales person can find it: printable ones in quotes, invisible ones by their code. */
function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `an invisible control character (${codePoint(char)})`;
  if (/[\s\p{Cf}]/u.test(char))
    return `an invisible character (${codePoint(char)}, often a non-breaking space copied from a web page)`;
  return `"${char}"`;
}

/**
 * Why `key` cannot name a page (be one segment of its address and one folder
 * of the built site), with what to write instead; null when it can. Keys are
 * compared exactly across sheets, so spaces around them are refused rather than
 * trimmed away.
 */
export function pageKeyProblem(key: string): string | null {
  const inner = key.trim();
  if (inner === '') return 'This cell is empty; it must be filled in.';
  if (key !== inner) {
    const where = key.startsWith(inner) ? 'after' : 'before';
    return `"${inner}" has a space ${where} it in the cell. A page address cannot start or end with a space: delete it.`;
  }
  const refused = [...key].find((char) => !isKeyCharacter(char));
  if (refused !== undefined) {
    const suggestion = [...key]
      .map((char) => (isKeyCharacter(char) ? char : ' '))
      .join('')
      .replace(/ {2,}/g, ' ')
      .trim();
    const instead = /[\p{L}\p{N}]/u.test(suggestion)
      ? `Write "${suggestion}" instead.`
      : 'Write a name made of letters and digits, such as "SBI Bank".';
    return `"${key}" cannot be part of a page address because it contains ${describeCharacter(refused)}. Page addresses take ${KEY_ALLOWED}. ${instead}`;
  }
  if (key.startsWith('.')) {
    const rest = key.replace(/^\.+/, '').trim();
    const instead =
      rest === ''
        ? 'Write a name made of letters and digits, such as "SBI Bank".'
        : `Write "${rest}" instead.`;
    return `"${key}" cannot be a page address because it starts with a dot ("." and ".." point at other pages, and web servers hide such folders). ${instead}`;
  }
  return null;
}

/** A value that becomes part of a page address: a tenant name, project slug or locality route. */
export const pageKey = () =>
  cell((raw, ctx) => {
    const problem = pageKeyProblem(raw);
    if (problem === null) return raw;
    return fail(ctx, raw.trim() === '' ? 'required' : 'url-key', problem);
  });

/** The keys of a cell that lists several, separated by ";". */
export const splitKeys = (raw: string): string[] =>
  raw
    .trim()
    .split(/\s*;\s*/)
    .filter((key) => key !== '');

/** Further page addresses of a row separated by ";", e.g. "edition; smartworld66"; empty is none. Each follows the page-key rule. */
export const pageKeyList = () =>
  cell((raw, ctx) => {
    const keys = splitKeys(raw);
    for (const key of keys) {
      const problem = pageKeyProblem(key);
      if (problem !== null)
        return fail(ctx, 'url-key', keys.length === 1 ? problem : `In "${raw.trim()}", ${problem}`);
    }
    return keys;
  });

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|avif|svg)$/i;

/**
 * Schemas whose cells name a picture in sheets/images, so the pipeline knows
 * which files to look for, with the smallest size that stays sharp where the
 * picture shows (null for logos and other drawings of any size).
 */
const IMAGE_CELLS = new WeakMap<z.ZodType, PictureSize | null>();

/** Whether a column's schema names a picture in sheets/images. */
export function isImageCell(schema: z.ZodType): boolean {
  return IMAGE_CELLS.has(schema);
}

/** The smallest size a column's pictures should have, or null. */
export function pictureMinimum(schema: z.ZodType): PictureSize | null {
  return IMAGE_CELLS.get(schema) ?? null;
}

function imageCell<S extends z.ZodType>(schema: S, minimum: PictureSize | undefined): S {
  IMAGE_CELLS.set(schema, minimum ?? null);
  return schema;
}

function imageFile(raw: string, ctx: z.RefinementCtx): string {
  const value = raw.trim();
  const path = value.replace(/\\/g, '/').replace(/^\/+/, '');
  if (path.split('/').includes('..') || !IMAGE_EXTENSIONS.test(path)) {
    return fail(
      ctx,
      'image-path',
      `"${value}" is not an image file name. Write a path inside sheets/images ending in .jpg, .png, .webp, .avif or .svg, such as projects/joy-district-1.jpg.`,
    );
  }
  return path;
}

/**
 * Path of an image under sheets/images, e.g. projects/joy-district-1.jpg; its
 * existence, and its size against `minimum`, are checked by the pipeline.
 */
export const imagePath = (minimum?: PictureSize) =>
  imageCell(
    cell((raw, ctx) =>
      raw.trim() === ''
        ? fail(
            ctx,
            'required',
            'This cell is empty. Write the name of a picture in sheets/images, such as projects/joy-district-1.jpg.',
          )
        : imageFile(raw, ctx),
    ),
    minimum,
  );

/** Like `imagePath`, but may be left empty. */
export const optionalImagePath = (minimum?: PictureSize) =>
  imageCell(
    cell((raw, ctx) => (raw.trim() === '' ? null : imageFile(raw, ctx))),
    minimum,
  );
