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
import type { JsonValue } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { newTempId } from '../../../offline/temp-ids';
import { isWorkOrder, requestRecordKey, type RequestRef } from '../model';

/*
 * Every write of a request as the exact REST call of spec 3 §7, ready for the outbox. All calls of
 * one request share its record key, so they replay in the order they were made. A request is
 * addressed by its own id while staged and by its work-order id once it is a work order.
 */

const call = (
  ref: Pick<RequestRef, 'key'>,
  endpoint: Endpoint,
  method: OutboxCall['method'],
  label: string,
  extra: Partial<OutboxCall> = {},
): OutboxCall => ({ method, base: endpoint.base, path: endpoint.path, recordKey: requestRecordKey(ref.key), label, ...extra });

const json = (value: object) => value as unknown as JsonValue;

/** POST /service/CreateServiceRequest?plantNumber&longSerialNumber&assetId with an empty body. */
export function createServiceRequestCall(home: Pick<HomeSummary, 'plantNumber' | 'serialNumber' | 'assetId'>) {
  const tempId = newTempId();
  const numberTempId = newTempId();
  return {
    tempId,
    numberTempId,
    call: call({ key: tempId }, paths.createServiceRequest, 'POST', `Create service request for ${home.serialNumber}`, {
      query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.assetId) },
      createsTempId: tempId,
      idField: 'serviceRequestId',
      // The staged attachment path names the request's number too (spec 3 §7).
      alsoCreates: [{ tempId: numberTempId, idField: 'serviceRequestNumber' }],
    }),
  };
}

const requestEndpoint = (ref: RequestRef) => (isWorkOrder(ref) ? paths.workOrder(ref.vantageWorkOrderId!) : paths.serviceRequest(ref.serviceRequestId));

/*
 * An update carries the whole form; `seen` is the record as the form showed it, so that the call says which fields
 * the user changed (OutboxCall.changes) and a later update never writes back a field it did not touch (issue 22 §11).
 */

/** PUT /service/{id} or /service/workorders/{id}: the information and additional-information panels. */
export const updateInformationCall = (ref: RequestRef, body: ServiceRequestUpdate, seen: object, label = 'Update work order information') =>
  call(ref, requestEndpoint(ref), 'PUT', label, { body: json(body), changes: changedFields(body, seen) });

/** DELETE /service/{id}: cancelling a staged request removes it (spec 3 §4). */
export const cancelRequestCall = (ref: RequestRef) => call(ref, paths.serviceRequest(ref.serviceRequestId), 'DELETE', 'Cancel service request');

/** POST /Service/{id}/SubmitServiceRequest (staged) or PUT /service/workorders/{id}/submit. */
export const submitCall = (ref: RequestRef) =>
  isWorkOrder(ref)
    ? call(ref, paths.submitWorkOrder(ref.vantageWorkOrderId!), 'PUT', 'Submit work order')
    : call(ref, paths.submitServiceRequest(ref.serviceRequestId), 'POST', 'Submit service request', { body: json({}) });

/** PUT /service/workorders/{id}/archive. */
export const archiveCall = (ref: RequestRef) => call(ref, paths.archiveWorkOrder(ref.vantageWorkOrderId!), 'PUT', 'Archive work order');

/* ---- service items: /service/{id}/items, or line items of a work order ---- */

export function addServiceItemCall(ref: RequestRef, body: ServiceItemInput) {
  const tempId = newTempId();
  const endpoint = isWorkOrder(ref) ? paths.workOrderLineItems(ref.vantageWorkOrderId!) : paths.serviceItems(ref.serviceRequestId);
  return { tempId, call: call(ref, endpoint, 'POST', 'Add service item', { body: json(body), createsTempId: tempId, idField: 'serviceRequestItemId' }) };
}

const serviceItemEndpoint = (ref: RequestRef, itemId: number | string) =>
  isWorkOrder(ref) ? paths.workOrderLineItem(ref.vantageWorkOrderId!, itemId) : paths.serviceItem(ref.serviceRequestId, itemId);

export const updateServiceItemCall = (ref: RequestRef, itemId: number | string, body: ServiceItemInput, seen: object) =>
  call(ref, serviceItemEndpoint(ref, itemId), 'PUT', 'Update service item', { body: json(body), changes: changedFields(body, seen) });

export const deleteServiceItemCall = (ref: RequestRef, itemId: number | string) =>
  call(ref, serviceItemEndpoint(ref, itemId), 'DELETE', 'Remove service item');

/* ---- parts items: /Service/{id}/PartsOrder/{partsOrderId}, or partsitems of a work order ---- */

export function addPartsItemCall(ref: RequestRef, body: ServicePartInput) {
  const tempId = newTempId();
  const endpoint = isWorkOrder(ref) ? paths.workOrderPartsItems(ref.vantageWorkOrderId!) : paths.servicePartsOrder(ref.serviceRequestId, ref.partsOrderId);
  return { tempId, call: call(ref, endpoint, 'POST', 'Add parts item', { body: json(body), createsTempId: tempId, idField: 'partsOrderItemId' }) };
}

const partsItemEndpoint = (ref: RequestRef, itemId: number | string) =>
  isWorkOrder(ref) ? paths.workOrderPartsItem(ref.vantageWorkOrderId!, itemId) : paths.servicePartsItem(ref.serviceRequestId, ref.partsOrderId, itemId);

export const updatePartsItemCall = (ref: RequestRef, itemId: number | string, body: ServicePartInput, seen: object) =>
  call(ref, partsItemEndpoint(ref, itemId), 'PUT', 'Update parts item', { body: json(body), changes: changedFields(body, seen) });

export const deletePartsItemCall = (ref: RequestRef, itemId: number | string) =>
  call(ref, partsItemEndpoint(ref, itemId), 'DELETE', 'Remove parts item');

/* ---- attachments: multipart `file` + fields ---- */

export interface AttachmentInput {
  attachmentType: 1 | 2;
  description: string;
  amount: number;
}

export function addAttachmentCall(ref: RequestRef, fields: AttachmentInput, file: Blob, fileName: string) {
  const tempId = newTempId();
  const workOrder = isWorkOrder(ref);
  const endpoint = workOrder
    ? paths.workOrderAttachments(ref.vantageWorkOrderId!)
    : paths.serviceAttachments(ref.plantNumber, ref.serviceRequestNumber, ref.serviceRequestId);
  return {
    tempId,
    call: call(ref, endpoint, 'POST', `Add attachment ${fileName}`, {
      body: json({ attachmentType: String(fields.attachmentType), description: fields.description, amount: String(fields.amount) }),
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
export const updateAttachmentCall = (ref: RequestRef, attachmentKey: string, body: AttachmentInput & { rowVersion: number }, seen: object) =>
  call(ref, attachmentEndpoint(ref, attachmentKey), 'PUT', 'Update attachment', {
    body: json(body satisfies Omit<AttachmentFields, 'rowVersion'> & { rowVersion: number }),
    changes: changedFields(body, seen),
  });

export const deleteAttachmentCall = (ref: RequestRef, attachmentKey: string) =>
  call(ref, attachmentEndpoint(ref, attachmentKey), 'DELETE', 'Remove attachment');
