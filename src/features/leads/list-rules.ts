import { LEAD_STATUS, leadFullName, leadMatchesFilter, type Lead, type LeadFilter } from '../../contract';
import type { SortColumn } from '../../lib/list';
import type { PendingMark } from '../../lib/pending-mark';

/** spec 2 §2 Leads sort options: name, email, lead date. */
export const LEAD_SORT_COLUMNS: readonly SortColumn<LeadRow>[] = [
  { columnName: 'fullName', displayName: 'Name', filterable: true },
  { columnName: 'email', displayName: 'Email', filterable: true },
  { columnName: 'leadDate', displayName: 'Lead Date' },
];

/** A lead as the list shows it: its derived full name, and a status change waiting on the device. */
export interface LeadRow extends Lead {
  fullName: string;
  pending?: PendingMark;
}

/** A queued change of a lead: what it does (its outbox intent), and where it stands. */
export interface QueuedLeadChange {
  seq: number;
  label: string;
  leadId: number;
  status: 'C' | 'I';
  failed: boolean;
  message?: string;
}

/**
 * The list as it will be: a lead with a queued claim or deactivation shows its new status, marked pending (or not
 * saved, with the server's reason), so the user sees the claim at once, offline too.
 */
export function leadRows(leads: readonly Lead[], queued: readonly QueuedLeadChange[]): LeadRow[] {
  const latest = new Map<number, QueuedLeadChange>();
  for (const change of queued) latest.set(change.leadId, change);
  return leads.map((lead) => {
    const change = latest.get(lead.leadId);
    const row: LeadRow = { ...lead, fullName: leadFullName(lead) };
    if (!change) return row;
    return {
      ...row,
      status: change.failed ? lead.status : change.status,
      pending: { state: change.failed ? 'failed' : 'pending', seq: change.seq, label: change.label, message: change.message },
    };
  });
}

export const filterLeads = (rows: readonly LeadRow[], filter: LeadFilter) => rows.filter((row) => leadMatchesFilter(row, filter));

/** spec 2 §4: claim an unclaimed or inactive lead; deactivate an unclaimed or claimed one; a converted lead is final. */
export const canClaim = (lead: Pick<Lead, 'status'>) => lead.status === null || lead.status === LEAD_STATUS.inactive;
export const canDeactivate = (lead: Pick<Lead, 'status'>) => lead.status === null || lead.status === LEAD_STATUS.claimed;
export const canConvert = (lead: Pick<Lead, 'status'>) => lead.status !== LEAD_STATUS.converted;

export const LEAD_STATUS_LABELS: Record<string, string> = { C: 'Claimed', I: 'Inactive', P: 'Prospect' };
export const leadStatusLabel = (status: Lead['status']) => (status === null ? 'Unclaimed' : (LEAD_STATUS_LABELS[status] ?? status));
