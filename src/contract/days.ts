import { addDays, addMonths, addYears, differenceInCalendarDays, format, isValid, parse } from 'date-fns';

/*
 * Calendar days as the wire and the rules carry them: 'YYYY-MM-DD' text, with no time and no zone (which day it is
 * "today" is contract/time-zones.ts's business). The arithmetic is date-fns's over a day at local midnight, which
 * counts calendar days whatever the zone and its daylight-saving changes.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const US_DAY = /^\d{2}\/\d{2}\/\d{4}$/;
const DAY_FORMAT = 'yyyy-MM-dd';
// parse() fills what a format leaves out from this; every format here gives the whole date.
const REFERENCE = new Date(2000, 0, 1);

const dateOf = (day: string) => parse(day, DAY_FORMAT, REFERENCE);
const dayOf = (date: Date) => format(date, DAY_FORMAT);

/** 'YYYY-MM-DD' naming a real calendar day (2024-02-30 is not one). */
export const isRealDay = (day: string) => ISO_DAY.test(day) && isValid(dateOf(day));

export const addDaysToDay = (day: string, days: number) => dayOf(addDays(dateOf(day), days));

/** Whole months on; the day is kept, or the month's last day when it has fewer (31 March - 1 month = 28/29 February). */
export const addMonthsToDay = (day: string, months: number) => dayOf(addMonths(dateOf(day), months));

/** Whole years on; 29 February becomes the 28th in a year without one. */
export const addYearsToDay = (day: string, years: number) => dayOf(addYears(dateOf(day), years));

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => differenceInCalendarDays(dateOf(to), dateOf(from));

/** spec 1 §5: a typed date is exactly MM/DD/YYYY naming a real day; answers 'YYYY-MM-DD', or null. */
export function parseUsDate(text: string): string | null {
  const trimmed = text.trim();
  if (!US_DAY.test(trimmed)) return null;
  const date = parse(trimmed, 'MM/dd/yyyy', REFERENCE);
  return isValid(date) ? dayOf(date) : null;
}

/** 'YYYY-MM-DD' (or a longer ISO timestamp, cut to its day) → 'MM/DD/YYYY', the forms' format; anything else → ''. */
export function formatUsDate(day: string): string {
  const iso = day.slice(0, 10);
  return isRealDay(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '';
}
