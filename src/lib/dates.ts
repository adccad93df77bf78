/*
 * Dates as the wire and the rules read them. Their display (date-format.ts) is apart: it needs date-fns, and this
 * module is first-load code (the session reads password and terms dates), where date-fns would count.
 */
const MS_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const PLACEHOLDER_PREFIXES = ['1900-01-01', '0001-01-01'];

/** Writes a date in the `/Date(ms)/` wire format of the terms document (spec 1 §3). */
export const formatMsDate = (date: Date) => `/Date(${date.getTime()})/`;

/** The `/Date(ms)/` format of the terms document (spec 1 §3); null when the value is not one. */
export function parseMsDate(value: string): Date | null {
  const match = MS_DATE.exec(value.trim());
  if (!match) return null;
  const date = new Date(Number(match[1]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The UTC calendar day of a time, as YYYY-MM-DD: "today" as the server's clock counts it, or the day of a UTC midnight.
 * (date-fns formats local time only; its UTC date class is another package, @date-fns/utc.)
 */
export const utcIsoDay = (time: Date | number) => new Date(time).toISOString().slice(0, 10);

/** spec 1 §5: empty, 1900-01-01 and 0001-01-01 mean "no date". */
export function isEmptyDate(value: string | Date | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return true;
    return PLACEHOLDER_PREFIXES.includes(utcIsoDay(value));
  }
  const text = value.trim();
  if (!text) return true;
  const msDate = parseMsDate(text);
  if (msDate) return PLACEHOLDER_PREFIXES.includes(utcIsoDay(msDate));
  return PLACEHOLDER_PREFIXES.some((prefix) => text.startsWith(prefix));
}

/** A date from a `/Date(ms)/` value, an ISO timestamp or a calendar day (YYYY-MM-DD, taken as a local day). */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  const msDate = parseMsDate(text);
  if (msDate) return msDate;
  const day = DATE_ONLY.exec(text);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
