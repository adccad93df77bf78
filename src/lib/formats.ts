import { isAllowedLinkTarget } from './links';

/**
 * The display formats of spec 1 §5 and §9, one place to import them from. Dates and help file names have their own
 * modules (dates.ts, date-format.ts, help-files.ts); they are re-exported here so that there is one implementation of each.
 */
export { formatDate } from './date-format';
export { isEmptyDate, parseMsDate, toDate } from './dates';
export { sanitizeHelpFileName } from './help-files';

/**
 * spec 1 §5 phone: 10 digits show as (PPP) ###-####; 11 or 12 digits show with a country prefix (+C or +CC before
 * the 10-digit number); other input is left unchanged. Spaces, dots, dashes, parentheses and a leading + are
 * only separators; anything else (letters, an extension) leaves the input as it is.
 */
export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const compact = text
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!/^\d+$/.test(compact)) return text;
  const national = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  switch (compact.length) {
    case 10:
      return national(compact);
    case 11:
      return `+${compact.slice(0, 1)} ${national(compact.slice(1))}`;
    case 12:
      return `+${compact.slice(0, 2)} ${national(compact.slice(2))}`;
    default:
      return text;
  }
}

/** The 50 US state abbreviations (spec 1 §5). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
const STATE_SET: ReadonlySet<string> = new Set(US_STATES);

export const isUsState = (value: string) => STATE_SET.has(value.trim().toUpperCase());

/** spec 1 §5: a US state abbreviation is shown upper-cased ('tx' → 'TX'); anything else is left as it is. */
export function formatState(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return isUsState(value) ? value.trim().toUpperCase() : value;
}

/** spec 1 §5: titles are capitalized: each word starts upper-case, the rest lower-case ('JOHN smith' → 'John Smith'). */
export function titleCase(value: string | null | undefined): string {
  if (!value) return '';
  return value.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

/** spec 1 §5: the active flag (and other booleans) show Yes or No. */
export const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');

/** spec 1 §5 quote numbers with the BAQ- prefix: one rule, in the contract (its messages name quotes). */
export { QUOTE_NUMBER_PREFIX, formatQuoteNumber } from '../contract/quote-number';

/** spec 1 §5: the no-special-characters pattern: letters, digits, comma, period and space only. */
export const NO_SPECIAL_CHARACTERS = /^[A-Za-z0-9,. ]*$/;
export const hasNoSpecialCharacters = (value: string) => NO_SPECIAL_CHARACTERS.test(value);

/**
 * spec 1 §5 allowed link targets (http, https, ftp, mailto, browser-extension, blob) as a sanitizer for `href`:
 * the URL when it is allowed (relative URLs are), otherwise undefined so that no link is rendered.
 */
export function safeLinkHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  return trimmed && isAllowedLinkTarget(trimmed) ? trimmed : undefined;
}

/**
 * spec 1 §9 brand logos. Codes C D E F G J K L N P Q T each have their own logo, H M S share one, any other code gets
 * the default. The product ships no brand artwork: a logo is a name and a path under /brands/ that a deployment
 * fills with its own files (the name doubles as the image's alt text fallback).
 */
export interface BrandLogo {
  key: string;
  src: string;
}

const OWN_LOGO_CODES = ['C', 'D', 'E', 'F', 'G', 'J', 'K', 'L', 'N', 'P', 'Q', 'T'] as const;
const SHARED_LOGO_CODES = ['H', 'M', 'S'] as const;
const logo = (key: string): BrandLogo => ({ key, src: `/brands/${key}.svg` });
export const DEFAULT_BRAND_LOGO = logo('default');
const SHARED_BRAND_LOGO = logo('brand-hms');

export function brandLogo(code: string | null | undefined): BrandLogo {
  const normalized = (code ?? '').trim().toUpperCase();
  if ((SHARED_LOGO_CODES as readonly string[]).includes(normalized)) return SHARED_BRAND_LOGO;
  if ((OWN_LOGO_CODES as readonly string[]).includes(normalized)) return logo(`brand-${normalized.toLowerCase()}`);
  return DEFAULT_BRAND_LOGO;
}

/** spec 1 §9 parts catalog categories: 3 Bathroom, 8 Bedroom, 5 Kitchen, 18 Carpet; any other id shows Active. */
const PARTS_CATEGORIES: Readonly<Record<number, string>> = { 3: 'Bathroom', 8: 'Bedroom', 5: 'Kitchen', 18: 'Carpet' };

export function partsCategoryName(categoryId: number | string | null | undefined): string {
  const id = Number(categoryId);
  return (Number.isInteger(id) && PARTS_CATEGORIES[id]) || 'Active';
}

/** A size as people read it: bytes, KB, MB or GB (1024-based, as the browsers' storage figures are). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
