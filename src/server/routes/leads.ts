/**
 * leads: the sales leads of a retail center and the prospects made from them (spec 2 §3 Lead, §4 Lead status, §6, §7).
 * Decided here where the spec leaves it open:
 *
 * - Who: reading needs the leads permission (Sales_Leads_Claim or Sales_Leads_Viewer) and a retail center that is not
 *   company-owned (type C); changing a lead or converting it needs Sales_Leads_Claim. Leads are a retail center's:
 *   a plant user has none (their list is empty, their writes 404).
 * - POST {api}/Lead { leadId, status }: C claims (claimedDate and who, set once), I deactivates. Claiming a claimed
 *   lead and deactivating an inactive one change nothing and answer the lead, so a claim queued offline and replayed
 *   under a new key still claims once. A converted lead (P) is final.
 * - POST /crm/webapi/api/Prospects/Lead { leadId }: makes the prospect and marks the lead P in one transaction; asked
 *   again for a converted lead it answers the same prospectId.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  LEAD_MESSAGES,
  LEAD_STATUS,
  LeadStatusInput,
  ProspectFromLeadInput,
  SyncQueryFields,
  paths,
  Lead,
  Prospect,
  ProspectCreated,
} from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { Id } from '../http/params';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { readDelta } from '../sync/delta';
import { answerList } from '../sync/list-answer';
import { inWindow, pricedSessionScope, windowOrder, type SyncSource } from '../sync/source';
import { keysetPages, type ListPages } from '../sync/stream-list';

type LeadRow = typeof t.leads.$inferSelect;

/** The lead as answered; the quoted home's prices only to a price viewer (spec 2 §6). */
function toLead(lead: LeadRow, withPrices: boolean): Lead {
  return {
    leadId: lead.id,
    independentLeadId: lead.independentLeadId,
    leadDate: lead.leadDate.toISOString(),
    firstName: lead.firstName,
    lastName: lead.lastName,
    comments: lead.comments,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    zip: lead.zip,
    email: lead.email,
    dayPhone: lead.dayPhone,
    relocating: lead.relocating,
    relocatingCity: lead.relocatingCity,
    relocatingState: lead.relocatingState,
    status: lead.status === 'C' || lead.status === 'I' || lead.status === 'P' ? lead.status : null,
    friendlySource: lead.friendlySource,
    claimedDate: lead.claimedDate?.toISOString() ?? '',
    customer: `${lead.firstName} ${lead.lastName}`,
    retailerNumber: lead.retailerNumber,
    quoteNumber: lead.quoteNumber,
    plantNumber: lead.plantNumber,
    modelNumber: lead.modelNumber,
    modelDesc: lead.modelDesc,
    squareFootage: lead.squareFootage,
    ...(withPrices && { basePrice: lead.basePrice, optionPrice: lead.optionPrice, invoiceTotal: lead.invoiceTotal }),
    prospectId: lead.prospectId,
    rowVersion: lead.rowVersion,
  };
}

/** A retail center's leads; a plant user (no retail center of their own in this area) sees none. */
function visibleLeads(session: Session): SQL {
  const retailerNumber = session.user.currentRetailer?.retailerNumber;
  return !session.user.isPlantUser && retailerNumber ? eq(t.leads.retailerNumber, retailerNumber) : sql`false`;
}

export function leadSyncSource(session: Session): SyncSource<Lead> {
  const condition = visibleLeads(session);
  return {
    table: 'leads',
    scope: pricedSessionScope(session),
    tombstones: and(eq(t.syncTombstones.retailerNumber, session.user.currentRetailer?.retailerNumber ?? '')),
    changes: { from: sql`${t.leads}`, where: condition, xid: t.leads.syncXid, id: t.leads.id },
    rows: async (db, window) => {
      const query = db
        .select()
        .from(t.leads)
        .where(and(condition, inWindow(t.leads.syncXid, t.leads.id, window)))
        .orderBy(...windowOrder(t.leads.syncXid, t.leads.id));
      const rows = await (window.limit === undefined ? query : query.limit(window.limit));
      return rows.map((row) => ({ xid: row.syncXid, id: row.id, item: toLead(row, session.flags.isPriceViewer) }));
    },
    count: async (db) => (await db.select({ rows: count() }).from(t.leads).where(condition))[0]?.rows ?? 0,
  };
}

/**
 * GET /leads: the latest lead first, page by page (sync/stream-list.ts); equal dates by id. The date is carried as
 * PostgreSQL's text of it: a Date would lose its microseconds, and the next page would repeat or skip rows.
 */
