import type { ServiceAttachment, ServiceItem, ServicePartsItem, ServiceRequest, ServiceRequestSummary } from '../../contract';

/*
 * What the work-order screens show: the server's copy with the changes still waiting in the outbox
 * applied on top ("as they will be"), each marked. Ids of records made on this device are temp ids
 * (tmp_<uuid>) until their create reaches the server, so ids here are strings or numbers.
 */

import type { PendingMark } from '../../lib/pending-mark';

export type { PendingMark };

/** An item as shown: `key` names it in routes and calls (its server id, or its temp id while unsent). */
export type Marked<T> = T & { key: string; pending?: PendingMark };

export type ServiceItemView = Marked<Omit<ServiceItem, 'serviceRequestItemId'> & { serviceRequestItemId: number | string }>;
export type ServicePartsItemView = Marked<Omit<ServicePartsItem, 'partsOrderItemId'> & { partsOrderItemId: number | string }>;
export type ServiceAttachmentView = Marked<
  Omit<ServiceAttachment, 'serviceAttachmentId'> & {
    serviceAttachmentId: number | string;
    /** A photo or PDF waiting on this device: the outbox file that holds its bytes. */
    localFileId?: string;
  }
>;

export interface ServiceRequestView extends Omit<
  ServiceRequest,
  'serviceRequestId' | 'serviceRequestNumber' | 'serviceItems' | 'partsItems' | 'serviceAttachments' | 'partsOrderId'
> {
  /** The route and record key: the server id as text, or the temp id of a request made on this device. */
  key: string;
  serviceRequestId: number | string;
  serviceRequestNumber: string;
  partsOrderId: number | string;
  serviceItems: ServiceItemView[];
  partsItems: ServicePartsItemView[];
  serviceAttachments: ServiceAttachmentView[];
  /** The request itself (its create, information, submit or archive) has changes waiting. */
  pending?: PendingMark;
  /** A cancel (DELETE) of this staged request is waiting. */
  pendingCancel?: PendingMark;
  /** A submit is waiting: it will be a work order once sent. */
  pendingSubmit?: PendingMark;
  /** Every change of this record the server refused, for the banner on the review. */
  failures: PendingMark[];
  /** Whether any change of this record is still waiting (pending or failed). */
  hasPendingChanges: boolean;
}

export type ServiceRequestSummaryView = Omit<ServiceRequestSummary, 'serviceRequestId' | 'serviceRequestNumber'> & {
  key: string;
  serviceRequestId: number | string;
  serviceRequestNumber: string;
  pending?: PendingMark;
  /** Found by a search on the server, not kept on this device (issue 31 §3). */
  notOnDevice?: true;
};

/** The outbox record of a request: every write of one request (and its items) replays in order under it. */
export const requestRecordKey = (requestKey: string | number) => `service-request:${requestKey}`;
export const requestKeyOfRecord = (recordKey: string) =>
  recordKey.startsWith('service-request:') ? recordKey.slice('service-request:'.length) : undefined;

/** What a write needs to address a request at the right one of its two addresses (spec 3 §7). */
export interface RequestRef {
  key: string;
  serviceRequestId: number | string;
  serviceRequestNumber: string;
  plantNumber: string;
  vantageWorkOrderId: number | null;
  partsOrderId: number | string;
}

export const requestRef = (request: ServiceRequestView): RequestRef => ({
  key: request.key,
  serviceRequestId: request.serviceRequestId,
  serviceRequestNumber: request.serviceRequestNumber,
  plantNumber: request.plantNumber,
  vantageWorkOrderId: request.vantageWorkOrderId,
  partsOrderId: request.partsOrderId,
});

export const isWorkOrder = (ref: Pick<RequestRef, 'vantageWorkOrderId'>) => ref.vantageWorkOrderId !== null;
