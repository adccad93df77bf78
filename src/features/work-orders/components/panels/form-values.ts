import { formatUsDate, normalizeServiceDate, parseUsDate } from '../../../../contract';

/* Text ⇄ value conversions the work-order forms share: dates typed as MM/DD/YYYY, numbers typed as text. */

/** 'YYYY-MM-DD' (or the 1900 placeholder) → 'MM/DD/YYYY' or '' for the DateField. */
export const dayToText = (value: string | null | undefined) => formatUsDate(normalizeServiceDate(value) ?? '');

/** What a typed date is: a day, no day ('' or, spec 3 §5, before 1990), or not a date at all. */
export type DayInput = { ok: true; day: string | null } | { ok: false };

export function textToDay(text: string): DayInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, day: null };
  const day = parseUsDate(trimmed);
  return day === null ? { ok: false } : { ok: true, day: normalizeServiceDate(day) };
}

export const invalidDateMessage = (label: string) => `${label} must be a valid date in the format MM/DD/YYYY.`;

/** A typed number: '' is none (null); '$1,250.50' is 1250.5; anything else that is not a number is NaN. */
export function textToNumber(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** spec 3 §5: labor hours and trip time are kept in quarter hours. */
export const QUARTER_HOUR_HINT = 'Rounded to the nearest quarter hour.';

export const numberToText = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** valibot issues → the first message per top-level field. */
export function issuesByField(
  issues: readonly { message: string; path?: readonly { key: unknown }[] }[] | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
