import * as v from 'valibot';

/*
 * Reports (spec 2 §2 Reports container, §3 Open parts order report row, §7 Reports). Built so far: open service requests
 * (rows as the work-order list's ServiceRequestSummary) and open parts orders.
 * Who: service or sales users and viewers (spec 2 §6), within their retail center or facilities.
 */

/** spec 2 §2: open parts orders leave out these statuses (compared in any case), and orders with no vantage order name. */
export const CLOSED_PARTS_ORDER_STATUSES = ['completed', 'complete', 'canceled', 'declined', 'closed'] as const;

/** spec 2 §3 Open parts order report row; `requestNumber` is the vantage order name. */
export const OpenPartsOrderRow = v.object({
  shipToName: v.string(),
  shipToStreet: v.string(),
  shipToCity: v.string(),
  shipToState: v.string(),
  shipToZip: v.string(),
  dateOrdered: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  plantName: v.string(),
  plantNumber: v.string(),
  serialNumber: v.string(),
  requestNumber: v.string(),
  status: v.string(),
});
export type OpenPartsOrderRow = v.InferOutput<typeof OpenPartsOrderRow>;
