import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';
import type { AuditAction, AuditQuery } from '../../contract';
import { parseDateText } from '../../lib/validators';

/** What the screen filters by, as typed: a part of a user name, an action, and From and To days (MM/DD/YYYY). */
export interface AuditFilterInput {
  user: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** The filters as the server takes them (GET {api}/api/Audit and /csv); what is empty or not yet a date is left out. */
export type AuditFilters = Pick<AuditQuery, 'user' | 'action' | 'from' | 'to'>;

/**
 * The viewer's own days as instants (ARCHITECTURE: instants are shown in the viewer's zone): From is the local midnight
 * that starts its day, To the local midnight that ends its day, so both days are included.
 */
export function auditFilters(input: AuditFilterInput): AuditFilters {
  const user = input.user.trim();
  const fromDay = input.from.trim() ? parseDateText(input.from) : null;
  const toDay = input.to.trim() ? parseDateText(input.to) : null;
  const filters: AuditFilters = {};
  if (user) filters.user = user;
  if (input.action) filters.action = input.action;
  if (fromDay) filters.from = startOfDay(fromDay).toISOString();
  if (toDay) filters.to = addDays(startOfDay(toDay), 1).toISOString();
  return filters;
}
