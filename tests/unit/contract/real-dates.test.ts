import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DeliveryReportInput, IsoDay, NpsQuery, PaidServiceOrderQuery } from '../../../src/contract';
import { dateCell } from '../../../src/contract/import/cells';
import { parseSince } from '../../../src/server/cli/commands/audit';

/*
 * A day written right that does not exist (2025-02-30) is told so, where it was told to write YYYY-MM-DD (issue 32 §5):
 * in an import's cells, the API's date parameters and bodies, and the command line's --since.
 */

const firstMessage = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0]?.message;

describe('a date that does not exist', () => {
  it('is "not a real date" in an import cell; a badly written one still "must be written YYYY-MM-DD"', () => {
    expect(firstMessage(dateCell, '2025-02-30')).toBe('2025-02-30 is not a real date.');
    expect(firstMessage(dateCell, ' 2026-13-01 ')).toBe('2026-13-01 is not a real date.');
    expect(firstMessage(dateCell, '02/28/2025')).toBe('Must be a date written YYYY-MM-DD.');
    expect(firstMessage(dateCell, '2025-2-28')).toBe('Must be a date written YYYY-MM-DD.');
    expect(v.parse(dateCell, '2024-02-29')).toBe('2024-02-29');
  });

  it('is "not a real date", naming the field, in the API: NPS, reports, delivery reports', () => {
    expect(firstMessage(NpsQuery, { startDate: '2025-02-30', endDate: '2025-03-31' })).toBe('startDate: 2025-02-30 is not a real date.');
    expect(firstMessage(NpsQuery, { startDate: '2025-02-28', endDate: '2025-3-31' })).toBe('endDate must be a date written YYYY-MM-DD.');
    expect(firstMessage(PaidServiceOrderQuery, { startDate: '2025-02-01', endDate: '2025-02-30' })).toBe(
      'End date: 2025-02-30 is not a real date.',
    );
    expect(firstMessage(PaidServiceOrderQuery, { startDate: '02/01/2025', endDate: '2025-02-28' })).toBe(
      'Start date must be a valid date (YYYY-MM-DD).',
    );
    const deliveryDate = v.safeParse(DeliveryReportInput.entries.deliveryDateQuestion, { questionId: 1, answer: '2025-02-30' });
    expect(deliveryDate.issues?.map((issue) => issue.message)).toContain('Delivery date: 2025-02-30 is not a real date.');
    // One message each: a badly written day is not also told it is not a real one.
    expect(v.safeParse(IsoDay('Must be a day.'), '30.02.2025').issues?.map((issue) => issue.message)).toEqual(['Must be a day.']);
  });

  it('is refused by the command line, where --since used to roll it over into March', () => {
    expect(() => parseSince('2025-02-30')).toThrow('--since: 2025-02-30 is not a real date.');
    expect(() => parseSince('2025-02-30T08:00:00Z')).toThrow('--since: 2025-02-30 is not a real date.');
    expect(() => parseSince('30/02/2025')).toThrow(/^--since: a date \(2026-11-01, midnight UTC\)/);
    expect(parseSince('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});
