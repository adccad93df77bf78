/**
 * Kinds of the records kept whole on the device (offline/cached-read.ts) that screens of more than one feature open or
 * mark: a request's or a parts order's detail is kept by its own feature, and the service history and reports lists
 * say "Needs a connection" on a line whose record is not among them (issue 19). Each is kept under its own id
 * (serviceRequestId, partsOrderId), whichever route reads it.
 */
export const KEPT_DETAIL_KINDS = {
  serviceRequest: 'service-request',
  partsOrder: 'parts-order',
} as const;
