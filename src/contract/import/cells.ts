import * as v from 'valibot';
import { EMAIL_PATTERN } from '../admin-users';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, ISO_DAY_FORMAT, isIsoDay, notRealDateMessage } from '../text';
import { canonicalTimeZone, TIME_ZONE_MESSAGES, zoneOfAddress } from '../time-zones';

/*
 * Cells of an import row (docs/import.md). One schema per column takes both formats: a CSV cell is always a string
 * (an empty cell is absent), a JSON Lines value is typed (a missing key and null are absent). `required` and
 * `optional` decide what an absent cell means; the cell schemas below only ever see a present value.
 */

/** Separates the items of a list in one CSV cell (JSON Lines takes an array, or the same text). */
export const LIST_SEPARATOR = ';';
export const REQUIRED_MESSAGE = 'Required.';

/** Limits of the PostgreSQL column types a number is written to. */
export const SMALLINT_MAX = 32_767;
export const INTEGER_MAX = 2_147_483_647;

/** The schema of a present cell value: a CSV string or a JSON value, to the typed value. */
export type Cell<T> = v.GenericSchema<unknown, T>;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

const requiredCells = new WeakSet<object>();

/*
 * What each cell takes, as JSON Schema, for the API reference's import row schemas (server/openapi): the cells are
 * transforms of any value, which no converter can read, so each says what it takes here.
 */
type CellJson = Record<string, unknown>;
const cellJson = new WeakMap<object, CellJson>();
const documented = <S extends object>(schema: S, json: CellJson): S => {
  cellJson.set(schema, json);
  return schema;
};

/** The JSON Schema of what a column's cell takes (through `required`, `optional` and pipes that start with a cell). */
export function cellJsonSchema(schema: unknown): CellJson | undefined {
  let node = schema as { pipe?: readonly unknown[] } | undefined;
  while (node && typeof node === 'object') {
    const json = cellJson.get(node);
    if (json) return json;
    const first = node.pipe?.[0] as typeof node | undefined;
    node = first !== node ? first : undefined;
  }
  return undefined;
}

const withCellJson = <S extends object>(schema: S, cell: unknown): S => {
  const json = cellJsonSchema(cell);
  return json ? documented(schema, json) : schema;
};

/** A column every row must fill. */
export function required<T>(cell: Cell<T>, message: string = REQUIRED_MESSAGE): Cell<T> {
  const schema = v.pipe(
    v.unknown(),
    v.check((value) => !isAbsent(value), message),
    cell,
  );
  requiredCells.add(schema);
  return withCellJson(schema, cell);
}

/** A column a row may leave empty: undefined then, or `fallback` when given. */
export function optional<T>(cell: Cell<T>): Cell<T | undefined>;
export function optional<T>(cell: Cell<T>, fallback: T): Cell<T>;
export function optional<T>(cell: Cell<T>, fallback?: T): Cell<T | undefined> {
  // The fallback is not checked by the cell: an empty web address or ZIP code is no web address or ZIP code.
  return withCellJson(
    v.pipe(
      v.unknown(),
      v.transform((value) => (isAbsent(value) ? undefined : value)),
      v.optional(cell),
      v.transform((value): T | undefined => (value === undefined ? fallback : (value as T))),
    ),
    cell,
  );
}

/** A cell written by `transform(value, fail)`: `fail(message)` refuses it. */
function cell<T>(transform: (value: unknown, fail: (message: string) => never) => T): Cell<T> {
  class CellRefusal extends Error {}
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return transform(dataset.value, (message) => {
          throw new CellRefusal(message);
        });
      } catch (error) {
        if (!(error instanceof CellRefusal)) throw error;
        addIssue({ message: error.message });
        return NEVER;
      }
    }),
  );
}

export interface TextCellOptions {
  /** Line breaks (and tabs) allowed, as in notes; otherwise the value must be on one line. */
  multiline?: boolean;
  /** A pattern the trimmed value must match, with its message. */
  pattern?: readonly [RegExp, string];
}

/** Text, trimmed as every text field of the product is (contract/text.ts), without control characters, at most `max`. */
export const textCell = (max: number, options: TextCellOptions = {}) =>
  documented(
    cell((value, fail) => {
      if (typeof value !== 'string') fail('Must be text.');
      const text = (value as string).trim();
      if (CONTROL_CHARACTERS.test(text)) fail(CONTROL_CHARACTERS_MESSAGE);
      if (!options.multiline && /[\r\n\t]/.test(text)) fail('Must be on one line, without tabs.');
      if (text.length > max) fail(`Can be no longer than ${max} characters.`);
      if (options.pattern && !options.pattern[0].test(text)) fail(options.pattern[1]);
      return text;
    }),
    {
      type: 'string',
      maxLength: max,
      ...(options.pattern && !options.pattern[0].flags ? { pattern: options.pattern[0].source } : {}),
      ...(options.pattern ? { description: options.pattern[1] } : options.multiline ? { description: 'May span lines.' } : {}),
    },
  );

