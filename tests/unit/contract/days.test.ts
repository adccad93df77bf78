import { describe, expect, it } from 'vitest';
import { addDaysToDay, addMonthsToDay, addYearsToDay, daysBetween, formatUsDate, isRealDay, parseUsDate } from '../../../src/contract/days';

describe('calendar days (contract/days.ts)', () => {
  it('tells real days from look-alikes', () => {
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2023-02-29')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
    expect(isRealDay('2026-1-01')).toBe(false);
    expect(isRealDay('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('counts calendar days across month, year and daylight-saving changes', () => {
    expect(addDaysToDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysToDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDay('2026-03-07', 2)).toBe('2026-03-09'); // over the spring change in the US
    expect(daysBetween('2026-11-01', '2026-11-02')).toBe(1); // over the autumn change
    expect(daysBetween('2024-02-20', '2024-03-05')).toBe(14);
    expect(daysBetween('2024-03-05', '2024-02-20')).toBe(-14);
  });

  it('adds months and years keeping the day, or the month’s last', () => {
    expect(addMonthsToDay('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDay('2025-12-31', 2)).toBe('2026-02-28');
    expect(addYearsToDay('2024-02-29', -1)).toBe('2023-02-28');
    expect(addYearsToDay('2024-02-29', -4)).toBe('2020-02-29');
  });

  it('reads exactly MM/DD/YYYY naming a real day, and writes it', () => {
    expect(parseUsDate(' 01/15/2026 ')).toBe('2026-01-15');
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    for (const bad of ['1/5/2026', '02/30/2026', '12/31/99', '2026-01-15', '13/01/2026', '01/15/20261'])
      expect(parseUsDate(bad)).toBeNull();
    expect(formatUsDate('2026-01-15')).toBe('01/15/2026');
    expect(formatUsDate('2026-01-15T10:00:00Z')).toBe('01/15/2026');
    expect(formatUsDate('')).toBe('');
  });
});
