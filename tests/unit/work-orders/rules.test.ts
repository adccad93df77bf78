import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  DATE_PLACEHOLDER,
  EARLIEST_REAL_DATE,
  HOMEOWNER_PORTAL_ORIGIN,
  MAX_DATE_RANGE_DAYS,
  PERFORMED_DATE_MAX_AGE_DAYS,
  ServiceDate,
  ServiceItemInput,
  ServiceRequestUpdate,
  submitIssues,
  UNSUBMITTED_STATUS,
  WORK_ORDER_MESSAGES,
  dateRangeIssue,
  informationIssues,
  isHomeownerPortalOrigin,
  isRequestTypeForced,
  laborRateFor,
  normalizeServiceDate,
  performedDateIssue,
  roundToQuarterHour,
  serviceItemIssues,
  workOrderCosts,
  type RequestTypeSubject,
} from '../../../src/contract/work-orders';
import { addDaysToDay, daysBetween } from '../../../src/contract/days';

/* Spec 3 §4, §5 and §9: the work order rules both sides run, checked against the spec's own numbers. */

const TODAY = '2024-06-15';
/** 60 days before 2024-06-15: 15 days of June back to May 31, 31 of May, 14 of April back to the 16th. */
const SIXTY_DAYS_AGO = '2024-04-16';

const issuesOf = (result: { success: boolean; issues?: readonly { message: string }[] }) =>
  (result.issues ?? []).map((issue) => issue.message);

describe('spec 3 §9 constants and the §8 save message', () => {
  it('uses a 14-day range, a 60-day performed window, a 1900 placeholder and 1990 as the first real date', () => {
    expect(MAX_DATE_RANGE_DAYS).toBe(14);
    expect(PERFORMED_DATE_MAX_AGE_DAYS).toBe(60);
    expect(DATE_PLACEHOLDER).toBe('1900-01-01');
    expect(EARLIEST_REAL_DATE).toBe('1990-01-01');
    expect(UNSUBMITTED_STATUS).toBe('Unsubmitted');
    expect(HOMEOWNER_PORTAL_ORIGIN).toBe('Homeowner Portal');
  });

  it('blocks save with the exact toast of spec 3 §5 / §8', () => {
    expect(WORK_ORDER_MESSAGES.unableToSave).toBe('Unable to save form, please fix issues and try again.');
  });

  it('puts the spec numbers into the range and performed-date messages', () => {
    expect(WORK_ORDER_MESSAGES.rangeTooLong).toBe('End date must be within 14 days of the start date.');
    expect(WORK_ORDER_MESSAGES.performedDateTooEarly).toBe('Performed date cannot be more than 60 days ago.');
    expect(WORK_ORDER_MESSAGES.performedDateInFuture).toBe('Performed date cannot be in the future.');
    expect(WORK_ORDER_MESSAGES.performedDateRequired).toBe('Performed date is required.');
    expect(WORK_ORDER_MESSAGES.endWithoutStart).toBe('A start date is required when an end date is entered.');
    expect(WORK_ORDER_MESSAGES.endBeforeStart).toBe('End date cannot be before the start date.');
  });
});

describe('dates: empty, placeholder and before 1990 (spec 3 §5, §9)', () => {
  it('treats null, undefined, blank and the 1900 placeholder as no date', () => {
    expect(normalizeServiceDate(null)).toBeNull();
    expect(normalizeServiceDate(undefined)).toBeNull();
    expect(normalizeServiceDate('')).toBeNull();
    expect(normalizeServiceDate('   ')).toBeNull();
    expect(normalizeServiceDate(DATE_PLACEHOLDER)).toBeNull();
    expect(normalizeServiceDate('1900-01-01T00:00:00')).toBeNull();
  });

  it('treats 1989-12-31 as empty and keeps 1990-01-01', () => {
    expect(normalizeServiceDate('1989-12-31')).toBeNull();
    expect(normalizeServiceDate('1990-01-01')).toBe('1990-01-01');
    expect(normalizeServiceDate('2024-03-05T14:30:00Z')).toBe('2024-03-05');
  });

  it('ServiceDate parses to the day or null and refuses an impossible day', () => {
    expect(v.parse(ServiceDate, '2024-03-05T14:30:00.000Z')).toBe('2024-03-05');
    expect(v.parse(ServiceDate, '')).toBeNull();
    expect(v.parse(ServiceDate, null)).toBeNull();
    expect(v.parse(ServiceDate, undefined)).toBeNull();
    expect(v.parse(ServiceDate, '1900-01-01')).toBeNull();
    expect(v.parse(ServiceDate, '1989-06-30')).toBeNull();
    expect(issuesOf(v.safeParse(ServiceDate, '2023-02-29'))).toEqual(['Enter a valid date.']);
    expect(issuesOf(v.safeParse(ServiceDate, '03/05/2024'))).toEqual(['Enter a valid date.']);
    expect(issuesOf(v.safeParse(ServiceDate, 20240305))).toEqual(['Enter a valid date.']);
  });

  it('counts whole days in UTC, across a leap February', () => {
    expect(daysBetween('2024-02-20', '2024-03-05')).toBe(14);
    expect(daysBetween('2023-02-20', '2023-03-05')).toBe(13);
    expect(daysBetween('2024-03-05', '2024-02-20')).toBe(-14);
    expect(addDaysToDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysToDay(TODAY, -60)).toBe(SIXTY_DAYS_AGO);
  });
});

