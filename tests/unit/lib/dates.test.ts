import { describe, expect, it } from 'vitest';
import { formatDate, isEmptyDate, parseMsDate, toDate } from '../../../src/lib/dates';

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
