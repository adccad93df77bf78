// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { canSeeServiceHistory, canSeeServiceRecords } from '../../../src/lib/permissions';
import {
  historyDate,
  homeOfHistory,
  homesMatchingSerialDigits,
  partsLineHref,
  partsLineOf,
  partsLineTitle,
  requestLineHref,
  requestLineOf,
  requestLineStatus,
  requestLineTitle,
  serialDigitsOf,
  sortRequestLines,
} from '../../../src/features/service-history/model';
import { demoProfile } from '../fixtures/demo-profiles';
import { home, partsItem, partsOrder, serviceItem, serviceRequest, summaryOf, warrantyCard } from './fixtures';

describe('the header-link form (spec 1 §2: serial digits are serial.substring(3, 9))', () => {
  it('takes the characters at index 3 to 9 of the serial number', () => {
    expect(serialDigitsOf('MAY012345TNA')).toBe('012345');
    expect(serialDigitsOf('CMH1234')).toBe('1234');
  });

  it('matches the homes with those digits at that plant, and no other', () => {
    const homes = [
      home(1, 'MAY012345TNA', '910'),
      home(2, 'MAY012345TNB', '910'),
      home(3, 'MAY012345TNA', '911'),
      home(4, 'MAY912345TNA', '910'),
      home(5, '012345MAYTNA', '910'),
    ];
    expect(homesMatchingSerialDigits(homes, '012345', '910').map((h) => h.assetId)).toEqual([1, 2]);
    expect(homesMatchingSerialDigits(homes, '012345', '911').map((h) => h.assetId)).toEqual([3]);
    expect(homesMatchingSerialDigits(homes, '012346', '910')).toEqual([]);
    expect(homesMatchingSerialDigits(homes, '', '910')).toEqual([]);
  });
});

describe('dates (spec 3 §5, §9: the 1900 placeholder and dates before 1990 show empty)', () => {
  it.each([
    ['2026-01-20', '01/20/2026'],
    ['2026-01-20T15:00:00Z', '01/20/2026'],
    ['1990-01-01', '01/01/1990'],
    ['1989-12-31', ''],
    ['1900-01-01', ''],
    ['', ''],
    [null, ''],
  ])('%s → %j', (value, shown) => expect(historyDate(value)).toBe(shown));
});

describe('request lines', () => {
  const workOrder = serviceRequest(41, { vantageWorkOrderId: 700041, vantageWorkOrderNumber: 'WO-0000041', status: 'W' });
  const staged = serviceRequest(42, { status: '' });

  it('a work order is known by its work order number and opens /workorders/{id}', () => {
    expect(requestLineTitle(workOrder)).toBe('Work Order WO-0000041');
    expect(requestLineHref(workOrder)).toBe('/workorders/700041');
    expect(requestLineStatus(workOrder)).toBe('Awaiting Approval');
  });

  it('a staged request is known by its request number and opens /servicerequests/{id}/', () => {
    expect(requestLineTitle(staged)).toBe('Service Request 000042');
    expect(requestLineHref(staged)).toBe('/servicerequests/42/');
    expect(requestLineStatus(staged)).toBe('Unsubmitted');
  });

  it('an unknown status code shows as is', () => {
    expect(requestLineStatus({ status: 'Q7', vantageWorkOrderId: 1 })).toBe('Q7');
  });

  it('keeps the items in sequence with their problem and cause, nothing else of the request', () => {
    const request = serviceRequest(41, { serviceItems: [serviceItem(2, 2, 'Leak', 'Caulk'), serviceItem(1, 1, 'Door', 'Settling')] });
    const line = requestLineOf(summaryOf(request), request);
    expect(line.items).toEqual([
      { serviceRequestItemId: 1, serviceRequestSequence: 1, problemDescription: 'Door', determinedCause: 'Settling' },
      { serviceRequestItemId: 2, serviceRequestSequence: 2, problemDescription: 'Leak', determinedCause: 'Caulk' },
    ]);
    expect(line).not.toHaveProperty('serviceAttachments');
  });

  it('lists the newest request first; no date goes last', () => {
    const lines = [
      serviceRequest(1, { requestDate: '2025-05-01' }),
      serviceRequest(2, { requestDate: '1900-01-01' }),
      serviceRequest(3, { requestDate: '2026-02-01' }),
    ].map((request) => requestLineOf(summaryOf(request), request));
    expect(sortRequestLines(lines).map((line) => line.serviceRequestId)).toEqual([3, 1, 2]);
  });
});

