import * as v from 'valibot';
import { IsoDay } from './text';
import { addDaysToDay, addYearsToDay, daysBetween } from './days';

/*
 * NPS, the customer-satisfaction dashboard (spec 2 §2 NPS, §3 NPS score / detail / upcoming call, §4 NPS bands, §6, §7
 * NPS, §9). GET {api}/NpsScores, /NpsDetails and /NpsUpcomingCalls each take startDate and endDate (ISO days).
 *
 * Rules this product sets where the spec is silent (the server enforces them):
 * - Who: Nps_Viewer at a retail center that is not company-owned (type C), like the tile (lib/permissions canViewNps);
 *   the rows are those of the user's current retail center only.
 * - A window is at most MAX_NPS_RANGE_DAYS days, start on or before end: every window the screen asks for (12 months,
 *   the year to date, the next 90 days) fits, and no call can make the server read a retailer's whole history.
 * - Scores: one record (an array of one, spec 2 §7 "only the first score record is used") with the counts of the window
 *   and of the same window one year earlier (a 29 February start or end becomes the 28th).
 * - totalNPS = % promoters − % detractors, rounded half away from zero; 0 when the window has no completed call.
 * - Colour band (spec 2 §4 and §9 disagree at the edges): below 30 negative; 30 up to but not including 60
 *   attention (§9 "30 to 60" takes 30 in; §4 "below 60 attention, otherwise positive" puts 60 in positive).
 * - An upcoming call is a home of the retail center whose warranty card's NPS date lies in the window; `services` is
 *   the number of service requests submitted for the home. The chain is the retailer's name (a chain's retail centers
 *   share it); retailerName adds the retail center's town.
 */

/** spec 2 §9: the upcoming NPS calls window is today to 90 days ahead. */
export const UPCOMING_NPS_DAYS = 90;
/** The longest window a call may ask for: a year, leap day included. */
export const MAX_NPS_RANGE_DAYS = 366;

export const NPS_BANDS = ['Promoter', 'Passive', 'Detractor'] as const;
/** spec 4 NPS bands: Promoter, Passive, Detractor. */
export type NpsBand = (typeof NPS_BANDS)[number];

/** The band of a 0–10 answer to "would you recommend": promoter 9–10, passive 7–8, detractor 0–6. */
export function npsBand(recommend: number): NpsBand {
  if (recommend >= 9) return 'Promoter';
  if (recommend >= 7) return 'Passive';
  return 'Detractor';
}

/** The answers of each band, as SQL compares them (server) and the rule above reads them. */
export const NPS_BAND_RANGES: Record<NpsBand, readonly [min: number, max: number]> = {
  Promoter: [9, 10],
  Passive: [7, 8],
  Detractor: [0, 6],
};

export interface NpsCounts {
  promoterCount: number;
  passiveCount: number;
  detractorCount: number;
}

/** total NPS = round(% promoters − % detractors), half away from zero; 0 with no answers. */
export function totalNps({ promoterCount, passiveCount, detractorCount }: NpsCounts): number {
  const answers = promoterCount + passiveCount + detractorCount;
  if (answers === 0) return 0;
  const difference = promoterCount - detractorCount;
  // Math.round alone rounds -12.5 to -12; the sign keeps the rounding symmetric.
  return Math.sign(difference) * Math.round((Math.abs(difference) * 100) / answers) + 0;
}

export type NpsColorBand = 'negative' | 'attention' | 'positive';
/** spec 2 §4/§9 colour thresholds. */
export const NPS_ATTENTION_FROM = 30;
export const NPS_POSITIVE_FROM = 60;

/** Below 30 negative, 30 to 59 attention, 60 and above positive (see the note at the top on the edges). */
export function npsColorBand(score: number): NpsColorBand {
  if (score < NPS_ATTENTION_FROM) return 'negative';
  if (score < NPS_POSITIVE_FROM) return 'attention';
  return 'positive';
}

/* ---- windows ---- */

export interface NpsWindow {
  startDate: string;
  endDate: string;
}

/** spec 2 §2: the 12-month rolling window, or the calendar year to date (from Jan 1). */
export type NpsPeriod = 'rolling' | 'calendar';
export const NPS_PERIODS: Record<NpsPeriod, string> = { rolling: '12-Month Rolling', calendar: 'Year to Date' };

/** Days from start to end, both counted. */
export const windowDays = ({ startDate, endDate }: NpsWindow) => daysBetween(startDate, endDate) + 1;

