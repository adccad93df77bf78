import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  businessDay,
  canonicalTimeZone,
  TimeZoneName,
  zoneOfAddress,
  zoneOfLocation,
  zoneOfRecordFor,
  zoneOfUser,
} from '../../../src/contract/time-zones';

describe('the business day (issue 30)', () => {
  it('is the day where the location is: 01:30 UTC on 7 December is still the 6th in Chicago and New York', () => {
    const evening = new Date('2026-12-07T01:30:00Z');
    expect(businessDay('America/Chicago', evening)).toBe('2026-12-06');
    expect(businessDay('America/New_York', evening)).toBe('2026-12-06');
    expect(businessDay('UTC', evening)).toBe('2026-12-07');
    expect(businessDay('America/Chicago', new Date('2026-12-07T12:00:00Z'))).toBe('2026-12-07');
  });

  it('follows daylight saving where it is kept, and not in Arizona', () => {
    // 06:30 UTC on 7 July: 23:30 on the 6th in Phoenix (UTC-7 all year), 01:30 on the 7th in Chicago (CDT, UTC-5).
    const july = new Date('2026-07-07T06:30:00Z');
    expect(businessDay('America/Phoenix', july)).toBe('2026-07-06');
    expect(businessDay('America/Denver', july)).toBe('2026-07-07');
    // 06:30 UTC on 7 January: Denver keeps standard time (UTC-7) like Phoenix.
    expect(businessDay('America/Denver', new Date('2026-01-07T06:30:00Z'))).toBe('2026-01-06');
  });
});

describe('the zone of an address', () => {
  it('is the state’s when it has one zone', () => {
    expect(zoneOfAddress('AL', '')).toBe('America/Chicago');
    expect(zoneOfAddress('ga', '30301')).toBe('America/New_York');
    expect(zoneOfAddress('AZ', '85001')).toBe('America/Phoenix');
  });

  it('is told by the ZIP code in Tennessee, and asked for where the code straddles the line', () => {
    expect(zoneOfAddress('TN', '37902')).toBe('America/New_York'); // Knoxville
    expect(zoneOfAddress('TN', '37203')).toBe('America/Chicago'); // Nashville
    expect(zoneOfAddress('TN', '38103')).toBe('America/Chicago'); // Memphis
    expect(zoneOfAddress('TN', '37347')).toBeNull(); // Jasper, Central, in Chattanooga's Eastern 373
    expect(zoneOfAddress('TN', '')).toBeNull();
    expect(zoneOfAddress('TX', '79901')).toBe('America/Denver'); // El Paso
    expect(zoneOfAddress('FL', '32501')).toBe('America/Chicago'); // Pensacola
  });

  it('is unknown for what is no US state', () => {
    expect(zoneOfAddress('', '')).toBeNull();
    expect(zoneOfAddress('ZZ', '12345')).toBeNull();
  });

  it('of a location: the zone it was given, else its address’s, else the organisation’s', () => {
    expect(zoneOfLocation({ timeZone: 'America/Denver', state: 'TN', zipCode: '37203' }, 'UTC')).toBe('America/Denver');
    expect(zoneOfLocation({ timeZone: null, state: 'TN', zipCode: '37203' }, 'UTC')).toBe('America/Chicago');
    expect(zoneOfLocation({ timeZone: null, state: 'TN', zipCode: '' }, 'America/New_York')).toBe('America/New_York');
  });
});

describe('a user’s and a record’s zone, as a device tells them offline', () => {
  const retailUser = {
    isPlantUser: false,
    currentRetailer: { retailerNumber: '100', timeZone: 'America/New_York' },
    availableRetailers: [
      { retailerNumber: '100', timeZone: 'America/New_York' },
      { retailerNumber: '200', timeZone: 'America/Phoenix' },
    ],
    availablePlants: [],
  };
  const plantUser = {
    isPlantUser: true,
    currentRetailer: null,
    availableRetailers: [],
    availablePlants: [{ plantNumber: '42', timeZone: 'America/Denver' }],
  };

  it('a user works at the current retail center, or the first plant', () => {
    expect(zoneOfUser(retailUser)).toBe('America/New_York');
    expect(zoneOfUser(plantUser)).toBe('America/Denver');
    expect(zoneOfUser({ ...plantUser, availablePlants: [{ plantNumber: '42' }] })).toBe('America/Chicago');
  });

  it('a record’s own zone wins, then its retail center’s or plant’s among the user’s, then the user’s', () => {
    expect(zoneOfRecordFor(plantUser, { timeZone: 'America/Los_Angeles', plantNumber: '42' })).toBe('America/Los_Angeles');
    expect(zoneOfRecordFor(retailUser, { retailerNumber: '200' })).toBe('America/Phoenix');
    expect(zoneOfRecordFor(plantUser, { retailerNumber: '999', plantNumber: '42' })).toBe('America/Denver');
    expect(zoneOfRecordFor(retailUser, { retailerNumber: '999' })).toBe('America/New_York');
  });
});

describe('a time zone as a file or form gives it', () => {
  it('is an IANA name, kept in its canonical spelling', () => {
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(v.parse(TimeZoneName, ' America/Phoenix ')).toBe('America/Phoenix');
    expect(v.safeParse(TimeZoneName, 'Central').success).toBe(false);
    expect(v.safeParse(TimeZoneName, 'America/Nowhere').success).toBe(false);
    expect(v.safeParse(TimeZoneName, 'x'.repeat(100)).success).toBe(false);
  });
});
