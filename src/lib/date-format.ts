// The function's own module: the date-fns barrel would count all of date-fns where this is loaded.
import { lightFormat } from 'date-fns/lightFormat';
import { isEmptyDate, toDate } from './dates';

/** The calendar day of `date` where the user is, as YYYY-MM-DD: the device's "today", or a typed date sent as a day. */
export const localIsoDay = (date: Date) => lightFormat(date, 'yyyy-MM-dd');

/** spec 1 §5: dates show as MM/DD/YYYY; empty and placeholder dates show TBD; anything unreadable is shown as given. */
export function formatDate(value: string | Date | null | undefined): string {
  if (isEmptyDate(value)) return 'TBD';
  const date = toDate(value);
  if (!date) return String(value);
  return lightFormat(date, 'MM/dd/yyyy');
}

/** An instant (a sign-in, an audit event, a link's expiry) in the viewer's own zone: MM/DD/YYYY h:mm AM/PM. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'MM/dd/yyyy h:mm a') : String(value);
}
