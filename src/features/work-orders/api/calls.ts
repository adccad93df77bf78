import * as v from 'valibot';
import {
  paths,
  type AttachmentFields,
  type Endpoint,
  type HomeSummary,
  type ServiceItemInput,
  type ServicePartInput,
  type ServiceRequestUpdate,
} from '../../../contract';
import { changedFields } from '../../../offline/conflicts';
import type { OutboxBody, OutboxEntry } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { intentOf } from '../../../offline/read-entry';
import { newTempId } from '../../../offline/temp-ids';
import { isWorkOrder, requestRecordKey, type RequestRef } from '../model';

/*
 * Every write of a request as the exact REST call of spec 3 §7, ready for the outbox, with what the user did
 * (WorkOrderIntent) beside it for the screens' pending marks. All calls of one request share its record key, so
 * they replay in the order they were made. A request is addressed by its own id while staged and by its
 * work-order id once it is a work order.
 */

const WORK_ORDERS = 'work-orders';

const feature = v.literal(WORK_ORDERS);
const kindOnly = <Kind extends string>(kind: Kind) => v.object({ feature, kind: v.literal(kind) });
/** A change of one row under a request: `id` names the row (its temp id when `add`, while unsent). */
const rowIntent = <Kind extends string>(kind: Kind) =>
  v.object({ feature, kind: v.literal(kind), action: v.picklist(['add', 'update', 'remove']), id: v.string() });

/** What the user did to a request, as its outbox entry says it (OutboxIntent). */
export const WorkOrderIntent = v.variant('kind', [
  v.object({
    feature,
    kind: v.literal('create-request'),
    /** The temp ids the create hands out: the request's id and its number. */
    requestId: v.string(),
    requestNumber: v.string(),
    plantNumber: v.string(),
    longSerialNumber: v.string(),
    assetId: v.number(),
    /**
     * The zone of the home's retail center, whose business day the request is dated by (contract/time-zones.ts):
     * the request date its skeleton shows until the server's answer. Absent in a create queued by an older version.
     */
    timeZone: v.optional(v.string()),
  }),
  /** The information and additional-information panels. */
  kindOnly('information'),
  /** Cancelling a staged request (it is removed). */
  kindOnly('cancel'),
  kindOnly('submit'),
  kindOnly('archive'),
  rowIntent('service-item'),
  rowIntent('parts-item'),
  rowIntent('attachment'),
]);
export type WorkOrderIntent = v.InferOutput<typeof WorkOrderIntent>;
type RowKind = 'service-item' | 'parts-item' | 'attachment';
type RowIntent<Kind extends RowKind> = Extract<WorkOrderIntent, { kind: Kind }>;

/** The intent of a request's entry; undefined for another feature's. */
export const workOrderIntentOf = (entry: Pick<OutboxEntry, 'intent'>) => intentOf(entry, WorkOrderIntent);

const call = <Body extends OutboxBody>(
  ref: Pick<RequestRef, 'key'>,
  endpoint: Endpoint,
  method: OutboxCall['method'],
  label: string,
  intent: WorkOrderIntent,
  extra: Partial<Omit<OutboxCall<Body>, 'intent'>> = {},
): OutboxCall<Body, WorkOrderIntent> => ({
  method,
  base: endpoint.base,
  path: endpoint.path,
  recordKey: requestRecordKey(ref.key),
  label,
  intent,
  ...extra,
});

const row = <Kind extends RowKind>(kind: Kind, action: RowIntent<Kind>['action'], id: number | string): RowIntent<Kind> =>
  ({ feature: WORK_ORDERS, kind, action, id: String(id) }) as RowIntent<Kind>;

