import type { TermsDocument } from '../../contract';
import { isEmptyDate, parseMsDate, toDate } from '../../lib/dates';

/**
 * spec 1 §4 Terms of use: shown when termsAcceptanceDate is empty, or when the terms document was created or
 * modified after it. Without the document (none published, not loaded yet, offline) only an empty acceptance date asks.
 */
export function termsAcceptanceRequired(termsAcceptanceDate: string | null, document: TermsDocument | null | undefined): boolean {
  if (isEmptyDate(termsAcceptanceDate)) return true;
  const accepted = toDate(termsAcceptanceDate);
  if (!accepted) return true;
  if (!document) return false;
  return [document.CreateDate, document.ModifyDate].some((value) => {
    const date = parseMsDate(value);
    return date !== null && date.getTime() > accepted.getTime();
  });
}
