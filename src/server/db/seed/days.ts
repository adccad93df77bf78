import { tz } from '@date-fns/tz';
import { addDays as addCalendarDays, addMonths, differenceInCalendarDays, startOfDay, startOfMonth } from 'date-fns';

/*
 * The seed's day arithmetic, in UTC calendar days whatever the machine's zone, so the same day gives the same data
 * everywhere. Answers are plain Dates (date-fns answers a TZDate in the UTC context).
 */

const UTC = { in: tz('UTC') };
const plain = (date: Date) => new Date(date.getTime());

/** Midnight UTC of the given day: seeded dates depend on the date only, never on the time of day. */
export const startOfUtcDay = (date: Date) => plain(startOfDay(date, UTC));
/** Midnight UTC of the first day of the month `months` months after the date's (before it when negative). */
export const startOfUtcMonth = (date: Date, months = 0) => plain(startOfMonth(addMonths(date, months, UTC), UTC));
/** The same time `days` days later (earlier when negative). */
export const addDays = (day: Date, days: number) => plain(addCalendarDays(day, days, UTC));
/** The same time `days` days earlier. */
export const daysBefore = (day: Date, days: number) => addDays(day, -days);
/** Whole days from `from` to `to`, by their UTC calendar days. */
export const daysFrom = (from: Date, to: Date) => differenceInCalendarDays(to, from, UTC);