function leadPages(db: Database, session: Session): ListPages<Lead> {
  const condition = visibleLeads(session);
  return keysetPages(
    (after: { at: string; id: number } | undefined, limit: number) =>
      db
        .select({ lead: t.leads, at: sql<string>`${t.leads.leadDate}::text` })
        .from(t.leads)
        .where(
          after ? and(condition, sql`(${t.leads.leadDate}, ${t.leads.id}) < (${after.at}::timestamptz, ${after.id}::integer)`) : condition,
        )
        .orderBy(desc(t.leads.leadDate), desc(t.leads.id))
        .limit(limit),
    (row) => ({ at: row.at, id: row.lead.id }),
    ({ lead }) => toLead(lead, session.flags.isPriceViewer),
  );
}

async function lockedLead(db: Database, session: Session, leadId: number) {
  const [lead] = await db
    .select()
    .from(t.leads)
    .where(and(visibleLeads(session), eq(t.leads.id, leadId)))
    .for('update');
  return lead;
}

const notFound = () => errorResponse(404, LEAD_MESSAGES.notFound);

function toProspect(prospect: typeof t.prospects.$inferSelect, leadId: number | null): Prospect {
  return {
    prospectId: prospect.id,
    retailerNumber: prospect.retailerNumber,
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    email: prospect.email,
    dayPhone: prospect.dayPhone,
    address: prospect.address,
    city: prospect.city,
    state: prospect.state,
    zip: prospect.zip,
    comments: prospect.comments,
    leadId,
    createdAt: prospect.createdAt.toISOString(),
  };
}

export const leadRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.leads,
    summary: 'The lead list (kept on devices), or a delta of it',
    answer: { row: Lead },
    flag: 'canViewLeads',
    query: v.object(SyncQueryFields),
    handle: async ({ c, db, deps, session, query }) => {
      const source = leadSyncSource(session);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, leadPages(db, session), deps.reportError);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.leads,
    summary: 'Claim a lead, or mark it inactive',
    answer: Lead,
    errors: [404],
    flag: 'canViewLeads',
    roles: ['Sales_Leads_Claim'],
    body: LeadStatusInput,
    handle: async ({ c, db, deps, session, body }) => {
      const lead = await lockedLead(db, session, body.leadId);
      if (!lead) return notFound();
      if (lead.status === LEAD_STATUS.converted) return jsonResponse(400, { message: LEAD_MESSAGES.final });
      if (lead.status === body.status) return c.json(toLead(lead, session.flags.isPriceViewer));
      const claim = body.status === LEAD_STATUS.claimed;
      const [written] = await db
        .update(t.leads)
        .set({
          status: body.status,
          // The first claim is the one remembered.
          claimedDate: claim ? (lead.claimedDate ?? deps.clock()) : lead.claimedDate,
          claimedByUserId: claim ? (lead.claimedByUserId ?? session.user.cmhUserId) : lead.claimedByUserId,
          rowVersion: lead.rowVersion + 1,
        })
        .where(eq(t.leads.id, lead.id))
        .returning();
      return c.json(toLead(written!, session.flags.isPriceViewer));
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.prospectFromLead,
    summary: 'Make a prospect from a lead',
    description: 'A lead already converted answers its prospect.',
    answer: ProspectCreated,
    errors: [404],
    flag: 'canViewLeads',
    roles: ['Sales_Leads_Claim'],
    body: ProspectFromLeadInput,
    handle: async ({ c, db, session, body }) => {
      const lead = await lockedLead(db, session, body.leadId);
      if (!lead) return notFound();
      if (lead.status === LEAD_STATUS.converted && lead.prospectId !== null) return c.json({ prospectId: lead.prospectId });
      const [prospect] = await db
        .insert(t.prospects)
        .values({
          retailerNumber: lead.retailerNumber,
          firstName: lead.firstName,
          lastName: lead.lastName,
          email: lead.email,
          dayPhone: lead.dayPhone,
          address: lead.address,
          city: lead.city,
          state: lead.state,
          zip: lead.zip,
          comments: lead.comments,
          createdByUserId: session.user.cmhUserId,
        })
        .returning({ id: t.prospects.id });
      await db
        .update(t.leads)
        .set({ status: LEAD_STATUS.converted, prospectId: prospect!.id, rowVersion: lead.rowVersion + 1 })
        .where(eq(t.leads.id, lead.id));
      return c.json({ prospectId: prospect!.id });
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.prospect,
    summary: 'A prospect’s contact page',
    answer: Prospect,
    errors: [404],
    flag: 'canViewLeads',
    params: v.object({ prospectId: Id }),
    handle: async ({ c, db, session, params }) => {
      const retailerNumber = session.user.currentRetailer?.retailerNumber ?? '';
      const [prospect] = await db
        .select()
        .from(t.prospects)
        .where(and(eq(t.prospects.id, params.prospectId), eq(t.prospects.retailerNumber, retailerNumber)));
      if (!prospect || session.user.isPlantUser) return errorResponse(404, 'Prospect was not found.');
      const [lead] = await db.select({ id: t.leads.id }).from(t.leads).where(eq(t.leads.prospectId, prospect.id));
      return c.json(toProspect(prospect, lead?.id ?? null));
    },
  }),
];
