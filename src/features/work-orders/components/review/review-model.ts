import {
  DEFAULT_BASES,
  REQUEST_FOR_PAYMENT,
  REQUEST_TYPES,
  UNSUBMITTED_STATUS,
  normalizeServiceDate,
  statusLabel,
  submitIssues as contractSubmitIssues,
  type Endpoint,
} from '../../../../contract';
import { isTempId } from '../../../../offline/temp-ids';
import type { ServiceAttachmentView, ServiceItemView, ServicePartsItemView, ServiceRequestView } from '../../model';

/* What the review screen and its panels read off a request view: paths, lookups, the submit checks, texts. */

/** Which of the review routes shows the request (spec 3 §2): its panels open under the same prefix. */
export type ReviewBase = { kind: 'request'; serviceRequestId: string } | { kind: 'workOrder'; workOrderId: number };

const segment = (value: string | number) => encodeURIComponent(String(value));

export const reviewPath = (base: ReviewBase) =>
  base.kind === 'request' ? `/servicerequests/${segment(base.serviceRequestId)}/` : `/workorders/${base.workOrderId}`;

export interface ReviewPaths {
  review: string;
  information: string;
  additionalInformation: string;
  addServiceItem: string;
  editServiceItem: (item: ServiceItemView) => string;
  addPartsItem: string;
  editPartsItem: (part: ServicePartsItemView) => string;
  addAttachment: string;
  editAttachment: (attachment: ServiceAttachmentView) => string;
}

/** The side-panel routes of spec 3 §2 for this request, under the prefix it was opened with. */
export function reviewPaths(
  base: ReviewBase,
  view: Pick<ServiceRequestView, 'key' | 'plantNumber' | 'serviceRequestNumber' | 'partsOrderId'>,
): ReviewPaths {
  if (base.kind === 'workOrder') {
    const root = `/workorders/${base.workOrderId}`;
    return {
      review: root,
      information: `${root}/info`,
      additionalInformation: `${root}/additionalInfo`,
      addServiceItem: `${root}/lineitems/`,
      editServiceItem: (item) => `${root}/lineitems/${segment(item.key)}`,
      addPartsItem: `${root}/partsitems/`,
      // A part already on a parts request is edited as that request's line item.
      editPartsItem: (part) =>
        part.vantagePartsRequestLineItemId !== null && !part.pending
          ? `${root}/partsrequest/lineitems/${part.vantagePartsRequestLineItemId}`
          : `${root}/partsitems/${segment(part.key)}`,
      addAttachment: `${root}/attachments`,
      editAttachment: (attachment) => `${root}/attachments/${segment(attachment.key)}`,
    };
  }
  const root = `/servicerequests/${segment(view.key)}`;
  const numbered = `${root}/${segment(view.plantNumber)}/${segment(view.serviceRequestNumber)}`;
  const partsOrder = `${root}/PartsOrder/${segment(view.partsOrderId)}`;
  return {
    review: `${root}/`,
    information: `${numbered}/info`,
    additionalInformation: `${numbered}/additionalInfo`,
    addServiceItem: `${numbered}/serviceitems`,
    editServiceItem: (item) => `${numbered}/serviceitems/${item.serviceRequestSequence}`,
    addPartsItem: partsOrder,
    editPartsItem: (part) => `${partsOrder}/PartsItem/${segment(part.key)}`,
    addAttachment: `${numbered}/ServiceAttachment`,
    editAttachment: (attachment) =>
      `${root}/ServiceAttachment/${segment(attachment.key)}/${segment(view.plantNumber)}/${segment(view.serviceRequestNumber)}`,
  };
}

/* ---- finding the item a panel route names (a server id, a sequence, or the temp id of an unsent item) ---- */

const same = (wanted: readonly string[], ...candidates: (string | number | null | undefined)[]) =>
  candidates.some((candidate) => candidate !== null && candidate !== undefined && wanted.includes(String(candidate)));

/**
 * `ids`: the route's id and, for a temp id whose create has reached the server, the id it became.
 * 'sequence' is the /servicerequests route ({serviceRequestSequence}); 'id' the /workorders one ({lineItemId}).
 */
export function findServiceItem(view: ServiceRequestView, ids: readonly string[], by: 'sequence' | 'id') {
  return view.serviceItems.find((item) =>
    by === 'sequence'
      ? same(ids, item.serviceRequestSequence) || same(ids, item.key)
      : same(ids, item.key, item.serviceRequestItemId, item.vantageWorkOrderLineItemId),
  );
}

export function findPartsItem(view: ServiceRequestView, ids: readonly string[], by: 'item' | 'partsRequestLine' = 'item') {
  return view.partsItems.find((part) =>
    by === 'partsRequestLine'
      ? same(ids, part.vantagePartsRequestLineItemId) || same(ids, part.key)
      : same(ids, part.key, part.partsOrderItemId),
  );
}

