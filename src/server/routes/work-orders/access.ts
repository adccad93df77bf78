import type { SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { WORK_ORDER_MESSAGES } from '../../../contract';
import type { Database } from '../../db/client';
import { errorResponse, jsonResponse } from '../../http/errors';
import { Id } from '../../http/params';
import type { Session } from '../../auth/session';
import { canEdit } from '../../work-orders/rules';
import { byRequestId, findRequest, loadFullRequest, type RequestRow } from '../../work-orders/store';

/*
 * What every route of a request and its sub-resources (work-orders/*.ts) shares: who may read and write, the request a
 * write works on, and the answers they give alike. Rules and their reasons: server/work-orders/rules.ts.
 */

/** A short text path segment: a service request number, a content document id. */
export const Text = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40));

/** The path of a work order's sub-resource names it by its work-order id. */
export const WorkOrderParams = v.object({ workOrderId: Id });

/** Reads use the Service & Parts menu rule (spec 3 §6): Service_User or Service_Viewer; writes need a service admin. */
export const READ = { flag: 'isServiceViewer' } as const;
export const WRITE = { flag: 'isServiceAdmin' } as const;

/**
 * What the item, parts and attachment routes answer, for the API reference: the identifying fields, as the client checks
 * them; contract/work-orders.ts ServiceItem, ServicePartsItem and ServiceAttachment say the rest.
 */
export const SubRecordAnswers = {
  serviceItem: v.looseObject({ serviceRequestItemId: v.number(), rowVersion: v.number() }),
  partsItem: v.looseObject({ partsOrderItemId: v.number(), rowVersion: v.number() }),
  attachment: v.looseObject({ serviceAttachmentId: v.number(), contentDocumentId: v.string(), rowVersion: v.number() }),
};

export const requestNotFound = () => errorResponse(404, 'Service request was not found.');
export const itemNotFound = () => errorResponse(404, 'Item was not found.');
export const stateConflict = (message: string, current: unknown) => jsonResponse(409, { message, current });

export interface WriteContext {
  c: Context;
  db: Database;
  session: Session;
}

/** A request the user may edit, locked for this write; otherwise the 404 or 409 to answer. */
export async function editableRequest({ db, session }: WriteContext, condition: SQL): Promise<RequestRow | Response> {
  const row = await findRequest(db, session, condition, true);
  if (!row) return requestNotFound();
  if (!canEdit(session, row)) return stateConflict(WORK_ORDER_MESSAGES.notEditable, await loadFullRequest(db, session, row));
  return row;
}

/** The request as the user sees it after a write. */
export async function reloaded(ctx: WriteContext, id: number) {
  const row = await findRequest(ctx.db, ctx.session, byRequestId(id));
  if (!row) throw new Error(`service request ${id} vanished during its own write`);
  return loadFullRequest(ctx.db, ctx.session, row);
}
