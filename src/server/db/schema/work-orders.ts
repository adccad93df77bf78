import { sql } from 'drizzle-orm';
import { CLOSED_STATUSES, EARLIEST_REAL_DATE } from '../../../contract/work-orders';
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bytea, createdAt, hours, money, stamp, syncXid } from './columns';
import { homes, plants, retailers } from './organisation';
import { users } from './users';

/* Work orders (issue 4): service requests, work orders, their items, parts and attachments (spec 3). */

/**
 * A service date, or null for none: the placeholder and any date before 1990 count as none (normalizeServiceDate).
 * The date is written into the SQL, not bound, so that the search's sort and its index are the same expression.
 */
export const serviceDay = (column: AnyPgColumn) =>
  sql`(case when ${column} >= ${sql.raw(`'${EARLIEST_REAL_DATE}'::date`)} then ${column} end)`;

/** Service rates of a plant (spec 3 §3): copied onto a request when it is created, so later changes do not reprice it. */
export const plantServiceRates = pgTable('plant_service_rates', {
  plantNumber: text('plant_number')
    .primaryKey()
    .references(() => plants.plantNumber, { onDelete: 'cascade' }),
  mileageRate: money('mileage_rate'),
  oneManServiceRate: money('one_man_service_rate'),
  twoManServiceRate: money('two_man_service_rate'),
  driverRate: money('driver_rate'),
});

/** Not closed (CLOSED_STATUSES), written out as the partial indexes' condition (work-orders/rules.ts openRequests). */
const openStatuses = sql.raw(`status not in (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * A service request; once submitted (vantageWorkOrderId set) a work order (spec 3 §3, §4). Totals are
 * stored, recomputed on every write that changes them, so the list can sort 50,000 rows by cost.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    serviceRequestNumber: text('service_request_number').notNull().default(''),
    vantageWorkOrderId: integer('vantage_work_order_id').unique(),
    vantageWorkOrderNumber: text('vantage_work_order_number'),
    homeId: integer('home_id')
      .notNull()
      .references(() => homes.id),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    serialNumber: text('serial_number').notNull(),
    vantageCaseOrigin: text('vantage_case_origin').notNull().default(''),
    caseSubject: text('case_subject').notNull().default(''),
    caseDescription: text('case_description').notNull().default(''),
    requestType: text('request_type').notNull().default(''),
    status: text('status').notNull().default('Unsubmitted'),
    requestDate: date('request_date', { mode: 'string' }),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    performedDate: date('performed_date', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    technician: text('technician').notNull().default(''),
    tripTime: hours('trip_time'),
    mileage: hours('mileage'),
    otherCosts: money('other_costs'),
    mileageRate: money('mileage_rate'),
    oneManServiceRate: money('one_man_service_rate'),
    twoManServiceRate: money('two_man_service_rate'),
    driverRate: money('driver_rate'),
    totalServiceCost: money('total_service_cost'),
    totalCombinedCost: money('total_combined_cost'),
    signatureOnFile: boolean('signature_on_file').notNull().default(false),
    isUnderWarranty: boolean('is_under_warranty').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    /** The day of its last change (insert, or a write that moves row_version): the kept-list rule (migration 0023). */
    changedOn: date('changed_on', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: stamp('submitted_at'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    /** Set by a trigger on every update (migration 0004): with the row count, the list's ETag. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('service_requests_retailer_idx').on(t.retailerNumber),
    index('service_requests_plant_idx').on(t.plantNumber),
    index('service_requests_home_idx').on(t.homeId),
    index('service_requests_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('service_requests_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    // A device's first download reads the kept rows (contract/kept-lists.ts): the open ones and those changed lately.
    index('service_requests_retailer_open_sync_idx').on(t.retailerNumber, t.syncXid, t.id).where(openStatuses),
    index('service_requests_plant_open_sync_idx').on(t.plantNumber, t.syncXid, t.id).where(openStatuses),
    index('service_requests_retailer_changed_idx').on(t.retailerNumber, t.changedOn),
    index('service_requests_plant_changed_idx').on(t.plantNumber, t.changedOn),
    // The server search's first screen (work-orders/search.ts, newest request first) in any scope, walked, not sorted.
    index('service_requests_request_day_idx').on(sql`${serviceDay(t.requestDate)} desc nulls last`, t.id.desc().nullsFirst()),
  ],
);

/** A service item, called a line item on a work order (spec 3 §3). */
export const serviceItems = pgTable(
  'service_items',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    problemDescription: text('problem_description').notNull(),
    determinedCause: text('determined_cause').notNull(),
    actionTaken: text('action_taken').notNull(),
    declinedReason: text('declined_reason').notNull().default(''),
    serviceRequestCode: text('service_request_code').notNull().default(''),
    partsCost: money('parts_cost'),
    laborHours: hours('labor_hours'),
    hourlyLaborRate: money('hourly_labor_rate'),
    isTwoMan: boolean('is_two_man').notNull().default(false),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('service_items_request_idx').on(t.serviceRequestId)],
);

/** Parts items of a request's own parts order (spec 3 §3 Parts item). */
export const serviceParts = pgTable(
  'service_parts',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    categoryNumber: text('category_number').notNull().default(''),
    commodityNumber: text('commodity_number').notNull().default(''),
    partNumber: text('part_number').notNull().default(''),
    partDescription: text('part_description').notNull(),
    notes: text('notes').notNull().default(''),
    billingCode: text('billing_code').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    quantity: integer('quantity').notNull().default(1),
    receivedDate: date('received_date', { mode: 'string' }),
    isCorrect: boolean('is_correct'),
    incorrectPartMessage: text('incorrect_part_message').notNull().default(''),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('service_parts_request_idx').on(t.serviceRequestId)],
);

/** Photos and receipts of a request (spec 3 §3 Service attachment); the bytes live in the row. */
export const serviceAttachments = pgTable(
  'service_attachments',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    contentDocumentId: text('content_document_id').notNull().unique(),
    /** 1 Service Issue, 2 Receipt/Invoice. */
    attachmentType: smallint('attachment_type').notNull(),
    description: text('description').notNull().default(''),
    amount: money('amount'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('service_attachments_request_idx').on(t.serviceRequestId)],
);

/** Units of measure of parts (spec 3 §3): the abbreviation and its description. */
export const unitsOfMeasure = pgTable('units_of_measure', {
  abbreviation: text('abbreviation').primaryKey(),
  description: text('description').notNull(),
});
