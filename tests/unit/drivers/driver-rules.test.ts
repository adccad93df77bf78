import { describe, expect, it } from 'vitest';
import { EMPLOYEE_SEARCH_LIMIT } from '../../../src/contract';
import { driverMark, driverPanelTitle, isSearchFormValid, searchSummary, toSearchBody } from '../../../src/features/drivers/driver-rules';

describe('the employee search form (spec 3 §5: driver search needs a valid form)', () => {
  it('is valid with a first name, a last name, or both', () => {
    expect(isSearchFormValid({ firstName: 'Jo', lastName: '' })).toBe(true);
    expect(isSearchFormValid({ firstName: '', lastName: 'Smi' })).toBe(true);
    expect(isSearchFormValid({ firstName: 'Jo', lastName: 'Smi' })).toBe(true);
  });

  it('is not valid empty, with spaces only, or with a name longer than 50 characters', () => {
    expect(isSearchFormValid({ firstName: '', lastName: '' })).toBe(false);
    expect(isSearchFormValid({ firstName: '   ', lastName: '\t' })).toBe(false);
    expect(isSearchFormValid({ firstName: 'x'.repeat(51), lastName: '' })).toBe(false);
  });

  it('sends the names trimmed, and nothing while the form is not valid', () => {
    expect(toSearchBody({ firstName: '  Jo ', lastName: '' })).toEqual({ firstName: 'Jo', lastName: '' });
    expect(toSearchBody({ firstName: ' ', lastName: ' ' })).toBeNull();
    expect(toSearchBody({})).toBeNull();
  });
});

describe('results and the side panel (spec 3 §2)', () => {
  it("marks drivers 'Assigned Driver' and others 'Not Assigned Driver'", () => {
    expect(driverMark(true)).toBe('Assigned Driver');
    expect(driverMark(false)).toBe('Not Assigned Driver');
  });

  it("titles the panel 'Update Driver' for a driver and 'Add to Drivers' otherwise", () => {
    expect(driverPanelTitle(true)).toBe('Update Driver');
    expect(driverPanelTitle(false)).toBe('Add to Drivers');
  });

  it('says how many employees were found, and when the list stops at the limit', () => {
    expect(searchSummary(0)).toBe('No employees match this search.');
    expect(searchSummary(1)).toBe('1 employee found.');
    expect(searchSummary(7)).toBe('7 employees found.');
    expect(searchSummary(EMPLOYEE_SEARCH_LIMIT)).toMatch(/^Showing the first 100 employees/);
  });
});
