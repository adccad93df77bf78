/*
 * The screen's address and its canonical form, apart from the list rules: the route file's guard needs them on every
 * first load (the route tree is in the entry), and list-rules.ts brings the contract's schemas along.
 */

/** The titles the route files give the list and the warranty panel (HOMEOWNER_TEXT uses them too). */
export const HOMEOWNER_TITLES = { list: 'My Homeowners', warranty: 'Edit Homeowner' } as const;

/** spec 3 §2: the screen's route (the home tile links '/service/myHomeowners'; the route file makes that this). */
export const MY_HOMEOWNERS_PATH = '/service/myhomeowners';

/** A path under My Homeowners written in another case ('/service/myHomeowners/…') → the same path as the routes write it; else undefined. */
export function canonicalHomeownersPath(pathname: string): string | undefined {
  const prefix = pathname.slice(0, MY_HOMEOWNERS_PATH.length);
  if (prefix === MY_HOMEOWNERS_PATH || prefix.toLowerCase() !== MY_HOMEOWNERS_PATH) return undefined;
  const rest = pathname.slice(MY_HOMEOWNERS_PATH.length);
  if (rest !== '' && !rest.startsWith('/')) return undefined;
  // Only the fixed words change case: plant numbers are digits, and a serial keeps the case it was written in.
  return MY_HOMEOWNERS_PATH + rest.replace(/^\/warranty\//i, '/warranty/');
}
