import * as v from 'valibot';

/*
 * String fields of request bodies, one rule for the new contracts (issue 12 on; issue 14 moves the older ones here):
 * trimmed, bounded, and free of control characters (a NUL cannot be stored in PostgreSQL text, and no field of this
 * product has a reason to hold one). Tabs and line breaks stay allowed in multi-line text.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Contains characters that are not allowed.';

/** What a text field takes besides a string: missing or null ('nullish', read as ''), missing only ('optional'), or nothing ('string'). */
export type TextAllows = 'nullish' | 'optional' | 'string';
type TextInput<A extends TextAllows> = A extends 'string' ? string : A extends 'optional' ? string | undefined : string | null | undefined;

export interface TextOptions<A extends TextAllows = 'nullish'> {
  /** Default 'nullish'. The older contracts keep what they always took: a form's schema takes the form's strings. */
  allow?: A;
  /** The message of a value that is not a string (valibot's own when not given; RequiredText's message there). */
  invalid?: string;
  /** The message of one longer than `max` (default `Can be no longer than ${max} characters.`). */
  tooLong?: string;
}

/** The string, or '' for a missing one (and a null one) where `allow` takes it. */
function textValue<A extends TextAllows>({ allow, invalid }: TextOptions<A>): v.GenericSchema<TextInput<A>, string> {
  const schema =
    allow === 'string'
      ? v.string(invalid)
      : allow === 'optional'
        ? v.optional(v.string(invalid), '')
        : v.pipe(
            v.nullish(v.string(invalid), ''),
            v.transform((value) => value ?? ''),
          );
  // One of three schemas by `allow`; the conditional type says which input that one takes.
  return schema as unknown as v.GenericSchema<TextInput<A>, string>;
}

/** Optional text: missing or null reads as '' (unless `allow` says otherwise); trimmed, no control characters, at most `max`. */
export const Text = <A extends TextAllows = 'nullish'>(max: number, options: TextOptions<A> = {}) =>
  v.pipe(
    textValue(options),
    v.transform((value) => value.trim()),
    v.check((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE),
    v.maxLength(max, options.tooLong ?? `Can be no longer than ${max} characters.`),
  );

/** Required text: `message` when missing, null, not a string, or blank. */
export const RequiredText = <A extends TextAllows = 'nullish'>(
  message: string,
  max: number,
  options: Omit<TextOptions<A>, 'invalid'> = {},
) => v.pipe(Text<A>(max, { ...options, invalid: message }), v.nonEmpty(message));

/** A whole number within a PostgreSQL integer column. */
export const Int = (message: string, min = 0, max = 2_147_483_647) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** An amount within numeric(12, 2). */
export const Amount = (message: string) =>
  v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(9_999_999_999.99, message));

/** Written YYYY-MM-DD, whether or not that day exists. */
export const ISO_DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** What a day written right but that does not exist (2025-02-30, 2026-13-01) is told: not that it is badly written. */
export const notRealDateMessage = (day: string, label?: string) => `${label ? `${label}: ` : ''}${day} is not a real date.`;

/**
 * A calendar day written YYYY-MM-DD that exists: `message` when it is not written so, and notRealDateMessage (naming
 * `label`) when it names no day.
 */
export const IsoDay = (message: string, label?: string) =>
  v.pipe(
    v.string(message),
    v.regex(ISO_DAY_FORMAT, message),
    v.check(
      (day) => !ISO_DAY_FORMAT.test(day) || isIsoDay(day),
      (issue) => notRealDateMessage(String(issue.input), label),
    ),
  );

export function isIsoDay(value: string): boolean {
  if (!ISO_DAY_FORMAT.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
