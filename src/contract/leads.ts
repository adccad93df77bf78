import * as v from 'valibot';

/*
 * Leads (spec 2 §2 Leads list, §3 Lead, §4 Lead status, §6). GET {api}/Lead answers the retailer's leads; POST {api}/Lead
 * with { leadId, status, rowVersion } claims (C, sets claimedDate), deactivates (I) or marks converted (P). Claim and
 * deactivate work offline through the outbox. POST /crm/webapi/api/Prospects/Lead { leadId } creates the prospect and
 * answers { prospectId }; the lead becomes P in the same transaction. Decided here: only an unclaimed or claimed lead
 * can be claimed or deactivated, and claiming an already claimed lead is a no-op answered with the lead (a replayed
 * claim changes nothing); a converted (P) lead is final.
 */

export const LEAD_STATUS = { claimed: 'C', inactive: 'I', converted: 'P' } as const;
/** The status filter of the list; Unclaimed (no status) is the default (spec 2 §2). */
export const LEAD_FILTERS = ['Unclaimed', 'Claimed', 'Inactive', 'Converted', 'All'] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];
export const DEFAULT_LEAD_FILTER: LeadFilter = 'Unclaimed';

/**
 * spec 2 §3 Lead. `status` is null for an unclaimed lead. basePrice, optionPrice and invoiceTotal (of the quoted home)
 * are answered to price viewers only (View_Pricing, spec 2 §6), and absent for anyone else.
 */
export const Lead = v.object({
  leadId: v.number(),
  independentLeadId: v.number(),
  leadDate: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  comments: v.string(),
  address: v.string(),
  city: v.string(),
  state: v.string(),
  zip: v.string(),
  email: v.string(),
  dayPhone: v.string(),
  relocating: v.string(),
  relocatingCity: v.string(),
  relocatingState: v.string(),
  status: v.nullable(v.picklist(['C', 'I', 'P'])),
  friendlySource: v.string(),
  claimedDate: v.string(),
  customer: v.string(),
  retailerNumber: v.string(),
  quoteNumber: v.string(),
  plantNumber: v.string(),
  modelNumber: v.string(),
  modelDesc: v.string(),
  basePrice: v.optional(v.number()),
  optionPrice: v.optional(v.number()),
  squareFootage: v.number(),
  invoiceTotal: v.optional(v.number()),
  prospectId: v.nullable(v.number()),
  rowVersion: v.number(),
});
export type Lead = v.InferOutput<typeof Lead>;

/** POST {api}/Lead: the status change (claim C, deactivate I; P only through the prospect call). */
export const LeadStatusInput = v.object({
  leadId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  status: v.picklist(['C', 'I'], 'status must be C (claim) or I (deactivate).'),
});
export type LeadStatusInput = v.InferOutput<typeof LeadStatusInput>;

/** POST /crm/webapi/api/Prospects/Lead. */
export const ProspectFromLeadInput = v.object({
  leadId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
});
export const ProspectCreated = v.object({ prospectId: v.number() });

/** GET /crm/webapi/api/Prospects/{prospectId}: the read-only contact page after conversion. */
export const Prospect = v.object({
  prospectId: v.number(),
  retailerNumber: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  dayPhone: v.string(),
  address: v.string(),
  city: v.string(),
  state: v.string(),
  zip: v.string(),
  comments: v.string(),
  leadId: v.nullable(v.number()),
  createdAt: v.string(),
});
export type Prospect = v.InferOutput<typeof Prospect>;

export const LEAD_MESSAGES = {
  noneSelectedForPrint: 'No leads selected for printing.',
  claimed: (name: string) => `${name} has been claimed!`,
  deactivated: 'the lead has been deactivated!',
  converted: 'The lead has been converted to a prospect.',
  notFound: 'Lead was not found.',
  final: 'This lead has been converted to a prospect and can no longer change.',
  notForRetailer: 'Leads are not available for this retail center.',
} as const;

/** spec 2 §3: the derived full name. */
export const leadFullName = (lead: Pick<Lead, 'firstName' | 'lastName'>) => `${lead.firstName} ${lead.lastName}`.trim();

/** spec 2 §3: relocating N shows as No (and Y as Yes). */
export const relocatingLabel = (relocating: string) => (relocating === 'N' ? 'No' : relocating === 'Y' ? 'Yes' : relocating);

export function leadMatchesFilter(lead: Pick<Lead, 'status'>, filter: LeadFilter): boolean {
  switch (filter) {
    case 'Unclaimed':
      return lead.status === null;
    case 'Claimed':
      return lead.status === 'C';
    case 'Inactive':
      return lead.status === 'I';
    case 'Converted':
      return lead.status === 'P';
    case 'All':
      return true;
  }
}

/** spec 2 §2: only claimed leads can be selected for print. */
export const canPrintLead = (lead: Pick<Lead, 'status'>) => lead.status === 'C';