describe('date range: at most 14 days from start to end (spec 3 §5 Information form, §9)', () => {
  it('accepts no end date, the same day, and exactly 14 days', () => {
    expect(dateRangeIssue(null, null)).toBeNull();
    expect(dateRangeIssue('2024-06-01', null)).toBeNull();
    expect(dateRangeIssue('2024-06-01', '2024-06-01')).toBeNull();
    expect(dateRangeIssue('2024-06-01', '2024-06-15')).toBeNull();
    expect(dateRangeIssue('2024-02-20', '2024-03-05')).toBeNull();
  });

  it('refuses 15 days apart on the end date', () => {
    expect(dateRangeIssue('2024-06-01', '2024-06-16')).toEqual({
      field: 'endDate',
      message: 'End date must be within 14 days of the start date.',
    });
    expect(dateRangeIssue('2024-02-20', '2024-03-06')).toEqual({
      field: 'endDate',
      message: 'End date must be within 14 days of the start date.',
    });
  });

  it('refuses an end one day before the start', () => {
    expect(dateRangeIssue('2024-06-10', '2024-06-09')).toEqual({ field: 'endDate', message: 'End date cannot be before the start date.' });
  });

  it('refuses an end without a start, on the start date', () => {
    expect(dateRangeIssue(null, '2024-06-09')).toEqual({
      field: 'startDate',
      message: 'A start date is required when an end date is entered.',
    });
  });
});

describe('performed date: not before 60 days ago, not in the future (spec 3 §5, §9)', () => {
  it('accepts exactly 60 days ago and today', () => {
    expect(performedDateIssue(SIXTY_DAYS_AGO, true, TODAY)).toBeNull();
    expect(performedDateIssue(TODAY, true, TODAY)).toBeNull();
  });

  it('refuses 61 days ago as too early', () => {
    expect(performedDateIssue('2024-04-15', true, TODAY)).toBe('Performed date cannot be more than 60 days ago.');
    expect(performedDateIssue('2024-04-15', false, TODAY)).toBe('Performed date cannot be more than 60 days ago.');
  });

  it('refuses tomorrow as in the future', () => {
    expect(performedDateIssue('2024-06-16', true, TODAY)).toBe('Performed date cannot be in the future.');
    expect(performedDateIssue('2024-06-16', false, TODAY)).toBe('Performed date cannot be in the future.');
  });

  it('an empty date is missing only when required', () => {
    expect(performedDateIssue(null, true, TODAY)).toBe('Performed date is required.');
    expect(performedDateIssue(null, false, TODAY)).toBeNull();
  });

  it('a date before 1990 counts as empty, so it is "required", not "too early"', () => {
    expect(performedDateIssue(normalizeServiceDate('1989-12-31'), true, TODAY)).toBe('Performed date is required.');
    expect(performedDateIssue(normalizeServiceDate(DATE_PLACEHOLDER), true, TODAY)).toBe('Performed date is required.');
    expect(performedDateIssue(normalizeServiceDate('1989-12-31'), false, TODAY)).toBeNull();
    expect(performedDateIssue(normalizeServiceDate('1990-01-01'), false, TODAY)).toBe('Performed date cannot be more than 60 days ago.');
  });
});

