/**
 * The server's work-order rules (spec 3 §4, §6), decided here because the spec leaves them open
 * ("the rules that set canEdit and canArchive on the server, and isDispatchEnabled, are not shown"):
 *
 * - Who sees a request: a retailer user sees the requests of homes of their CURRENT retail center
 *   (switching retailer switches the list); a plant user sees the requests of homes built at their
 *   facilities, whatever the retailer. Anything else answers 404, as if it did not exist.
 * - Who writes: only service admins (Service_User → isServiceAdmin); service viewers read only (403).
 * - isClosed: the status is a closed one — G Closed Factory Request, N Declined, P Payment Completed,
 *   X Canceled, Z Canceled Factory Request.
 * - canEdit: a service admin, on a request that is not archived and is still the editor's to work:
 *   staged (Unsubmitted), or a work order in O Open, S Open Sales Center Request, I Independent
 *   Contractor or D Deferred. A plant user may also edit F Open Factory Request and W Awaiting
 *   Approval, which wait on the plant. Once a work order is with the plant for payment (V, Q) or
 *   closed, nobody edits it. Every write to a request, its items, parts and attachments checks it.
 * - canArchive: a service admin, on a closed work order that is not archived yet (spec 3 §4).
 * - isDispatchEnabled: the retailer's homeowner-portal metadata has deployDispatch; only then can a
 *   request have the Dispatch Work Order type.
 * - "Today" for the date rules is the business day of the request's retail center (server/business-day), by the
 *   app clock (AppDeps.clock), so tests can move it.
 * - Submitting a staged request makes it a work order: vantageWorkOrderId/Number are assigned (from
 *   WORK_ORDER_NUMBER_START up, numbers/number-starts.ts) and
 *   the status becomes F for Factory Service, O otherwise. Submitting a work order
 *   (PUT /service/workorders/{id}/submit) sends it to the plant for approval: status W.
 * - Item, parts and attachment writes do not bump the request's rowVersion (only its own fields do),
 *   so an offline outbox can queue an item and then an information edit made from the same copy.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CLOSED_STATUSES } from '../../contract';
import type { Session } from '../auth/session';
import * as t from '../db/schema';
import { inScope, type Scope } from '../sync/source';

/** The demo seed's work order ids: the request id plus this offset. HomeSite's own come from numbers/number-starts.ts. */
export const WORK_ORDER_ID_OFFSET = 700_000;
export const workOrderNumber = (requestId: number) => `WO-${String(requestId).padStart(7, '0')}`;
/** A service request's number: its id, six digits (CreateServiceRequest numbers it once the row has its id). */
export const serviceRequestNumberOf = (requestId: number) => String(requestId).padStart(6, '0');

const EDITABLE_BY_RETAILER: readonly string[] = ['Unsubmitted', 'O', 'S', 'I', 'D'];
const EDITABLE_BY_PLANT: readonly string[] = [...EDITABLE_BY_RETAILER, 'F', 'W'];

export interface RuleSubject {
  status: string;
  isArchived: boolean;
  vantageWorkOrderId: number | null;
}

export const isStaged = (request: RuleSubject) => request.vantageWorkOrderId === null;
export const isClosed = (request: Pick<RuleSubject, 'status'>) => CLOSED_STATUSES.includes(request.status);

/**
 * Requests not closed, with the statuses written out: the partial indexes of open requests (migration 0025) are used
 * only where a query names their very condition, which a parameter does not.
 */
export const openRequests = sql`${t.serviceRequests.status} not in ${sql.raw(`(${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`)}`;

export function canEdit(session: Session, request: RuleSubject): boolean {
  if (!session.flags.isServiceAdmin || request.isArchived) return false;
  const editable = session.user.isPlantUser ? EDITABLE_BY_PLANT : EDITABLE_BY_RETAILER;
  return editable.includes(request.status);
}

export const canArchive = (session: Session, request: RuleSubject) =>
  session.flags.isServiceAdmin && !isStaged(request) && isClosed(request) && !request.isArchived;

export const isDispatchEnabled = (retailer: { deployDispatch: boolean } | undefined) => retailer?.deployDispatch ?? false;

type ScopeColumns = { plantNumber: AnyPgColumn; retailerNumber: AnyPgColumn };

/** Which column of a table with plant and retailer columns says what `session` sees, and its values (see above). */
export function scopeOf(session: Session, columns: ScopeColumns): Scope {
  if (session.user.isPlantUser)
    return { column: columns.plantNumber, values: session.user.availablePlants.map((plant) => plant.plantNumber) };
  const retailerNumber = session.user.currentRetailer?.retailerNumber;
  return { column: columns.retailerNumber, values: retailerNumber ? [retailerNumber] : [] };
}

/** Rows of a table with plant and retailer columns that `session` sees (see above: requests and homes alike). */
export const visibleByScope = (session: Session, columns: ScopeColumns): SQL => inScope(scopeOf(session, columns));

export const visibleRequests = (session: Session) => visibleByScope(session, t.serviceRequests);

/** Whether `session` may open a request for this home (the same rule as seeing its requests). */
export function canSeeHome(session: Session, home: { retailerNumber: string; plantNumber: string }): boolean {
  if (session.user.isPlantUser) return session.user.availablePlants.some((plant) => plant.plantNumber === home.plantNumber);
  return session.user.currentRetailer?.retailerNumber === home.retailerNumber;
}

export const visibleAnd = (session: Session, condition: SQL) => and(visibleRequests(session), condition);
