import * as v from 'valibot';
import { startOfDay } from 'date-fns/startOfDay';
import { formatDate } from './date-format';
import { parseUsDate } from '../contract/days';
import { toDate } from './dates';
import { NO_SPECIAL_CHARACTERS } from './formats';

/**
 * spec 1 §5 date validators: "Date validators require a parseable date and, when a slash is present, the exact
 * MM/DD/YYYY format." With a slash (everything the 99/99/9999 mask produces) only MM/DD/YYYY naming a real day is
 * accepted; without one, an ISO date or timestamp is (what a date picker or the server would hand over).
 */
export function parseDateText(text: string): Date | null {
  const trimmed = text.trim();
  if (trimmed.includes('/')) return toDate(parseUsDate(trimmed));
  return toDate(trimmed);
}

export const isValidDateText = (text: string) => parseDateText(text) !== null;

type DateBound = Date | string;

const boundDay = (bound: DateBound | undefined): Date | null => {
  if (bound === undefined) return null;
  const date = bound instanceof Date ? bound : parseDateText(bound);
  return date && startOfDay(date);
};

/** spec 1 §5 range validator: the day lies between start and end, both included; either bound may be left out. */
export function isDateInRange(date: Date, start?: DateBound, end?: DateBound): boolean {
  const day = startOfDay(date).getTime();
  const from = boundDay(start);
  const to = boundDay(end);
  return (!from || day >= from.getTime()) && (!to || day <= to.getTime());
}

export function dateRangeMessage(label: string, start?: DateBound, end?: DateBound): string {
  const from = boundDay(start);
  const to = boundDay(end);
  if (from && to) return `${label} must be between ${formatDate(from)} and ${formatDate(to)}.`;
  if (from) return `${label} must be on or after ${formatDate(from)}.`;
  return `${label} must be on or before ${formatDate(to)}.`;
}

export interface DateTextOptions {
  /** Names the field in the messages ('Start date is required.'); 'Date' unless given. */
  label?: string;
  required?: boolean;
  start?: DateBound;
  end?: DateBound;
}

/**
 * A date typed as text, for forms (spec 1 §5): required when asked, parseable (exactly MM/DD/YYYY when a slash is
 * present), and between `start` and `end` when given. The output is the trimmed text.
 *
 * spec 1 §5 says "An empty value is valid only if the field is required." Read literally, an empty value would be
 * valid exactly for required fields, which inverts what "required" means. The reading taken here: the date validators
 * (parseable, format, range) pass an empty value, and only a required field rejects it ("… is required.").
 */
export function dateText({ label = 'Date', required = false, start, end }: DateTextOptions = {}) {
  const hasRange = start !== undefined || end !== undefined;
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => !required || text !== '', `${label} is required.`),
    v.check((text) => text === '' || isValidDateText(text), `${label} must be a valid date in the format MM/DD/YYYY.`),
    v.check(
      (text) => {
        if (!hasRange || text === '') return true;
        const date = parseDateText(text);
        return date === null || isDateInRange(date, start, end);
      },
      dateRangeMessage(label, start, end),
    ),
  );
}

/** spec 1 §5 range validator as a pipe action on date text, for bounds known only where the schema is built. */
export function dateTextInRange(start: DateBound | undefined, end: DateBound | undefined, label = 'Date') {
  return v.check<string, string>(
    (text) => {
      const date = text.trim() === '' ? null : parseDateText(text);
      return date === null || isDateInRange(date, start, end);
    },
    dateRangeMessage(label, start, end),
  );
}

/** spec 1 §5: only letters, digits, comma, period and space. */
export function noSpecialCharacters(message = 'Only letters, numbers, commas, periods and spaces are allowed.') {
  return v.regex<string, string>(NO_SPECIAL_CHARACTERS, message);
}