describe('quarter-hour rounding of labor hours and trip time (spec 3 §5 Service item, §9)', () => {
  it('rounds to the nearest quarter hour', () => {
    expect(roundToQuarterHour(1.1)).toBe(1);
    expect(roundToQuarterHour(1.13)).toBe(1.25);
    expect(roundToQuarterHour(0.12)).toBe(0);
    expect(roundToQuarterHour(0.13)).toBe(0.25);
    expect(roundToQuarterHour(1.37)).toBe(1.25);
    expect(roundToQuarterHour(1.38)).toBe(1.5);
    expect(roundToQuarterHour(2.9)).toBe(3);
    expect(roundToQuarterHour(0)).toBe(0);
    expect(roundToQuarterHour(3.75)).toBe(3.75);
  });

  it('rounds an exact eighth up to the next quarter', () => {
    expect(roundToQuarterHour(0.125)).toBe(0.25);
    expect(roundToQuarterHour(1.125)).toBe(1.25);
    expect(roundToQuarterHour(2.375)).toBe(2.5);
  });

  it('rounds trip time on the information body (2 decimals)', () => {
    const parse = (tripTime: number) => v.parse(ServiceRequestUpdate, { tripTime, rowVersion: 3 }).tripTime;
    expect(parse(1.1)).toBe(1);
    expect(parse(1.13)).toBe(1.25);
    expect(parse(0.12)).toBe(0);
    expect(parse(2.63)).toBe(2.75);
    expect(v.parse(ServiceRequestUpdate, { rowVersion: 3 }).tripTime).toBe(0);
    expect(issuesOf(v.safeParse(ServiceRequestUpdate, { tripTime: -0.25, rowVersion: 3 }))).toEqual(['Enter a number of 0 or more.']);
  });

  it('rounds labor hours on the service item body', () => {
    const item = { problemDescription: 'Leak', determinedCause: 'Loose fitting', actionTaken: 'Tightened' };
    const parse = (laborHours: number) => v.parse(ServiceItemInput, { ...item, laborHours }).laborHours;
    expect(parse(1.1)).toBe(1);
    expect(parse(1.13)).toBe(1.25);
    expect(parse(0.12)).toBe(0);
    expect(parse(4.6)).toBe(4.5);
    expect(v.parse(ServiceItemInput, item).laborHours).toBeNull();
  });
});

describe('service item fields (spec 3 §5 Service item)', () => {
  const valid = { problemDescription: 'Leak', determinedCause: 'Loose fitting', actionTaken: 'Tightened', partsCost: 12.5, laborHours: 1 };

  it('requires problem description, determined cause and action taken, with their messages', () => {
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, problemDescription: '   ' }))).toEqual(['Problem description is required.']);
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, determinedCause: '' }))).toEqual(['Determined cause is required.']);
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, actionTaken: undefined }))).toEqual(['Action taken is required.']);
    expect(
      issuesOf(
        v.safeParse(ServiceItemInput, { ...valid, problemDescription: '', determinedCause: ' ', actionTaken: '' }, { abortEarly: false }),
      ),
    ).toEqual(['Problem description is required.', 'Determined cause is required.', 'Action taken is required.']);
  });

  it('refuses a negative parts cost or labor hours with their messages', () => {
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, partsCost: -0.01 }))).toEqual(['Parts cost must be a number of 0 or more.']);
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, laborHours: -1 }))).toEqual(['Labor hours must be a number of 0 or more.']);
    expect(issuesOf(v.safeParse(ServiceItemInput, { ...valid, laborHours: Number.NaN }))[0]).toBe(
      'Labor hours must be a number of 0 or more.',
    );
  });

  it('defaults isTwoMan to false and trims the text', () => {
    const parsed = v.parse(ServiceItemInput, { ...valid, problemDescription: '  Leak  ' });
    expect(parsed.isTwoMan).toBe(false);
    expect(parsed.problemDescription).toBe('Leak');
    expect(parsed.partsCost).toBe(12.5);
  });

  it('needs parts cost and labor hours unless the type is Factory Service', () => {
    expect(serviceItemIssues({ partsCost: null, laborHours: null }, 'V')).toEqual([
      { field: 'partsCost', message: 'Parts cost must be a number of 0 or more.' },
      { field: 'laborHours', message: 'Labor hours must be a number of 0 or more.' },
    ]);
    expect(serviceItemIssues({ partsCost: 0, laborHours: null }, 'A')).toEqual([
      { field: 'laborHours', message: 'Labor hours must be a number of 0 or more.' },
    ]);
    expect(serviceItemIssues({ partsCost: null, laborHours: 0 }, '')).toEqual([
      { field: 'partsCost', message: 'Parts cost must be a number of 0 or more.' },
    ]);
    expect(serviceItemIssues({ partsCost: 0, laborHours: 0 }, 'V')).toEqual([]);
    expect(serviceItemIssues({ partsCost: null, laborHours: null }, 'F')).toEqual([]);
  });
});