/** Digits only, 1 to `maxDigits` of them: the numbers of retailers, plants, categories, parts… kept as text. */
export const digitsCell = (maxDigits: number) =>
  textCell(maxDigits, { pattern: [new RegExp(`^\\d{1,${maxDigits}}$`), `Must be 1 to ${maxDigits} digits.`] });

const WHOLE_NUMBER = /^[+-]?\d+$/;
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A whole number from `min` to `max` (keep them within the column: SMALLINT_MAX, INTEGER_MAX). */
export const integerCell = (min: number, max: number) =>
  documented(
    cell((value, fail) => {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' && WHOLE_NUMBER.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isInteger(number)) fail('Must be a whole number.');
      if (number < min || number > max) fail(`Must be from ${min} to ${max}.`);
      return number;
    }),
    { type: ['integer', 'string'], minimum: min, maximum: max, description: 'A whole number, or the same as text.' },
  );

/** A number with at most `decimals` decimal places, from `min` to `max` (an amount of numeric(12, 2): 0 to 9,999,999,999.99). */
export const decimalCell = (min: number, max: number, decimals: number) =>
  documented(
    cell((value, fail) => {
      // A JSON number is read by its shortest text, so 0.1 + 0.2 is refused rather than rounded.
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!DECIMAL_NUMBER.test(text)) fail('Must be a number.');
      if ((/\.(\d*)$/.exec(text)?.[1]?.length ?? 0) > decimals) fail(`Can have at most ${decimals} decimal places.`);
      const number = Number(text);
      if (number < min || number > max) fail(`Must be from ${min} to ${max}.`);
      return number;
    }),
    {
      type: ['number', 'string'],
      minimum: min,
      maximum: max,
      description: `At most ${decimals} decimal places; a number, or the same as text.`,
    },
  );

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/** true/false, yes/no, Y/N or 1/0 (any case); JSON true and false. */
export const booleanCell = documented(
  cell((value, fail) => {
    if (typeof value === 'boolean') return value;
    const word = typeof value === 'string' ? value.trim().toLowerCase() : typeof value === 'number' ? String(value) : '';
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return fail('Must be true or false (or yes/no, Y/N, 1/0).');
  }),
  { type: ['boolean', 'string'], description: 'true/false, yes/no, Y/N or 1/0, in any case.' },
);

/** The years a date cell takes: a typo such as 2205 or 0025 is refused (PostgreSQL has no year 0000 at all). */
export const DATE_YEARS = { first: 1900, last: 2199 } as const;

/** A calendar day that exists, written YYYY-MM-DD, from DATE_YEARS.first to DATE_YEARS.last. */
export const dateCell = documented(
  cell((value, fail) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!ISO_DAY_FORMAT.test(text)) fail('Must be a date written YYYY-MM-DD.');
    if (!isIsoDay(text)) fail(notRealDateMessage(text));
    const year = Number(text.slice(0, 4));
    if (year < DATE_YEARS.first || year > DATE_YEARS.last) fail(`Must be a date from ${DATE_YEARS.first} to ${DATE_YEARS.last}.`);
    return text;
  }),
  { type: 'string', format: 'date', description: `YYYY-MM-DD, from ${DATE_YEARS.first} to ${DATE_YEARS.last}.` },
);

/** One of `choices`, in any case; answers the choice as written in `choices`. */
export const choiceCell = <const C extends string>(choices: readonly C[], message?: (value: string) => string) =>
  documented(
    cell((value, fail): C => {
      const text = typeof value === 'string' ? value.trim() : String(value);
      const choice = choices.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      return choice ?? fail(message ? message(text) : `Must be one of: ${choices.join(', ')}.`);
    }),
    { type: 'string', enum: [...choices], description: 'One of these, in any case.' },
  );

/** An e-mail address (the user form's pattern, spec 1 §5), lower-cased. */
export const emailCell = (max: number) =>
  documented(
    v.pipe(
      textCell(max, { pattern: [EMAIL_PATTERN, 'Must be an e-mail address such as name@example.com.'] }),
      v.transform((email) => email.toLowerCase()),
    ),
    { type: 'string', format: 'email', maxLength: max, description: 'Stored in lower case.' },
  );

