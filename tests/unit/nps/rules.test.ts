import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  MAX_NPS_RANGE_DAYS,
  NpsQuery,
  npsBand,
  npsColorBand,
  npsWindow,
  previousYearWindow,
  totalNps,
  upcomingWindow,
  windowDays,
  type NpsDetail,
  type NpsUpcomingCall,
} from '../../../src/contract';
import { addYearsToDay } from '../../../src/contract/days';
import { UPCOMING_SORT_COLUMNS, chartGroups, filterByBand, niceMax, upcomingRow } from '../../../src/features/nps/list-rules';
import { localIsoDay } from '../../../src/lib/date-format';
import { sortRows } from '../../../src/lib/list';

describe('NPS bands (spec 2 §4)', () => {
  it('puts 9–10 in promoters, 7–8 in passives and 0–6 in detractors', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(npsBand)).toEqual([
      'Detractor',
      'Detractor',
      'Detractor',
      'Detractor',
      'Detractor',
      'Detractor',
      'Detractor',
      'Passive',
      'Passive',
      'Promoter',
      'Promoter',
    ]);
  });
});

describe('total NPS', () => {
  it('is % promoters − % detractors, rounded', () => {
    expect(totalNps({ promoterCount: 60, passiveCount: 20, detractorCount: 20 })).toBe(40);
    expect(totalNps({ promoterCount: 1, passiveCount: 1, detractorCount: 1 })).toBe(0);
    expect(totalNps({ promoterCount: 2, passiveCount: 0, detractorCount: 1 })).toBe(33);
    expect(totalNps({ promoterCount: 10, passiveCount: 0, detractorCount: 0 })).toBe(100);
    expect(totalNps({ promoterCount: 0, passiveCount: 0, detractorCount: 4 })).toBe(-100);
  });

  it('rounds halves away from zero on both sides, as SQL round() does', () => {
    expect(totalNps({ promoterCount: 5, passiveCount: 0, detractorCount: 3 })).toBe(25);
    expect(totalNps({ promoterCount: 9, passiveCount: 6, detractorCount: 1 })).toBe(50);
    expect(totalNps({ promoterCount: 3, passiveCount: 4, detractorCount: 1 })).toBe(25);
    expect(totalNps({ promoterCount: 1, passiveCount: 6, detractorCount: 1 })).toBe(0);
    expect(totalNps({ promoterCount: 2, passiveCount: 5, detractorCount: 1 })).toBe(13); // 12.5
    expect(totalNps({ promoterCount: 1, passiveCount: 5, detractorCount: 2 })).toBe(-13); // -12.5
    // -0.33 rounds to 0, not -0.
    expect(Object.is(totalNps({ promoterCount: 1, passiveCount: 300, detractorCount: 2 }), 0)).toBe(true);
  });

  it('is 0 with no completed calls', () => {
    expect(totalNps({ promoterCount: 0, passiveCount: 0, detractorCount: 0 })).toBe(0);
  });
});

describe('colour band of a score (spec 2 §4, §9)', () => {
  it('is negative below 30, attention from 30 up to 59, positive from 60', () => {
    expect(npsColorBand(-100)).toBe('negative');
    expect(npsColorBand(29)).toBe('negative');
    expect(npsColorBand(30)).toBe('attention');
    expect(npsColorBand(59)).toBe('attention');
    expect(npsColorBand(60)).toBe('positive');
    expect(npsColorBand(100)).toBe('positive');
  });
});

