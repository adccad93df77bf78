import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dateText, dateTextInRange, isDateInRange, isValidDateText, noSpecialCharacters, parseDateText } from '../../../src/lib/validators';

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('date validators (spec 1 §5)', () => {
  it('with a slash, only exactly MM/DD/YYYY naming a real day', () => {
    expect(isValidDateText('03/05/2024')).toBe(true);
    expect(isValidDateText('02/29/2024')).toBe(true);
    for (const bad of [
      '3/5/2024',
      '03/05/24',
      '02/30/2024',
      '13/01/2024',
      '00/10/2024',
      '03/05/2024x',
      '2024/03/05',
      '03/0',
      '__/__/____',
    ]) {
      expect(isValidDateText(bad)).toBe(false);
    }
    const day = parseDateText('03/05/2024')!;
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2024, 2, 5]);
  });

  it('without a slash, a parseable date', () => {
    expect(isValidDateText('2024-03-05')).toBe(true);
    expect(isValidDateText('2024-03-05T10:00:00Z')).toBe(true);
    expect(isValidDateText('tomorrow')).toBe(false);
    expect(isValidDateText('03052024')).toBe(false);
  });

  it('range: between start and end, both days included', () => {
    const date = new Date(2024, 5, 15, 18, 30);
    expect(isDateInRange(date, '06/15/2024', '06/15/2024')).toBe(true);
    expect(isDateInRange(date, '06/16/2024')).toBe(false);
    expect(isDateInRange(date, undefined, '06/14/2024')).toBe(false);
    expect(isDateInRange(date, new Date(2024, 0, 1), new Date(2024, 11, 31))).toBe(true);
  });

  it('an empty value passes the date checks unless the field is required', () => {
    expect(messagesOf(dateText(), '')).toEqual([]);
    expect(messagesOf(dateText({ start: '01/01/2024', end: '12/31/2024' }), '  ')).toEqual([]);
    expect(messagesOf(dateText({ required: true, label: 'Sold date' }), '')).toEqual(['Sold date is required.']);
  });

  it('gives one message per problem', () => {
    const schema = dateText({ label: 'Sold date', required: true, start: '01/01/2024', end: '12/31/2024' });
    expect(messagesOf(schema, '02/30/2024')).toEqual(['Sold date must be a valid date in the format MM/DD/YYYY.']);
    expect(messagesOf(schema, '01/01/2025')).toEqual(['Sold date must be between 01/01/2024 and 12/31/2024.']);
    expect(messagesOf(schema, '12/31/2024')).toEqual([]);
    expect(v.parse(schema, ' 12/31/2024 ')).toBe('12/31/2024');
    expect(messagesOf(dateText({ start: '01/01/2024' }), '12/31/2023')).toEqual(['Date must be on or after 01/01/2024.']);
    expect(messagesOf(dateText({ end: '01/01/2024' }), '01/02/2024')).toEqual(['Date must be on or before 01/01/2024.']);
  });

  it('the range check works as a separate pipe action', () => {
    const schema = v.pipe(dateText(), dateTextInRange(new Date(2024, 0, 1), undefined, 'Delivery date'));
    expect(messagesOf(schema, '12/31/2023')).toEqual(['Delivery date must be on or after 01/01/2024.']);
    expect(messagesOf(schema, '')).toEqual([]);
  });
});

describe('noSpecialCharacters (spec 1 §5)', () => {
  it('allows letters, digits, comma, period and space only', () => {
    const schema = v.pipe(v.string(), noSpecialCharacters());
    expect(messagesOf(schema, 'Oak Street 12, Apt. 4')).toEqual([]);
    expect(messagesOf(schema, 'Oak #12')).toEqual(['Only letters, numbers, commas, periods and spaces are allowed.']);
  });
});