describe('one-man / two-man rate and cost totals (spec 3 §3, §5)', () => {
  const rates = { oneManServiceRate: 65, twoManServiceRate: 95 };

  it('takes the two-man rate when isTwoMan, else the one-man rate', () => {
    expect(laborRateFor(false, rates)).toBe(65);
    expect(laborRateFor(true, rates)).toBe(95);
  });

  it('adds labor, mileage, trip time and other costs into totalServiceCost, and parts into totalCombinedCost', () => {
    const costs = workOrderCosts({
      tripTime: 1.5,
      mileage: 40,
      otherCosts: 12.5,
      mileageRate: 0.655,
      driverRate: 30,
      items: [
        { laborHours: 2, hourlyLaborRate: laborRateFor(false, rates), partsCost: 10.99 },
        { laborHours: 1.25, hourlyLaborRate: laborRateFor(true, rates), partsCost: 45.5 },
      ],
    });
    // labor 2 × 65 + 1.25 × 95 = 130 + 118.75; mileage 40 × 0.655; trip 1.5 × 30; parts 10.99 + 45.5
    expect(costs).toEqual({
      laborCost: 248.75,
      partsCost: 56.49,
      mileageCost: 26.2,
      driverCost: 45,
      totalServiceCost: 332.45,
      totalCombinedCost: 388.94,
    });
  });

  it('rounds each cost to cents', () => {
    const costs = workOrderCosts({
      tripTime: 0.25,
      mileage: 12,
      otherCosts: 1.01,
      mileageRate: 0.6549,
      driverRate: 33.33,
      items: [{ laborHours: 0.75, hourlyLaborRate: 45.55, partsCost: 3.333 }],
    });
    // labor 0.75 × 45.55 = 34.1625; trip 0.25 × 33.33 = 8.3325; mileage 12 × 0.6549 = 7.8588; parts 3.333
    expect(costs).toEqual({
      laborCost: 34.16,
      partsCost: 3.33,
      mileageCost: 7.86,
      driverCost: 8.33,
      totalServiceCost: 51.36,
      totalCombinedCost: 54.69,
    });
  });

  it('is all zero for an empty request', () => {
    expect(workOrderCosts({ tripTime: 0, mileage: 0, otherCosts: 0, mileageRate: 0.655, driverRate: 30, items: [] })).toEqual({
      laborCost: 0,
      partsCost: 0,
      mileageCost: 0,
      driverCost: 0,
      totalServiceCost: 0,
      totalCombinedCost: 0,
    });
  });

  it('a Factory Service item with no hours or parts adds nothing', () => {
    const costs = workOrderCosts({
      tripTime: 0,
      mileage: 10,
      otherCosts: 0,
      mileageRate: 0.5,
      driverRate: 30,
      items: [{ laborHours: 0, hourlyLaborRate: 95, partsCost: 0 }],
    });
    expect(costs.totalServiceCost).toBe(5);
    expect(costs.totalCombinedCost).toBe(5);
  });
});

describe('request type forcing (spec 3 §4)', () => {
  const staged: RequestTypeSubject = {
    isStaged: true,
    vantageCaseOrigin: 'Homeowner Portal',
    requestType: 'A',
    status: UNSUBMITTED_STATUS,
  };

  it('forces a non-staged request (a work order) whatever its origin and the portal setting', () => {
    expect(isRequestTypeForced({ ...staged, isStaged: false, vantageCaseOrigin: 'Retailer', requestType: 'S' }, false)).toBe(true);
    expect(isRequestTypeForced({ ...staged, isStaged: false, status: 'In Progress' }, true)).toBe(true);
  });

  it('forces a staged homeowner-portal request when the portal is on, the type is not Standard and the status is not In Progress', () => {
    expect(isRequestTypeForced(staged, true)).toBe(true);
    expect(isRequestTypeForced({ ...staged, requestType: '' }, true)).toBe(true);
    expect(isRequestTypeForced({ ...staged, requestType: 'F' }, true)).toBe(true);
  });

  it('does not force it when any one of those conditions fails', () => {
    expect(isRequestTypeForced(staged, false)).toBe(false);
    expect(isRequestTypeForced({ ...staged, requestType: 'S' }, true)).toBe(false);
    expect(isRequestTypeForced({ ...staged, status: 'In Progress' }, true)).toBe(false);
    expect(isRequestTypeForced({ ...staged, vantageCaseOrigin: 'Retailer Portal' }, true)).toBe(false);
    expect(isRequestTypeForced({ ...staged, vantageCaseOrigin: '' }, true)).toBe(false);
  });

  it('recognises the homeowner portal marker text inside the origin', () => {
    expect(isHomeownerPortalOrigin('Homeowner Portal')).toBe(true);
    expect(isHomeownerPortalOrigin('Web - Homeowner Portal')).toBe(true);
    expect(isHomeownerPortalOrigin('homeowner portal')).toBe(false);
    expect(isHomeownerPortalOrigin('Phone')).toBe(false);
  });
});

