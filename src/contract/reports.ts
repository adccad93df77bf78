import * as v from 'valibot';
import type { DeliveryReportRow } from './delivery-reports';
import { ISO_DAY_FORMAT, isIsoDay, notRealDateMessage } from './text';

/*
 * Reports (spec 2 §2 Reports container, §3 Open parts order report row, §7 Reports): open service requests (rows as
 * the work-order list's ServiceRequestSummary), open parts orders, paid and receivable service orders, and the
 * delivery report list the container shows.
 * Who: service or sales users and viewers (spec 2 §6), within their retail center or facilities.
 */

/** spec 2 §2: open parts orders leave out these statuses (compared in any case), and orders with no vantage order name. */
export const CLOSED_PARTS_ORDER_STATUSES = ['completed', 'complete', 'canceled', 'declined', 'closed'] as const;

/** spec 2 §4: the parts order statuses reports show, as the spec writes them; a missing status shows as the first. */
export const PARTS_ORDER_REPORT_STATUSES = [
  'Active',
  'Declined',
  'Canceled',
  'Pending',
  'Shipped',
  'Partially Shipped',
  'Received',
  'Complete',
] as const;

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

/*
 * Paid and receivable service orders (spec 2 §2, §7 Reports): one row per billing of a submitted service request
 * (service_order_billings), with what a retailer needs to reconcile it against the plant's statements. A billing is
 * paid once it has a paid date (and check number), receivable while it has none.
 * - Paid: GET {api}/Reports/PaidServiceOrderReport?startDate&endDate, the billings paid from startDate to endDate,
 *   both included (ISO days; spec 2 §5: both are needed). The screen's default is the previous calendar month.
 * - Receivable: GET {api}/Reports/ReceivableServiceOrderReport, every unpaid billing, with its days outstanding
 *   counted from the invoice date to the server's day (UTC).
 * spec 2 §9 "Maximum record count: 100" is the size of one call of the paged lists (spec 1 §9, lib/list
 * MAX_RECORD_COUNT). The reports are not cut at 100 rows: a report that silently stopped there would not reconcile,
 * and its CSV would miss billings. The screens show them 10 rows at a time, growing by 10 (spec 2 §9).
 */

/** spec 2 §4 billing codes and their labels; any other code shows Road Damage. */
export const BILLING_CODE_LABELS = {
  BB: 'Bill Back',
  O: 'Open',
  S: 'Shortage',
  T: 'Factory Tech',
  C: 'COD',
  EM: 'Employee Sale',
  FE: 'Factory Expense',
  OW: 'Open Warranty',
  RP: 'Return Part',
  FO: 'FRT Open/COD',
  DL: 'Declined',
  PN: 'Pending',
  I: 'Incorrect Part',
} as const;
export type BillingCode = keyof typeof BILLING_CODE_LABELS;
export const ROAD_DAMAGE_LABEL = 'Road Damage';

/** spec 2 §4: a billing code's label; codes are read trimmed, in any case; any other code (or none) is Road Damage. */
export function billingCodeLabel(code: string): string {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(BILLING_CODE_LABELS, key) ? BILLING_CODE_LABELS[key as BillingCode] : ROAD_DAMAGE_LABEL;
}

export const REPORT_MESSAGES = {
  startDateRequired: 'Start date is required.',
  endDateRequired: 'End date is required.',
  startDateInvalid: 'Start date must be a valid date (YYYY-MM-DD).',
  endDateInvalid: 'End date must be a valid date (YYYY-MM-DD).',
  startAfterEnd: 'Start date must be on or before the end date.',
} as const;

/**
 * A required ISO day: `required` when missing or empty, `invalid` unless written YYYY-MM-DD, and "<label>: … is not a
 * real date." for a day that does not exist.
 */
const RequiredIsoDay = (required: string, invalid: string, label: string) =>
  v.pipe(
    v.optional(v.string(invalid), ''),
    v.nonEmpty(required),
    v.check((value) => value === '' || ISO_DAY_FORMAT.test(value), invalid),
    v.check(
      (value) => !ISO_DAY_FORMAT.test(value) || isIsoDay(value),
      (issue) => notRealDateMessage(String(issue.input), label),
    ),
  );

/** The query of GET {api}/Reports/PaidServiceOrderReport (spec 2 §5, §7): both dates, start on or before end. */
export const PaidServiceOrderQuery = v.pipe(
  v.object({
    startDate: RequiredIsoDay(REPORT_MESSAGES.startDateRequired, REPORT_MESSAGES.startDateInvalid, 'Start date'),
    endDate: RequiredIsoDay(REPORT_MESSAGES.endDateRequired, REPORT_MESSAGES.endDateInvalid, 'End date'),
  }),
  v.forward(
    v.check(({ startDate, endDate }) => startDate <= endDate, REPORT_MESSAGES.startAfterEnd),
    ['startDate'],
  ),
);
export type PaidServiceOrderQuery = v.InferOutput<typeof PaidServiceOrderQuery>;

const ServiceOrderBillingFields = {
  billingId: v.number(),
  serviceRequestId: v.number(),
  /** The plant's work order number, or the request number while there is none. */
  workOrderNumber: v.string(),
  serviceRequestNumber: v.string(),
  serialNumber: v.string(),
  homeownerName: v.string(),
  retailerNumber: v.string(),
  plantNumber: v.string(),
  plantName: v.string(),
  /** spec 2 §4 work order type code (A, F, V…); the screen shows its label. */
  requestType: v.string(),
  /** spec 2 §4 status code; the screen shows its label. */
  status: v.string(),
  /** spec 2 §4 billing code as stored; the screen shows billingCodeLabel. */
  billingCode: v.string(),
  /** What the service work is billed: service money, for the report's roles; View_Pricing is for home prices (spec 2 §6). */
  amount: v.number(),
  /** YYYY-MM-DD. */
  invoiceDate: v.string(),
};

export const PaidServiceOrderRow = v.object({ ...ServiceOrderBillingFields, paidDate: v.string(), checkNumber: v.string() });
export type PaidServiceOrderRow = v.InferOutput<typeof PaidServiceOrderRow>;

export const ReceivableServiceOrderRow = v.object({ ...ServiceOrderBillingFields, daysOutstanding: v.number() });
export type ReceivableServiceOrderRow = v.InferOutput<typeof ReceivableServiceOrderRow>;

/** GET {api}/Survey?surveyId=1 as the Reports container reads it (spec 2 §2 Delivery reports rows). */
export const DeliveryReportListRow = v.object({
  submittedSurveyId: v.number(),
  serialNumber: v.string(),
  plantNumber: v.string(),
  plantName: v.string(),
  submittedBy: v.string(),
  submitDate: v.string(),
}) satisfies v.GenericSchema<unknown, DeliveryReportRow>;