/** A US phone number: 10 digits once the punctuation is dropped; answers the digits. */
export const phoneCell = documented(
  cell((value, fail) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (CONTROL_CHARACTERS.test(text)) fail(CONTROL_CHARACTERS_MESSAGE);
    const digits = text.replace(/[\s().+-]/g, '');
    if (!/^1?\d{10}$/.test(digits)) fail('Must be a 10-digit phone number.');
    return digits.slice(-10);
  }),
  { type: 'string', description: 'A 10-digit US phone number, with any of ( ) - . + and spaces, e.g. (865) 555-0123.' },
);

/**
 * A list: in CSV one cell with the items separated by LIST_SEPARATOR (blank items dropped), in JSON Lines an array
 * (or the same text). Each item is checked with `item`; an item listed twice is refused.
 */
export const listCell = <T>(item: Cell<T>) =>
  documentedList(
    item,
    v.pipe(
      v.unknown(),
      v.transform((value) =>
        typeof value === 'string'
          ? value
              .split(LIST_SEPARATOR)
              .map((part) => part.trim())
              .filter((part) => part !== '')
          : value,
      ),
      v.array(item, 'Must be a list.'),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const seen = new Set<string>();
        dataset.value.forEach((entry, index) => {
          const text = String(entry);
          if (seen.has(text)) {
            addIssue({
              message: `${text} is listed twice.`,
              path: [{ type: 'array', origin: 'value', input: dataset.value, key: index, value: entry }],
            });
          }
          seen.add(text);
        });
      }),
    ),
  );

const documentedList = <S extends object>(item: unknown, schema: S) =>
  documented(schema, {
    type: ['array', 'string'],
    items: cellJsonSchema(item) ?? {},
    description: `A list: an array, or in one text cell the items separated by "${LIST_SEPARATOR}".`,
  });

/** The columns of a row schema's entries, and those a CSV header must have (the `required` ones). */
export interface ImportColumns {
  columns: readonly string[];
  requiredColumns: readonly string[];
}

export const importColumns = (entries: Record<string, Cell<unknown>>): ImportColumns => ({
  columns: Object.keys(entries),
  requiredColumns: Object.entries(entries)
    .filter(([, schema]) => requiredCells.has(schema))
    .map(([name]) => name),
});

/** A refused cell's field as the report names it: `roles[1]`, `retailerNumber`. */
export function fieldOfIssue(issue: v.BaseIssue<unknown>): string {
  let field = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    field += typeof key === 'number' ? `[${key}]` : `${field === '' ? '' : '.'}${String(key)}`;
  }
  return field;
}

/** A US state (or territory) code: two letters, answered in capitals. */
export const stateCell = v.pipe(
  textCell(2, { pattern: [/^[A-Za-z]{2}$/, 'Must be a two-letter state code.'] }),
  v.transform((state) => state.toUpperCase()),
);

/** An IANA time zone (America/Chicago), kept in its canonical spelling. */
export const timeZoneCell = documented(
  v.pipe(
    textCell(64),
    v.check((name) => canonicalTimeZone(name) !== null, TIME_ZONE_MESSAGES.unknown),
    v.transform((name) => canonicalTimeZone(name)!),
  ),
  { type: 'string', maxLength: 64, description: 'An IANA time zone, e.g. America/Chicago.' },
);

/**
 * A plant's or retail center's row with its zone (contract/time-zones.ts): the `timeZone` column, else the zone its
 * state and ZIP code tell; asked for, on the `timeZone` column, when they do not (a ZIP code that straddles a line).
 */
export const withZoneOfAddress = <Row extends { timeZone?: string | undefined; state: string; zipCode: string }>(
  row: v.GenericSchema<unknown, Row>,
) =>
  v.pipe(
    row,
    v.rawCheck(({ dataset, addIssue }) => {
      if (dataset.typed && dataset.value.timeZone === undefined && zoneOfAddress(dataset.value.state, dataset.value.zipCode) === null)
        addIssue({
          message: TIME_ZONE_MESSAGES.ask,
          path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'timeZone', value: undefined }],
        });
    }),
    v.transform((value) => ({ ...value, timeZone: value.timeZone ?? zoneOfAddress(value.state, value.zipCode)! })),
  );

/** A ZIP code: five digits, or ZIP+4 (12345-6789). */
export const zipCodeCell = textCell(10, { pattern: [/^\d{5}(-\d{4})?$/, 'Must be a ZIP code: 5 digits, or 5-4.'] });

/** A web address (http or https). */
export const urlCell = (max: number) =>
  textCell(max, { pattern: [/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Must be a web address starting with http:// or https://.'] });

/** Ten phone digits as the product shows them: (865) 555-0123. */
export const formatPhoneDigits = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