describe('information form issues (spec 3 §4, §5)', () => {
  const base = { requestType: 'A', startDate: null, endDate: null, performedDate: null } as const;

  it('is clean for a plain Authorization with no dates', () => {
    expect(informationIssues(base, TODAY)).toEqual([]);
  });

  it('requires a performed date for Request for Payment', () => {
    expect(informationIssues({ ...base, requestType: 'V' }, TODAY)).toEqual([
      { field: 'performedDate', message: 'Performed date is required.' },
    ]);
    expect(informationIssues({ ...base, requestType: 'V', performedDate: SIXTY_DAYS_AGO }, TODAY)).toEqual([]);
  });

  it('still checks a given performed date when it is not required', () => {
    expect(informationIssues({ ...base, performedDate: '2024-04-15' }, TODAY)).toEqual([
      { field: 'performedDate', message: 'Performed date cannot be more than 60 days ago.' },
    ]);
    expect(informationIssues({ ...base, performedDate: '2024-06-16' }, TODAY)).toEqual([
      { field: 'performedDate', message: 'Performed date cannot be in the future.' },
    ]);
  });

  it('never checks the performed date for Factory Service, which clears it', () => {
    expect(informationIssues({ ...base, requestType: 'F', performedDate: '2024-06-16' }, TODAY)).toEqual([]);
    expect(informationIssues({ ...base, requestType: 'F', performedDate: '2020-01-01' }, TODAY)).toEqual([]);
  });

  it('reports the date range issue and the performed date issue together, range first', () => {
    expect(informationIssues({ requestType: 'V', startDate: '2024-06-01', endDate: '2024-06-16', performedDate: null }, TODAY)).toEqual([
      { field: 'endDate', message: 'End date must be within 14 days of the start date.' },
      { field: 'performedDate', message: 'Performed date is required.' },
    ]);
  });

  it('checks the date range for Factory Service too', () => {
    expect(informationIssues({ ...base, requestType: 'F', startDate: null, endDate: '2024-06-10' }, TODAY)).toEqual([
      { field: 'startDate', message: 'A start date is required when an end date is entered.' },
    ]);
  });
});

describe('information body (spec 3 §3)', () => {
  it('accepts the known request types and refuses another with its message', () => {
    for (const requestType of ['', 'A', 'F', 'V', 'D', 'S']) {
      expect(v.parse(ServiceRequestUpdate, { requestType, rowVersion: 0 }).requestType).toBe(requestType);
    }
    expect(issuesOf(v.safeParse(ServiceRequestUpdate, { requestType: 'X', rowVersion: 0 }))).toEqual([
      'Choose a request type from the list.',
    ]);
  });

  it('turns placeholder and pre-1990 dates into null', () => {
    const parsed = v.parse(ServiceRequestUpdate, {
      performedDate: '1900-01-01',
      startDate: '1989-12-31',
      endDate: '1990-01-01',
      rowVersion: 0,
    });
    expect(parsed.performedDate).toBeNull();
    expect(parsed.startDate).toBeNull();
    expect(parsed.endDate).toBe('1990-01-01');
  });
});

describe('spec 3 §5 Work order review submit', () => {
  const staged = { isStaged: true, requestType: 'A', itemCount: 1, startDate: null, endDate: null, performedDate: null };
  const fields = (subject: Parameters<typeof submitIssues>[0]) => submitIssues(subject).map((issue) => issue.field);

  it('a staged request needs a type, one item, and a start date when an end date is set', () => {
    expect(fields(staged)).toEqual([]);
    expect(fields({ ...staged, requestType: '', itemCount: 0 })).toEqual(['requestType', 'serviceItems']);
    expect(fields({ ...staged, endDate: '2026-06-10' })).toEqual(['startDate']);
  });

  it('Factory Service may be submitted staged with an end date and no start date', () => {
    expect(fields({ ...staged, requestType: 'F', endDate: '2026-06-10' })).toEqual([]);
  });

  it('a submitted one needs one item, start if end, and a performed date for Request for Payment', () => {
    const submitted = { ...staged, isStaged: false, requestType: 'V', performedDate: '2026-06-12' };
    expect(fields(submitted)).toEqual([]);
    expect(fields({ ...submitted, itemCount: 0, performedDate: null, endDate: '2026-06-10' })).toEqual([
      'serviceItems',
      'startDate',
      'performedDate',
    ]);
    expect(submitIssues({ ...submitted, performedDate: null })[0]!.message).toBe(WORK_ORDER_MESSAGES.performedDateRequired);
  });
});
