import * as v from 'valibot';

/*
 * String fields of request bodies, one rule for the new contracts (issue 12 on; issue 14 moves the older ones here):
 * trimmed, bounded, and free of control characters (a NUL cannot be stored in PostgreSQL text, and no field of this
 * product has a reason to hold one). Tabs and line breaks stay allowed in multi-line text.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Contains characters that are not allowed.';

/** Optional text: missing or null reads as ''. */
export const Text = (max: number) =>
  v.pipe(
    v.nullish(v.string(), ''),
    v.transform((value) => (value ?? '').trim()),
    v.check((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE),
    v.maxLength(max, `Can be no longer than ${max} characters.`),
  );

/** Required text: `message` when missing or blank. */
export const RequiredText = (message: string, max: number) => v.pipe(Text(max), v.nonEmpty(message));

/** A whole number within a PostgreSQL integer column. */
export const Int = (message: string, min = 0, max = 2_147_483_647) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** An amount within numeric(12, 2). */
export const Amount = (message: string) => v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(9_999_999_999.99, message));

/** A calendar day written YYYY-MM-DD that exists. */
export const IsoDay = (message: string) =>
  v.pipe(
    v.string(message),
    v.check(isIsoDay, message),
  );

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
