import { NPS_BANDS, type NpsBand, type NpsColorBand, type NpsDetail, type NpsScore, type NpsUpcomingCall } from '../../contract';
import { formatPhone } from '../../lib/formats';
import type { SortColumn, SortState } from '../../lib/list';

/* ---- completed calls (spec 2 §2) ---- */

/** The filter of the completed calls: All ('') or one band. */
export type BandFilter = '' | NpsBand;
export const BAND_FILTER_OPTIONS = NPS_BANDS.map((band) => ({ value: band, label: band }));

export const filterByBand = (rows: readonly NpsDetail[], band: BandFilter) =>
  band === '' ? rows : rows.filter((row) => row.recommendGroup === band);

/** spec 2 §2 Completed calls sort fields: customerFirstName, customerLastName, serial, sixMonthCompleteDate, recommend. */
export const COMPLETED_SORT_COLUMNS: readonly SortColumn<NpsDetail>[] = [
  { columnName: 'customerFirstName', displayName: 'First Name', filterable: true },
  { columnName: 'customerLastName', displayName: 'Last Name', filterable: true },
  { columnName: 'serial', displayName: 'Serial', filterable: true },
  { columnName: 'sixMonthCompleteDate', displayName: 'Six-Month Complete' },
  { columnName: 'recommend', displayName: 'Score' },
];
export const DEFAULT_COMPLETED_SORT: SortState = { columnName: 'sixMonthCompleteDate', direction: 'desc' };

/** What the completed calls' search reads: the names, the serial, the comments and the band. */
export const completedSearchText = (row: NpsDetail) =>
  [row.customerFirstName, row.customerLastName, row.serial, row.comments, row.recommendGroup].join(' ');

/* ---- upcoming calls (spec 2 §2) ---- */

/** An upcoming call as the list shows it: address, city, state, model number and name upper-cased (spec 2 §2). */
export interface UpcomingRow extends NpsUpcomingCall {
  customerName: string;
  phoneText: string;
  customerAddressLine: string;
  homeAddressLine: string;
}

const upper = (text: string) => text.trim().toUpperCase();
const addressLine = (street: string, city: string, state: string, zip: string) =>
  [upper(street), [upper(city), [upper(state), zip.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');

export function upcomingRow(call: NpsUpcomingCall): UpcomingRow {
  return {
    ...call,
    address: upper(call.address),
    city: upper(call.city),
    state: upper(call.state),
    homeAddress: upper(call.homeAddress),
    homeCity: upper(call.homeCity),
    homeState: upper(call.homeState),
    modelNumber: upper(call.modelNumber),
    modelName: upper(call.modelName),
    customerName: `${call.customerFirstName} ${call.customerLastName}`.trim(),
    phoneText: formatPhone(`${call.areaCode}${call.phone}`),
    customerAddressLine: addressLine(call.address, call.city, call.state, call.zip),
    homeAddressLine: addressLine(call.homeAddress, call.homeCity, call.homeState, call.homeZip),
  };
}

/**
 * spec 2 §2 Upcoming calls sorts: names, serial, model, NPS date, sold date. The names sort as a phone book does,
 * last name then first name, in one Customer column (the list has the customer's phone under the name).
 */
export const UPCOMING_SORT_COLUMNS: readonly SortColumn<UpcomingRow>[] = [
  { columnName: 'customerName', displayName: 'Customer', value: (row) => `${row.customerLastName} ${row.customerFirstName}`.trim() },
  { columnName: 'fullSerialNumber', displayName: 'Serial' },
  { columnName: 'modelNumber', displayName: 'Model' },
  { columnName: 'npsDate', displayName: 'NPS Date' },
  { columnName: 'soldDate', displayName: 'Sold Date' },
];
export const DEFAULT_UPCOMING_SORT: SortState = { columnName: 'npsDate', direction: 'asc' };

/* ---- score and chart ---- */

export const COLOR_BAND_LABELS: Record<NpsColorBand, string> = { negative: 'Negative', attention: 'Needs attention', positive: 'Positive' };

export interface ChartGroup {
  band: NpsBand;
  label: string;
  current: number;
  previous: number;
}

const PLURAL: Record<NpsBand, string> = { Promoter: 'Promoters', Passive: 'Passives', Detractor: 'Detractors' };

/** The bar chart's groups: promoters, passives and detractors, this period against the prior year's. */
export const chartGroups = (score: NpsScore): ChartGroup[] => [
  { band: 'Promoter', label: PLURAL.Promoter, current: score.promoterCount, previous: score.previousPromoterCount },
  { band: 'Passive', label: PLURAL.Passive, current: score.passiveCount, previous: score.previousPassiveCount },
  { band: 'Detractor', label: PLURAL.Detractor, current: score.detractorCount, previous: score.previousDetractorCount },
];

/** A round axis maximum at or above the largest count (1, 2, 5 × a power of ten), so the gridlines read well. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}
