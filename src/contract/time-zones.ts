import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import * as v from 'valibot';

/*
 * The business day (issue 30): every date HomeSite stamps or judges (a request date, "not in the future", "older than
 * 60 days", "last month") is the calendar day in the time zone of the record's location, its retail center or plant,
 * not the server's UTC day. Server and client count it alike with this module, so a form's check agrees with the
 * server's at 19:30 in Chicago as at noon.
 */

/** ORG_TIME_ZONE's default: the zone of a location that has none and whose address tells none. */
export const DEFAULT_ORG_TIME_ZONE = 'America/Chicago';

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** States in one zone (and the zone of most of a state whose other zones the ZIP code tells apart, below). */
const STATE_ZONES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['CT', 'DC', 'DE', 'GA', 'MA', 'MD', 'ME', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV'].map((state) => [
      state,
      EASTERN,
    ]),
  ),
  ...Object.fromEntries(['AL', 'AR', 'IA', 'IL', 'LA', 'MN', 'MO', 'MS', 'OK', 'WI'].map((state) => [state, CENTRAL])),
  ...Object.fromEntries(['CO', 'MT', 'NM', 'UT', 'WY'].map((state) => [state, MOUNTAIN])),
  ...Object.fromEntries(['CA', 'NV', 'WA'].map((state) => [state, PACIFIC])),
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
};

/**
 * States with more than one zone: the zone of each 3-digit ZIP prefix where the prefix tells it, and the prefixes
 * that straddle a line (Marion County, Tennessee is Central inside Chattanooga's 373), where the zone must be given.
 */
const SPLIT_STATES: Readonly<
  Record<string, { zones: readonly (readonly [from: number, to: number, zone: string])[]; unsure?: readonly number[] }>
> = {
  TN: {
    zones: [
      [370, 372, CENTRAL],
      [374, 379, EASTERN],
      [380, 385, CENTRAL],
    ],
    unsure: [373],
  },
  KY: {
    zones: [
      [400, 418, EASTERN],
      [420, 424, CENTRAL],
      [425, 427, EASTERN],
    ],
  },
  FL: {
    zones: [
      [320, 323, EASTERN],
      [324, 325, CENTRAL],
      [326, 349, EASTERN],
    ],
  },
  IN: {
    zones: [
      [460, 462, EASTERN],
      [463, 464, CENTRAL],
      [465, 475, EASTERN],
      [476, 477, CENTRAL],
      [478, 479, EASTERN],
    ],
  },
  TX: {
    zones: [
      [750, 797, CENTRAL],
      [798, 799, MOUNTAIN],
      [885, 885, MOUNTAIN],
    ],
  },
  MI: { zones: [[480, 497, 'America/Detroit']], unsure: [498, 499] },
  KS: {
    zones: [
      [660, 676, CENTRAL],
      [679, 679, CENTRAL],
    ],
    unsure: [677, 678],
  },
  NE: { zones: [[680, 689, CENTRAL]], unsure: [690, 691, 692, 693] },
  ND: { zones: [[580, 585, CENTRAL]], unsure: [586, 587, 588] },
  SD: { zones: [[570, 574, CENTRAL]], unsure: [575, 576, 577] },
  ID: {
    zones: [
      [832, 834, 'America/Boise'],
      [835, 835, PACIFIC],
      [836, 837, 'America/Boise'],
      [838, 838, PACIFIC],
    ],
  },
  OR: { zones: [[970, 978, PACIFIC]], unsure: [979] },
};

/**
 * The zone an address is in, from its state and ZIP code; null when they do not tell it (a state with two zones and
 * no ZIP code, or one that straddles the line), and the zone must be given.
 */
export function zoneOfAddress(state: string, zipCode: string): string | null {
  const code = state.trim().toUpperCase();
  const split = SPLIT_STATES[code];
  if (!split) return STATE_ZONES[code] ?? null;
  const prefix = /^\d{3}/.exec(zipCode.trim())?.[0];
  if (prefix === undefined) return null;
  const zip3 = Number(prefix);
  if (split.unsure?.includes(zip3)) return null;
  return split.zones.find(([from, to]) => zip3 >= from && zip3 <= to)?.[2] ?? null;
}

/** The canonical name of an IANA time zone ('us/central' → 'America/Chicago'), or null when it is none. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A location as its zone is read: the zone it was given, else its address's. */
export interface ZonedLocation {
  timeZone: string | null;
  state: string;
  zipCode: string;
}

/** The zone of a location: the one it was given, else its address's, else the organisation's (ORG_TIME_ZONE). */
export const zoneOfLocation = (location: ZonedLocation, organisationZone: string) =>
  location.timeZone ?? zoneOfAddress(location.state, location.zipCode) ?? organisationZone;

/** Where a user's profile says they work (session.ts CmhUser, whose retail centers and plants carry their zones). */
interface ZonedUser {
  isPlantUser: boolean;
  currentRetailer: { retailerNumber: string; timeZone?: string } | null;
  availableRetailers: readonly { retailerNumber: string; timeZone?: string }[];
  availablePlants: readonly { plantNumber: string; timeZone?: string }[];
}

/**
 * The zone of where a user works, for what is counted for them rather than for one record (reports' periods, the
 * inventory's day): a retail user's current retail center, a plant user's first plant; the organisation's when the
 * profile has no zone (one kept by an older version, read offline).
 */
export const zoneOfUser = (user: ZonedUser, organisationZone = DEFAULT_ORG_TIME_ZONE): string =>
  (user.isPlantUser ? user.availablePlants[0]?.timeZone : user.currentRetailer?.timeZone) ?? organisationZone;

/**
 * The zone of a record as a device can tell it offline: the one the record came with from the server, else that of
 * its retail center or plant among the user's, else where the user works.
 */
export const zoneOfRecordFor = (
  user: ZonedUser,
  record: { timeZone?: string; retailerNumber?: string | null; plantNumber?: string | null },
): string =>
  record.timeZone ??
  user.availableRetailers.find((retailer) => retailer.retailerNumber === record.retailerNumber)?.timeZone ??
  user.availablePlants.find((plant) => plant.plantNumber === record.plantNumber)?.timeZone ??
  zoneOfUser(user);

/** The calendar day ('YYYY-MM-DD') an instant falls on in a zone: the business day of a location in that zone. */
export const businessDay = (zone: string, at: Date | number = new Date()) => format(at, 'yyyy-MM-dd', { in: tz(zone) });

export const TIME_ZONE_MESSAGES = {
  unknown: 'Time zone must be an IANA time zone, such as America/Chicago.',
  ask: 'The state and ZIP code do not tell the time zone: give the time zone, such as America/Chicago.',
} as const;

/** A time zone as a form or a file gives it: an IANA name, stored in its canonical spelling. */
export const TimeZoneName = v.pipe(
  v.string(TIME_ZONE_MESSAGES.unknown),
  v.trim(),
  v.maxLength(64, TIME_ZONE_MESSAGES.unknown),
  v.check((name) => canonicalTimeZone(name) !== null, TIME_ZONE_MESSAGES.unknown),
  v.transform((name) => canonicalTimeZone(name)!),
);
