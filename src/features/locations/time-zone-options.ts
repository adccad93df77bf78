import { canonicalTimeZone, type Location } from '../../contract';

/** The zones of US locations, offered first (issue 30 §1), before every other zone the browser knows. */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/Boise',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
] as const;

/** The select's value for "from the address" (null in the API). */
export const FROM_ADDRESS = '';

export interface TimeZoneOption {
  value: string;
  label: string;
}

const supportedZones = (): readonly string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export interface TimeZoneChoices {
  options: readonly TimeZoneOption[];
  /** The option of a zone, by its canonical name. */
  byCanonical: ReadonlyMap<string, string>;
}

/**
 * Every zone, US ones first, each once: ICU spells some zones by an older name (America/Indianapolis for
 * America/Indiana/Indianapolis), so zones are told apart by their canonical name and offered by the first spelling.
 * Made once per screen: it resolves every zone the browser knows.
 */
export function timeZoneChoices(): TimeZoneChoices {
  const byCanonical = new Map<string, string>();
  const options: TimeZoneOption[] = [];
  for (const zone of [...US_TIME_ZONES, ...supportedZones()]) {
    const canonical = canonicalTimeZone(zone) ?? zone;
    if (byCanonical.has(canonical)) continue;
    byCanonical.set(canonical, zone);
    options.push({ value: zone, label: zone });
  }
  return { options, byCanonical };
}

/** What "from the address" means for this location: the zone its address tells, else the organisation's. */
export const fromAddressLabel = (location: Pick<Location, 'addressTimeZone'>, organisationTimeZone: string) =>
  location.addressTimeZone
    ? `From the address (${location.addressTimeZone})`
    : `From the address: none, so the organisation's (${organisationTimeZone})`;

/**
 * The select's value for a stored zone: "from the address" for none, else the option of the same zone (the server
 * may store another spelling of it), else the stored name itself, which `optionsWith` then offers.
 */
export function selectValueOf(stored: string | null, choices: TimeZoneChoices): string {
  if (stored === null) return FROM_ADDRESS;
  return choices.byCanonical.get(canonicalTimeZone(stored) ?? stored) ?? stored;
}

/** The options with the selected zone among them, for a zone this browser does not list. */
export const optionsWith = (choices: TimeZoneChoices, value: string): readonly TimeZoneOption[] =>
  value === FROM_ADDRESS || choices.byCanonical.has(canonicalTimeZone(value) ?? value)
    ? choices.options
    : [{ value, label: value }, ...choices.options];