/**
 * The window of a period ending today: rolling is the 12 months up to today (the day after the same day a year ago,
 * so that no day counts twice against the prior year); calendar is Jan 1 to today.
 */
export function npsWindow(period: NpsPeriod, today: string): NpsWindow {
  if (period === 'calendar') return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
  return { startDate: addDaysToDay(addYearsToDay(today, -1), 1), endDate: today };
}

/** The comparison window: the same window one year earlier (spec 2 §2 "compares against the prior year"). */
export const previousYearWindow = ({ startDate, endDate }: NpsWindow): NpsWindow => ({
  startDate: addYearsToDay(startDate, -1),
  endDate: addYearsToDay(endDate, -1),
});

/** spec 2 §9: upcoming calls from today to 90 days ahead. */
export const upcomingWindow = (today: string): NpsWindow => ({ startDate: today, endDate: addDaysToDay(today, UPCOMING_NPS_DAYS) });

/* ---- query and answers ---- */

export const NPS_MESSAGES = {
  startDate: 'startDate must be a date written YYYY-MM-DD.',
  endDate: 'endDate must be a date written YYYY-MM-DD.',
  order: 'startDate must be on or before endDate.',
  range: `The period can be at most ${MAX_NPS_RANGE_DAYS} days.`,
  noCalls: 'No completed calls in this period.',
} as const;

/** ?startDate&endDate of every NPS call: both required ISO days, start ≤ end, at most MAX_NPS_RANGE_DAYS days. */
export const NpsQuery = v.pipe(
  v.object({ startDate: IsoDay(NPS_MESSAGES.startDate, 'startDate'), endDate: IsoDay(NPS_MESSAGES.endDate, 'endDate') }),
  v.forward(
    v.check((window) => window.startDate <= window.endDate, NPS_MESSAGES.order),
    ['endDate'],
  ),
  v.forward(
    v.check((window) => windowDays(window) <= MAX_NPS_RANGE_DAYS, NPS_MESSAGES.range),
    ['endDate'],
  ),
);
export type NpsQuery = v.InferOutput<typeof NpsQuery>;

/** spec 2 §3 NPS score, with the windows it counts (for the chart's labels) and the prior year's total. */
export const NpsScore = v.object({
  totalNPS: v.number(),
  promoterCount: v.number(),
  passiveCount: v.number(),
  detractorCount: v.number(),
  previousTotalNPS: v.number(),
  previousPromoterCount: v.number(),
  previousPassiveCount: v.number(),
  previousDetractorCount: v.number(),
  startDate: v.string(),
  endDate: v.string(),
  previousStartDate: v.string(),
  previousEndDate: v.string(),
});
export type NpsScore = v.InferOutput<typeof NpsScore>;

/** spec 2 §3 NPS detail; `vantageAssetId` (the home) opens its service history, null when the call names no home. */
export const NpsDetail = v.object({
  npsResponseId: v.number(),
  customerFirstName: v.string(),
  customerLastName: v.string(),
  serial: v.string(),
  plantNumber: v.string(),
  comments: v.string(),
  recommend: v.number(),
  recommendGroup: v.picklist(NPS_BANDS),
  sixMonthCompleteDate: v.string(),
  vantageAssetId: v.nullable(v.number()),
});
export type NpsDetail = v.InferOutput<typeof NpsDetail>;

/**
 * spec 2 §3 NPS upcoming call: the customer's (mailing) address, the home's address, and the home's service count.
 * serialNumber is the plant prefix and six digits (as orders write it), fullSerialNumber the whole serial.
 */
export const NpsUpcomingCall = v.object({
  retailerChain: v.string(),
  retailerNumber: v.string(),
  retailerName: v.string(),
  vantageAssetId: v.number(),
  npsDate: v.string(),
  soldDate: v.nullable(v.string()),
  plantNumber: v.string(),
  plantName: v.string(),
  modelNumber: v.string(),
  serialNumber: v.string(),
  fullSerialNumber: v.string(),
  modelName: v.string(),
  customerFirstName: v.string(),
  customerLastName: v.string(),
  address: v.string(),
  city: v.string(),
  state: v.string(),
  zip: v.string(),
  areaCode: v.string(),
  phone: v.string(),
  homeAddress: v.string(),
  homeCity: v.string(),
  homeState: v.string(),
  homeZip: v.string(),
  services: v.number(),
  /** spec 2 §2: the home's address is not the customer's (warranty.ts isHomeAddressSameAsOwner, the card form's rule). */
  addressDiffers: v.boolean(),
});
export type NpsUpcomingCall = v.InferOutput<typeof NpsUpcomingCall>;
