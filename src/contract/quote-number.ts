/*
 * The quote number format, in a module of its own: lib/formats re-exports it, and the app's first chunk must not pull
 * the sales schemas in with it.
 */

export const QUOTE_NUMBER_PREFIX = 'BAQ-';

/** spec 1 §5, spec 2 §2: quote numbers are shown with the prefix BAQ- (once, even if the number already carries it). */
export function formatQuoteNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!text) return '';
  return text.toUpperCase().startsWith(QUOTE_NUMBER_PREFIX) ? text : `${QUOTE_NUMBER_PREFIX}${text}`;
}