export const findAttachment = (view: ServiceRequestView, ids: readonly string[]) =>
  view.serviceAttachments.find((attachment) => same(ids, attachment.key, attachment.serviceAttachmentId, attachment.contentDocumentId));

/* ---- spec 3 §5 Work order review submit ---- */

export interface SubmitIssue {
  field: string;
  message: string;
}

/** What keeps the shown request from being submitted (spec 3 §5): the contract's checks, the server's too. */
export function submitIssues(
  view: Pick<
    ServiceRequestView,
    'vantageWorkOrderId' | 'isRequestTypeForced' | 'requestType' | 'serviceItems' | 'startDate' | 'endDate' | 'performedDate'
  >,
): SubmitIssue[] {
  const staged = view.vantageWorkOrderId === null;
  return contractSubmitIssues({
    isStaged: staged,
    requestType: view.isRequestTypeForced || !staged ? REQUEST_FOR_PAYMENT : view.requestType,
    itemCount: view.serviceItems.length,
    startDate: normalizeServiceDate(view.startDate),
    endDate: normalizeServiceDate(view.endDate),
    performedDate: normalizeServiceDate(view.performedDate),
  });
}

/* ---- texts ---- */

/** A server refusal reads 'Message. (field)' (the field is for forms); people read the message. */
export const refusalMessage = (message: string) => message.replace(/\s*\([A-Za-z0-9_.[\]]+\)\s*$/, '');

/** The field a server refusal names ('Message. (field)'), if any. */
export const refusalField = (message: string) => /\(([A-Za-z0-9_.[\]]+)\)\s*$/.exec(message)?.[1];

const twoDigitsDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** spec 3 §5, §9: a service date as MM/DD/YYYY; the 1900 placeholder (or anything before 1990) is no date: ''. */
export function serviceDateText(value: string | null | undefined): string {
  const day = normalizeServiceDate(value);
  const match = day ? twoDigitsDay.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const costText = (value: number | null | undefined) =>
  currency.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The number a person knows the request by; a request made on this device has none until the server gives it. */
export function requestNumberText(view: Pick<ServiceRequestView, 'vantageWorkOrderNumber' | 'serviceRequestNumber'>): string {
  if (view.vantageWorkOrderNumber) return view.vantageWorkOrderNumber;
  return isTempId(view.serviceRequestNumber) ? 'New request (not yet numbered)' : view.serviceRequestNumber;
}

export function statusText(view: Pick<ServiceRequestView, 'status' | 'vantageWorkOrderId'>): string {
  const status = view.status.trim();
  if (status === '' && view.vantageWorkOrderId === null) return UNSUBMITTED_STATUS;
  return statusLabel(status);
}

export function requestTypeText(requestType: string): string {
  if (requestType === '') return 'Not chosen';
  return requestType in REQUEST_TYPES ? REQUEST_TYPES[requestType as keyof typeof REQUEST_TYPES] : requestType;
}

/** The homeowner as the header names them; a stock home (no homeowner) by its stock text. */
export function homeownerText(view: Pick<ServiceRequestView, 'account' | 'homeownerName' | 'stockHomeString'>): string {
  const name = `${view.account.firstName} ${view.account.lastName}`.trim() || view.homeownerName.trim();
  return name || view.stockHomeString.trim();
}

export function accountAddressText(view: Pick<ServiceRequestView, 'account'>): string {
  const { street, city, state, zip } = view.account;
  const place = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}

export const plantText = (view: Pick<ServiceRequestView, 'plantName' | 'plantNumber'>) =>
  view.plantName ? `${view.plantName} (${view.plantNumber})` : view.plantNumber;

/* ---- attachment files ---- */

/**
 * The images-base endpoint and query an attachment's `imageUrl` names. The server writes it under the default
 * images prefix; it is read through the images base of this deployment, with the user's token.
 */
export function imageEndpoint(imageUrl: string): { endpoint: Endpoint; query: Record<string, string> } | undefined {
  if (!imageUrl) return undefined;
  const url = new URL(imageUrl, 'http://homesite.invalid');
  const prefix = DEFAULT_BASES.images;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
  const path = url.pathname.slice(prefix.length);
  return { endpoint: { base: 'images', path }, query: Object.fromEntries(url.searchParams) };
}

/** How an attachment is named on buttons ('Edit attachment Kitchen leak'). */
export const attachmentName = (
  attachment: Pick<ServiceAttachmentView, 'description' | 'imageFileName' | 'attachmentTypeDisplay'>,
  fallback: string,
) => attachment.description.trim() || attachment.imageFileName || `${attachment.attachmentTypeDisplay} ${fallback}`.trim();

export const partsItemName = (part: Pick<ServicePartsItemView, 'partNumber' | 'partDescription' | 'combinedPartNumber'>) =>
  part.partDescription.trim() || part.combinedPartNumber || part.partNumber;
