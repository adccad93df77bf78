import * as v from 'valibot';
import { TimeZoneName } from './time-zones';

/*
 * The admin field of a location's time zone (issue 30 §1): GET {api}/api/Locations lists the retail centers and plants
 * the caller administers with the zone each has stored, the zone its address tells and the zone its days are counted
 * in; PUT {api}/api/Locations/{kind}/{number} sets the stored zone, or clears it (null) so the address tells it again.
 */

export const LOCATION_KINDS = ['retailer', 'plant'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const LOCATION_MESSAGES = {
  kind: 'Kind must be retailer or plant.',
  number: 'Number must be digits.',
  notFound: 'Location not found.',
} as const;

export const Location = v.object({
  kind: v.picklist(LOCATION_KINDS),
  /** The retailer number or plant number. */
  number: v.string(),
  name: v.string(),
  city: v.string(),
  state: v.string(),
  zipCode: v.string(),
  /** The zone stored for it; null: its days follow its address (then the organisation's zone). */
  timeZone: v.nullable(v.string()),
  /** The zone its state and ZIP code tell; null when they do not (a state split by a line and no telling ZIP code). */
  addressTimeZone: v.nullable(v.string()),
  /** The zone its business day is counted in: timeZone, else addressTimeZone, else the organisation's. */
  effectiveTimeZone: v.string(),
});
export type Location = v.InferOutput<typeof Location>;

export const LocationList = v.object({
  /** ORG_TIME_ZONE: the zone of a location with none stored whose address tells none. */
  organisationTimeZone: v.string(),
  /** Retail centers first, then plants, each by number. */
  locations: v.array(Location),
});
export type LocationList = v.InferOutput<typeof LocationList>;

/** Path of PUT {api}/api/Locations/{kind}/{number}; the kind is read in any case, as the path is. */
export const LocationParams = v.object({
  kind: v.pipe(v.string(LOCATION_MESSAGES.kind), v.toLowerCase(), v.picklist(LOCATION_KINDS, LOCATION_MESSAGES.kind)),
  number: v.pipe(v.string(LOCATION_MESSAGES.number), v.regex(/^\d{1,10}$/, LOCATION_MESSAGES.number)),
});
export type LocationParams = v.InferOutput<typeof LocationParams>;

/** A zone to store (an IANA name, kept in its canonical spelling), or null for "from the address". */
export const LocationTimeZoneBody = v.object({ timeZone: v.nullable(TimeZoneName) });
export type LocationTimeZoneBody = v.InferInput<typeof LocationTimeZoneBody>;