describe('windows', () => {
  it('rolls 12 months up to today, and compares with the same 12 months a year earlier', () => {
    const rolling = npsWindow('rolling', '2026-11-26');
    expect(rolling).toEqual({ startDate: '2025-11-27', endDate: '2026-11-26' });
    expect(windowDays(rolling)).toBe(365);
    expect(previousYearWindow(rolling)).toEqual({ startDate: '2024-11-27', endDate: '2025-11-26' });
    // The two windows meet without a gap or an overlap.
    expect(addYearsToDay(rolling.endDate, -1)).toBe('2025-11-26');
  });

  it('starts the calendar year on Jan 1 (Year to Date), compared with the same days of the year before', () => {
    expect(npsWindow('calendar', '2026-11-26')).toEqual({ startDate: '2026-01-01', endDate: '2026-11-26' });
    expect(npsWindow('calendar', '2026-01-01')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-01' });
    expect(previousYearWindow(npsWindow('calendar', '2026-11-26'))).toEqual({ startDate: '2025-01-01', endDate: '2025-11-26' });
  });

  it('moves 29 February to the 28th in a year without one, and a leap year holds 366 days', () => {
    expect(addYearsToDay('2024-02-29', -1)).toBe('2023-02-28');
    expect(addYearsToDay('2024-02-29', -4)).toBe('2020-02-29');
    expect(npsWindow('rolling', '2024-02-29')).toEqual({ startDate: '2023-03-01', endDate: '2024-02-29' });
    expect(windowDays(npsWindow('rolling', '2024-02-29'))).toBe(366);
    expect(previousYearWindow(npsWindow('calendar', '2024-02-29'))).toEqual({ startDate: '2023-01-01', endDate: '2023-02-28' });
    expect(windowDays(npsWindow('calendar', '2024-12-31'))).toBe(MAX_NPS_RANGE_DAYS);
  });

  it('looks for upcoming calls from today to 90 days ahead (spec 2 §9)', () => {
    expect(upcomingWindow('2026-11-26')).toEqual({ startDate: '2026-11-26', endDate: '2027-02-24' });
    expect(windowDays(upcomingWindow('2026-11-26'))).toBe(91);
  });

  it('takes today as the user’s own calendar day', () => {
    expect(localIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('the query of every NPS call', () => {
  const parse = (query: Partial<Record<'startDate' | 'endDate', string>>) => v.safeParse(NpsQuery, query);

  it('takes the windows the screen asks for', () => {
    for (const window of [
      npsWindow('rolling', '2026-11-26'),
      npsWindow('calendar', '2026-11-26'),
      upcomingWindow('2026-11-26'),
      npsWindow('rolling', '2024-02-29'),
    ]) {
      expect(parse(window).success).toBe(true);
    }
  });

  it('needs both days, written YYYY-MM-DD and real, start on or before end, and a year at most', () => {
    expect(parse({ startDate: '2026-01-01' }).success).toBe(false);
    expect(parse({ endDate: '2026-01-01' }).success).toBe(false);
    expect(parse({ startDate: '2026-02-29', endDate: '2026-03-01' }).success).toBe(false);
    expect(parse({ startDate: '01/01/2026', endDate: '2026-03-01' }).success).toBe(false);
    const reversed = parse({ startDate: '2026-03-02', endDate: '2026-03-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.issues?.[0]?.message).toBe('startDate must be on or before endDate.');
    const long = parse({ startDate: '2025-01-01', endDate: '2026-01-02' });
    expect(parse({ startDate: '2025-01-01', endDate: '2026-01-01' }).success).toBe(true);
    expect(long.issues?.[0]?.message).toBe('The period can be at most 366 days.');
    expect(parse({ startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });
});

const detail = (id: number, recommend: number): NpsDetail => ({
  npsResponseId: id,
  customerFirstName: 'Ann',
  customerLastName: 'Lee',
  serial: `CLW00000${id}TNA`,
  plantNumber: '910',
  comments: '',
  recommend,
  recommendGroup: npsBand(recommend),
  sixMonthCompleteDate: '2026-06-01',
  vantageAssetId: null,
});

describe('the screen’s rules', () => {
  it('filters completed calls by band, All keeping every one', () => {
    const rows = [detail(1, 10), detail(2, 7), detail(3, 3), detail(4, 6)];
    expect(filterByBand(rows, '').map((row) => row.npsResponseId)).toEqual([1, 2, 3, 4]);
    expect(filterByBand(rows, 'Detractor').map((row) => row.npsResponseId)).toEqual([3, 4]);
    expect(filterByBand(rows, 'Passive').map((row) => row.npsResponseId)).toEqual([2]);
    expect(filterByBand(rows, 'Promoter').map((row) => row.npsResponseId)).toEqual([1]);
  });

  it('upper-cases the address, city, state, model number and model name of an upcoming call', () => {
    const call: NpsUpcomingCall = {
      retailerChain: 'Smoky Mountain Homes',
      retailerNumber: '4217',
      retailerName: 'Smoky Mountain Homes - Knoxville',
      vantageAssetId: 7,
      npsDate: '2026-12-01',
      soldDate: '2026-10-17',
      plantNumber: '910',
      plantName: 'Clinton West',
      modelNumber: '28ann60a3',
      serialNumber: 'CLW012345',
      fullSerialNumber: 'CLW012345TNAB',
      modelName: 'The Anniversary 60',
      customerFirstName: 'Ann',
      customerLastName: 'Lee',
      address: 'PO Box 12',
      city: 'Knoxville',
      state: 'tn',
      zip: '37919',
      areaCode: '865',
      phone: '5550123',
      homeAddress: '12 Oak Ridge Road',
      homeCity: 'Knoxville',
      homeState: 'tn',
      homeZip: '37919',
      services: 2,
      addressDiffers: true,
    };
    const row = upcomingRow(call);
    expect(row).toMatchObject({
      address: 'PO BOX 12',
      city: 'KNOXVILLE',
      state: 'TN',
      modelNumber: '28ANN60A3',
      modelName: 'THE ANNIVERSARY 60',
    });
    expect(row.customerAddressLine).toBe('PO BOX 12, KNOXVILLE, TN 37919');
    expect(row.homeAddressLine).toBe('12 OAK RIDGE ROAD, KNOXVILLE, TN 37919');
    expect(row.phoneText).toBe('(865) 555-0123');
    expect(row.customerName).toBe('Ann Lee');
  });

  it('sorts upcoming calls by names as a phone book does: last name, then first name', () => {
    const base = upcomingRow({
      retailerChain: '',
      retailerNumber: '4217',
      retailerName: '',
      vantageAssetId: 0,
      npsDate: '2026-12-01',
      soldDate: null,
      plantNumber: '910',
      plantName: '',
      modelNumber: '',
      serialNumber: '',
      fullSerialNumber: '',
      modelName: '',
      customerFirstName: '',
      customerLastName: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      areaCode: '',
      phone: '',
      homeAddress: '',
      homeCity: '',
      homeState: '',
      homeZip: '',
      services: 0,
      addressDiffers: false,
    });
    const rows = [
      { ...base, vantageAssetId: 1, customerFirstName: 'Zoe', customerLastName: 'Adams' },
      { ...base, vantageAssetId: 2, customerFirstName: 'Amy', customerLastName: 'Baker' },
      { ...base, vantageAssetId: 3, customerFirstName: 'Al', customerLastName: 'Adams' },
    ];
    const sorted = sortRows(rows, UPCOMING_SORT_COLUMNS, { columnName: 'customerName', direction: 'asc' });
    expect(sorted.map((row) => row.vantageAssetId)).toEqual([3, 1, 2]);
  });

  it('draws promoters, passives and detractors against the prior year on a round axis', () => {
    const groups = chartGroups({
      totalNPS: 20,
      promoterCount: 50,
      passiveCount: 20,
      detractorCount: 30,
      previousTotalNPS: 10,
      previousPromoterCount: 40,
      previousPassiveCount: 30,
      previousDetractorCount: 30,
      startDate: '2025-11-27',
      endDate: '2026-11-26',
      previousStartDate: '2024-11-27',
      previousEndDate: '2025-11-26',
    });
    expect(groups.map((group) => [group.label, group.current, group.previous])).toEqual([
      ['Promoters', 50, 40],
      ['Passives', 20, 30],
      ['Detractors', 30, 30],
    ]);
    expect([0, 1, 3, 10, 11, 48, 50, 51, 180, 230].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 50, 100, 200, 500]);
  });
});
