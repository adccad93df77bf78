import * as v from 'valibot';
import { LeadStatusInput, paths } from '../../../contract';
import type { OutboxEntry } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { intentOf } from '../../../offline/read-entry';
import { leadRecordKey } from './leads';

const LEADS = 'leads';

/** What the user did to a lead, as its outbox entry says it (OutboxIntent): claimed it (C) or deactivated it (I). */
export const LeadIntent = v.object({
  feature: v.literal(LEADS),
  kind: v.literal('lead-status'),
  leadId: v.number(),
  status: LeadStatusInput.entries.status,
});
export type LeadIntent = v.InferOutput<typeof LeadIntent>;

/** The intent of a lead's entry; undefined for another feature's. */
export const leadIntentOf = (entry: Pick<OutboxEntry, 'intent'>) => intentOf(entry, LeadIntent);

/** POST {api}/Lead (spec 2 §7): a claim or deactivation, as the outbox keeps and sends it (offline too). */
export function leadStatusCall(
  leadId: number,
  fullName: string,
  status: LeadStatusInput['status'],
): OutboxCall<LeadStatusInput, LeadIntent> {
  return {
    method: 'POST',
    base: paths.leads.base,
    path: paths.leads.path,
    body: { leadId, status },
    recordKey: leadRecordKey(leadId),
    label: `${status === 'C' ? 'Claim' : 'Deactivate'} lead ${fullName}`,
    intent: { feature: LEADS, kind: 'lead-status', leadId, status },
  };
}