/** POST /service/CreateServiceRequest?plantNumber&longSerialNumber&assetId with an empty body. */
export function createServiceRequestCall(home: Pick<HomeSummary, 'plantNumber' | 'serialNumber' | 'assetId'>, timeZone: string) {
  const tempId = newTempId();
  const numberTempId = newTempId();
  const intent: WorkOrderIntent = {
    feature: WORK_ORDERS,
    kind: 'create-request',
    requestId: tempId,
    requestNumber: numberTempId,
    plantNumber: home.plantNumber,
    longSerialNumber: home.serialNumber,
    assetId: home.assetId,
    timeZone,
  };
  return {
    tempId,
    numberTempId,
    call: call({ key: tempId }, paths.createServiceRequest, 'POST', `Create service request for ${home.serialNumber}`, intent, {
      query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.assetId) },
      createsTempId: tempId,
      idField: 'serviceRequestId',
      // The staged attachment path names the request's number too (spec 3 §7).
      alsoCreates: [{ tempId: numberTempId, idField: 'serviceRequestNumber' }],
    }),
  };
}

const requestEndpoint = (ref: RequestRef) =>
  isWorkOrder(ref) ? paths.workOrder(ref.vantageWorkOrderId!) : paths.serviceRequest(ref.serviceRequestId);

/*
 * An update carries the whole form; `seen` is the record as the form showed it, so that the call says which fields
 * the user changed (OutboxCall.changes) and a later update never writes back a field it did not touch (issue 22 §11).
 */

/** PUT /service/{id} or /service/workorders/{id}: the information and additional-information panels. */
export const updateInformationCall = (ref: RequestRef, body: ServiceRequestUpdate, seen: object, label = 'Update work order information') =>
  call(
    ref,
    requestEndpoint(ref),
    'PUT',
    label,
    { feature: WORK_ORDERS, kind: 'information' },
    { body, changes: changedFields(body, seen) },
  );

/** DELETE /service/{id}: cancelling a staged request removes it (spec 3 §4). */
export const cancelRequestCall = (ref: RequestRef) =>
  call(ref, paths.serviceRequest(ref.serviceRequestId), 'DELETE', 'Cancel service request', { feature: WORK_ORDERS, kind: 'cancel' });

/** POST /Service/{id}/SubmitServiceRequest (staged) or PUT /service/workorders/{id}/submit. */
export const submitCall = (ref: RequestRef) =>
  isWorkOrder(ref)
    ? call(ref, paths.submitWorkOrder(ref.vantageWorkOrderId!), 'PUT', 'Submit work order', { feature: WORK_ORDERS, kind: 'submit' })
    : call(
        ref,
        paths.submitServiceRequest(ref.serviceRequestId),
        'POST',
        'Submit service request',
        { feature: WORK_ORDERS, kind: 'submit' },
        { body: {} },
      );

/** PUT /service/workorders/{id}/archive. */
export const archiveCall = (ref: RequestRef) =>
  call(ref, paths.archiveWorkOrder(ref.vantageWorkOrderId!), 'PUT', 'Archive work order', { feature: WORK_ORDERS, kind: 'archive' });

/* ---- service items: /service/{id}/items, or line items of a work order ---- */

export function addServiceItemCall(ref: RequestRef, body: ServiceItemInput) {
  const tempId = newTempId();
  const endpoint = isWorkOrder(ref) ? paths.workOrderLineItems(ref.vantageWorkOrderId!) : paths.serviceItems(ref.serviceRequestId);
  return {
    tempId,
    call: call(ref, endpoint, 'POST', 'Add service item', row('service-item', 'add', tempId), {
      body,
      createsTempId: tempId,
      idField: 'serviceRequestItemId',
    }),
  };
}

const serviceItemEndpoint = (ref: RequestRef, itemId: number | string) =>
  isWorkOrder(ref) ? paths.workOrderLineItem(ref.vantageWorkOrderId!, itemId) : paths.serviceItem(ref.serviceRequestId, itemId);

export const updateServiceItemCall = (ref: RequestRef, itemId: number | string, body: ServiceItemInput, seen: object) =>
  call(ref, serviceItemEndpoint(ref, itemId), 'PUT', 'Update service item', row('service-item', 'update', itemId), {
    body,
    changes: changedFields(body, seen),
  });