describe('parts lines', () => {
  it('a staged order opens /partsorders/{partsOrderId}; a submitted one /partsorders/vantage/{vantagePartsRequestId}', () => {
    const staged = partsLineOf(partsOrder(55));
    const submitted = partsLineOf(partsOrder(54, { partsLogNumber: 'L-1001', vantagePartsRequestId: 9001 }));
    expect([partsLineTitle(staged), partsLineHref(staged)]).toEqual(['Staged Parts Order 55', '/partsorders/55']);
    expect([partsLineTitle(submitted), partsLineHref(submitted)]).toEqual(['Parts Order L-1001', '/partsorders/vantage/9001']);
  });

  it('keeps each item with its quantity, unit and description', () => {
    const line = partsLineOf(partsOrder(55, { partsItems: [partsItem(601, 'Door strike', 2, 'EA ')] }));
    expect(line.items).toEqual([
      { partsOrderItemId: 601, partNumber: 'P601', partDescription: 'Door strike', quantity: 2, unitOfMeasure: 'EA' },
    ]);
    expect(line.homeownerName).toBe('Ann Lee');
  });
});

describe('the home at the top', () => {
  const request = serviceRequest(41, { plantName: 'From Request', homeownerName: 'Request Owner' });
  const line = requestLineOf(summaryOf(request), request);

  it('comes from the warranty card first', () => {
    expect(homeOfHistory(7, { card: warrantyCard(7), requests: [line] })).toEqual({
      assetId: 7,
      serialNumber: 'MAY012345TNA',
      plantNumber: '910',
      plantName: 'Maynardville',
      modelName: 'The Legend',
      modelNumber: '32LEG80A5',
      homeownerName: 'Ann Lee',
    });
  });

  it('then from a request, then a parts order, then the home the link was resolved to', () => {
    const fromRequest = homeOfHistory(7, {
      card: null,
      requests: [line],
      parts: [partsLineOf(partsOrder(1, { plantName: 'From Parts' }))],
    });
    expect(fromRequest).toMatchObject({ plantName: 'From Request', homeownerName: 'Request Owner', modelName: '' });
    const known = { ...home(7, 'MAY012345TNA', '910'), modelName: 'Known Model' };
    expect(homeOfHistory(7, { card: null, requests: [line], known }).modelName).toBe('Known Model');
    expect(homeOfHistory(7, {})).toMatchObject({ assetId: 7, serialNumber: '', plantNumber: '' });
  });
});

describe('who opens it', () => {
  it('service users and viewers see everything', () => {
    for (const key of ['service', 'viewer', 'admin', 'plant', 'internal'] as const) {
      expect([key, canSeeServiceHistory(demoProfile(key)), canSeeServiceRecords(demoProfile(key))]).toEqual([key, true, true]);
    }
  });

  it('homeowner users (Home_Owner_Viewer, Warranty_User) see the warranty card only', () => {
    const homeowner = { ...demoProfile('sales'), roles: ['Home_Owner_Viewer'] };
    const warranty = { ...demoProfile('sales'), roles: ['Warranty_User'] };
    expect([canSeeServiceHistory(homeowner), canSeeServiceRecords(homeowner)]).toEqual([true, false]);
    expect([canSeeServiceHistory(warranty), canSeeServiceRecords(warranty)]).toEqual([true, false]);
  });

  it('others go home', () => {
    expect(canSeeServiceHistory(demoProfile('sales'))).toBe(false);
    expect(canSeeServiceHistory(demoProfile('driver'))).toBe(false);
  });
});
