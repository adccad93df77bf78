import { date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { homes, plants, retailers } from './organisation';
import { serviceRequests } from './work-orders';

/* Reports and NPS (issue 12; spec 2 §2–§4): service order billings and survey responses. */

/**
 * What the plant owes or paid a retailer for a submitted service request (the paid and receivable service order
 * reports of spec 2 §2): one billing per request and billing code (spec 2 §4 Billing codes). Receivable while
 * `paidDate` is empty; paid on that day with its check.
 */
export const serviceOrderBillings = pgTable(
  'service_order_billings',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    billingCode: text('billing_code').notNull(),
    amount: money('amount'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }),
    checkNumber: text('check_number').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('service_order_billings_request_idx').on(t.serviceRequestId), index('service_order_billings_paid_idx').on(t.paidDate)],
);

/**
 * A completed six-month NPS call (spec 2 §3 NPS detail): the homeowner's 0–10 answer to "would you recommend".
 * The band (promoter 9–10, passive 7–8, detractor 0–6) and the scores are computed from these rows.
 */
export const npsResponses = pgTable(
  'nps_responses',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    homeId: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    serialNumber: text('serial_number').notNull(),
    customerFirstName: text('customer_first_name').notNull().default(''),
    customerLastName: text('customer_last_name').notNull().default(''),
    comments: text('comments').notNull().default(''),
    recommend: smallint('recommend').notNull(),
    sixMonthCompleteDate: date('six_month_complete_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('nps_responses_retailer_date_idx').on(t.retailerNumber, t.sixMonthCompleteDate),
    // One call per home and day: the natural key of the nps-responses import.
    uniqueIndex('nps_responses_serial_date_key').on(t.serialNumber, t.sixMonthCompleteDate),
  ],
);