export const deleteServiceItemCall = (ref: RequestRef, itemId: number | string) =>
  call(ref, serviceItemEndpoint(ref, itemId), 'DELETE', 'Remove service item', row('service-item', 'remove', itemId));

/* ---- parts items: /Service/{id}/PartsOrder/{partsOrderId}, or partsitems of a work order ---- */

export function addPartsItemCall(ref: RequestRef, body: ServicePartInput) {
  const tempId = newTempId();
  const endpoint = isWorkOrder(ref)
    ? paths.workOrderPartsItems(ref.vantageWorkOrderId!)
    : paths.servicePartsOrder(ref.serviceRequestId, ref.partsOrderId);
  return {
    tempId,
    call: call(ref, endpoint, 'POST', 'Add parts item', row('parts-item', 'add', tempId), {
      body,
      createsTempId: tempId,
      idField: 'partsOrderItemId',
    }),
  };
}

const partsItemEndpoint = (ref: RequestRef, itemId: number | string) =>
  isWorkOrder(ref)
    ? paths.workOrderPartsItem(ref.vantageWorkOrderId!, itemId)
    : paths.servicePartsItem(ref.serviceRequestId, ref.partsOrderId, itemId);

export const updatePartsItemCall = (ref: RequestRef, itemId: number | string, body: ServicePartInput, seen: object) =>
  call(ref, partsItemEndpoint(ref, itemId), 'PUT', 'Update parts item', row('parts-item', 'update', itemId), {
    body,
    changes: changedFields(body, seen),
  });

export const deletePartsItemCall = (ref: RequestRef, itemId: number | string) =>
  call(ref, partsItemEndpoint(ref, itemId), 'DELETE', 'Remove parts item', row('parts-item', 'remove', itemId));

/* ---- attachments: multipart `file` + fields ---- */

export type AttachmentInput = {
  attachmentType: 1 | 2;
  description: string;
  amount: number;
};

export function addAttachmentCall(ref: RequestRef, fields: AttachmentInput, file: Blob, fileName: string) {
  const tempId = newTempId();
  const workOrder = isWorkOrder(ref);
  const endpoint = workOrder
    ? paths.workOrderAttachments(ref.vantageWorkOrderId!)
    : paths.serviceAttachments(ref.plantNumber, ref.serviceRequestNumber, ref.serviceRequestId);
  return {
    tempId,
    call: call(ref, endpoint, 'POST', `Add attachment ${fileName}`, row('attachment', 'add', tempId), {
      body: { attachmentType: String(fields.attachmentType), description: fields.description, amount: String(fields.amount) },
      files: [{ field: 'file', blob: file, name: fileName }],
      createsTempId: tempId,
      // A work order's attachment is addressed by its content document id afterwards (spec 3 §7).
      idField: workOrder ? 'contentDocumentId' : 'serviceAttachmentId',
    }),
  };
}

const attachmentEndpoint = (ref: RequestRef, attachmentKey: string) =>
  isWorkOrder(ref)
    ? paths.workOrderAttachment(ref.vantageWorkOrderId!, attachmentKey)
    : paths.serviceAttachment(ref.serviceRequestId, ref.plantNumber, ref.serviceRequestNumber, attachmentKey);

/** PUT /Service/{id}/{plant}/{number}/ServiceAttachment/{id} or /Service/workorders/{id}/attachments/{contentDocumentId}: its fields (`seen`: as above). */
export const updateAttachmentCall = (
  ref: RequestRef,
  attachmentKey: string,
  body: AttachmentInput & { rowVersion: number },
  seen: object,
) =>
  call(ref, attachmentEndpoint(ref, attachmentKey), 'PUT', 'Update attachment', row('attachment', 'update', attachmentKey), {
    body: body satisfies Omit<AttachmentFields, 'rowVersion'> & { rowVersion: number },
    changes: changedFields(body, seen),
  });

export const deleteAttachmentCall = (ref: RequestRef, attachmentKey: string) =>
  call(ref, attachmentEndpoint(ref, attachmentKey), 'DELETE', 'Remove attachment', row('attachment', 'remove', attachmentKey));
