import { describe, expect, it } from 'vitest';
import { formatDate, localIsoDay } from '../../../src/lib/date-format';
import { isEmptyDate, parseMsDate, toDate, utcIsoDay } from '../../../src/lib/dates';

describe('parseMsDate (spec 1 §3 /Date(ms)/)', () => {
  it('reads the milliseconds of the terms document dates', () => {
    expect(parseMsDate('/Date(1700000000000)/')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseMsDate('/Date(0)/')?.getTime()).toBe(0);
    expect(parseMsDate('/Date(-86400000)/')?.toISOString()).toBe('1969-12-31T00:00:00.000Z');
  });

  it('accepts the offset suffix some servers append', () => {
    expect(parseMsDate('/Date(1700000000000+0000)/')?.getTime()).toBe(1700000000000);
  });

  it('rejects anything else', () => {
    expect(parseMsDate('2023-11-14')).toBeNull();
    expect(parseMsDate('/Date(abc)/')).toBeNull();
    expect(parseMsDate('Date(1700000000000)')).toBeNull();
  });
});

describe('formatDate (spec 1 §5: MM/DD/YYYY, TBD for empty and placeholder dates)', () => {
  it('shows MM/DD/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('12/31/2024');
    expect(formatDate('2024-07-04T12:00:00')).toBe('07/04/2024');
  });

  it('shows a /Date(ms)/ value in local time', () => {
    const ms = new Date(2022, 0, 9, 12).getTime();
    expect(formatDate(`/Date(${ms})/`)).toBe('01/09/2022');
  });

  it('shows TBD for empty values and the 1900-01-01 and 0001-01-01 placeholders', () => {
    for (const value of [null, undefined, '', '   ', '1900-01-01', '1900-01-01T00:00:00', '0001-01-01T00:00:00Z', '0001-01-01']) {
      expect(formatDate(value)).toBe('TBD');
    }
    expect(formatDate(new Date(Date.UTC(1900, 0, 1)))).toBe('TBD');
    expect(formatDate(`/Date(${Date.UTC(1900, 0, 1)})/`)).toBe('TBD');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('does not treat other early dates as placeholders', () => {
    expect(isEmptyDate('1900-01-02')).toBe(false);
    expect(formatDate('1900-01-02')).toBe('01/02/1900');
  });
});

describe('toDate', () => {
  it('reads a calendar day as a local day, not UTC midnight', () => {
    const date = toDate('2024-03-05');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2024, 2, 5]);
  });

  it('returns null for unreadable input', () => {
    expect(toDate('not a date')).toBeNull();
    expect(toDate(new Date('invalid'))).toBeNull();
  });
});

describe('ISO days (YYYY-MM-DD, the days the contract carries)', () => {
  it("localIsoDay: the device's calendar day, whatever the hour", () => {
    expect(localIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
    expect(localIsoDay(new Date(2024, 1, 29, 12))).toBe('2024-02-29');
  });

  it('a typed MM/DD/YYYY date and the day it is sent as name the same day (spec 1 §5)', () => {
    const typed = toDate('2026-11-26')!;
    expect(formatDate(typed)).toBe('11/26/2026');
    expect(localIsoDay(typed)).toBe('2026-11-26');
  });

  it("utcIsoDay: the UTC day of a time, from a Date or milliseconds (the server's clock)", () => {
    expect(utcIsoDay(new Date('2026-06-15T23:30:00-05:00'))).toBe('2026-06-16');
    expect(utcIsoDay(Date.UTC(2026, 5, 16, 0, 0))).toBe('2026-06-16');
    expect(utcIsoDay(Date.UTC(2026, 5, 15, 23, 59, 59, 999))).toBe('2026-06-15');
  });
});
