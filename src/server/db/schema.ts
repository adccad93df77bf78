import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/**
 * The id of the transaction that last wrote the row (delta sync, server/sync/): set on insert by this default and
 * on every update by the trigger of migration 0007, so no code path can forget it.
 */
const syncXid = () =>
  bigint('sync_xid', { mode: 'number' })
    .notNull()
    .default(sql`(pg_current_xact_id()::text)::bigint`);

/** Retail centers (spec 1 §3 Retailer) with the homeowner-portal metadata of spec 3 §3. */
export const retailers = pgTable('retailers', {
  retailerNumber: text('retailer_number').primaryKey(),
  name: text('name').notNull(),
  /** 'C' is company-owned (spec 1 §9), 'I' independent. */
  retailerType: text('retailer_type').notNull(),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  webEnabled: boolean('web_enabled').notNull().default(true),
  portalMetadataId: integer('portal_metadata_id'),
  developerName: text('developer_name').notNull().default(''),
  businessUnit: text('business_unit').notNull().default(''),
  businessUnitNumber: text('business_unit_number').notNull().default(''),
  deployWorkflow: boolean('deploy_workflow').notNull().default(false),
  deployDispatch: boolean('deploy_dispatch').notNull().default(false),
  deployPortal: boolean('deploy_portal').notNull().default(false),
  partnerPortal: boolean('partner_portal').notNull().default(false),
  createdAt: createdAt(),
});

/** Plants, which the spec also calls facilities (spec 1 §3 Facility). */
export const plants = pgTable('plants', {
  plantNumber: text('plant_number').primaryKey(),
  name: text('name').notNull(),
  printName: text('print_name').notNull(),
  /** First three letters of every serial number built at this plant. */
  serialPrefix: text('serial_prefix').notNull(),
  marketingUrlRetail: text('marketing_url_retail').notNull(),
  marketingUrlIndependent: text('marketing_url_independent').notNull(),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The e-mail address, stored lower-cased. */
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordLastChanged: stamp('password_last_changed'),
    isActive: boolean('is_active').notNull().default(true),
    isInternal: boolean('is_internal').notNull().default(false),
    isPlantUser: boolean('is_plant_user').notNull().default(false),
    employeeId: text('employee_id'),
    termsAcceptanceDate: stamp('terms_acceptance_date'),
    currentRetailerNumber: text('current_retailer_number').references(() => retailers.retailerNumber),
    rowVersion: integer('row_version').notNull().default(0),
    /**
     * Moved by triggers (migration 0007) on every change of what the profile holds: the user row (password,
     * deactivation, current retailer), their roles, retailers and plants, and those retailers' and plants' rows.
     * The server's in-process profile cache is good while this is unchanged (auth/session-cache.ts).
     */
    profileVersion: bigint('profile_version', { mode: 'number' }).notNull().default(0),
    /**
     * Tokens of this user issued before this moment (to the millisecond: auth/tokens.ts issuedAtMs) are refused,
     * except the one whose jti is tokenKeptJti. Set on a password change (auth/tokens.ts cutOffTokens); null: none.
     */
    tokensNotBefore: stamp('tokens_not_before'),
    /** The token that made the change that set tokensNotBefore, which stays valid; null: none kept. */
    tokenKeptJti: text('token_kept_jti'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userRetailers = pgTable(
  'user_retailers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
  },
  (t) => [primaryKey({ columns: [t.userId, t.retailerNumber] }), index('user_retailers_retailer_idx').on(t.retailerNumber)],
);

export const userPlants = pgTable(
  'user_plants',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plantNumber] })],
);

/** A manufactured home: built at a plant, sold through a retailer, possibly to a homeowner. */
export const homes = pgTable(
  'homes',
  {
    id: serial('id').primaryKey(),
    /** e.g. CLW012345TNAB: plant prefix, six digits, state built for, one letter per section. */
    serialNumber: text('serial_number').notNull().unique(),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    modelNumber: text('model_number').notNull(),
    modelName: text('model_name').notNull(),
    sections: smallint('sections').notNull(),
    squareFootage: integer('square_footage').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    bathrooms: smallint('bathrooms').notNull(),
    manufacturedDate: date('manufactured_date', { mode: 'string' }).notNull(),
    soldDate: date('sold_date', { mode: 'string' }),
    homeownerFirstName: text('homeowner_first_name'),
    homeownerLastName: text('homeowner_last_name'),
    homeownerEmail: text('homeowner_email'),
    homeownerPhone: text('homeowner_phone'),
    address1: text('address1'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('homes_retailer_idx').on(t.retailerNumber), index('homes_plant_idx').on(t.plantNumber)],
);

/** Terms of use versions; the newest decides whether the terms gate shows (spec 1 §4). */
export const termsDocuments = pgTable('terms_documents', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: stamp('created_at').notNull(),
  modifiedAt: stamp('modified_at').notNull(),
});

export const logMessages = pgTable('log_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  format: text('format').notNull(),
  message: text('message').notNull(),
  exception: text('exception'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

export const supportMessages = pgTable('support_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  retailerNumber: text('retailer_number').references(() => retailers.retailerNumber),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  priority: text('priority').notNull(),
  type: text('type').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Idempotency-Key → stored response, per user (null user: an anonymous write such as a log call).
 * `claim` identifies the request that holds a running key, so an abandoned claim can be taken over safely.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    claim: text('claim').notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    startedAt: stamp('started_at').notNull(),
    completedAt: stamp('completed_at'),
  },
  (t) => [unique('idempotency_keys_user_key').on(t.userId, t.key).nullsNotDistinct()],
);

/** Failed sign-ins, for throttling by user name and by client address across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    /** Where the attempt came from (behind TRUST_PROXY, the proxy's X-Forwarded-For); null before migration 0013. */
    clientAddress: text('client_address'),
    attemptedAt: stamp('attempted_at').notNull(),
  },
  (t) => [index('login_attempts_user_time_idx').on(t.userName, t.attemptedAt), index('login_attempts_address_time_idx').on(t.clientAddress, t.attemptedAt)],
);

/** Tokens signed out before they expire; a row can go once the token would have expired anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: stamp('expires_at').notNull(),
});

/**
 * Keys for upstream systems (an ERP pushing orders nightly) to call the import endpoint, and nothing else.
 * Only a SHA-256 of the key is kept: the key is 32 random bytes, so a slow hash would add nothing.
 */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The first characters of the key, shown in listings so an operator can tell keys apart. */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: stamp('last_used_at'),
  revokedAt: stamp('revoked_at'),
});

/**
 * The last imported form of each row an import wrote, by kind and natural key (server/import/run-import.ts): a row the
 * file carries unchanged is not written again, so an edit made in the app since (a homeowner's new e-mail) survives
 * tonight's import of the same data, while a row the upstream system changed overwrites it.
 */
export const importFingerprints = pgTable(
  'import_fingerprints',
  {
    kind: text('kind').notNull(),
    naturalKey: text('natural_key').notNull(),
    /** SHA-256 of the row as checked (its columns in schema order), base64url. */
    fingerprint: text('fingerprint').notNull(),
    importedAt: stamp('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.naturalKey] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/* ---- shell navigation area (issue 3): My Facilities / My Plants scope, What's new?, Feedback ---- */

/**
 * The plants that serve a retail center (ship it homes, take its service calls). My Facilities and
 * My Plants list the plants of the user's current retailer.
 */
export const retailerPlants = pgTable(
  'retailer_plants',
  {
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber, { onDelete: 'cascade' }),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.retailerNumber, t.plantNumber] }), index('retailer_plants_plant_idx').on(t.plantNumber)],
);

/** One HomeSite release for What's new? (spec 1 §1). */
export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  releaseDate: date('release_date', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  createdAt: createdAt(),
});

export const releaseNoteItems = pgTable(
  'release_note_items',
  {
    id: serial('id').primaryKey(),
    releaseNoteId: integer('release_note_id').notNull().references(() => releaseNotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** 'New', 'Improved' or 'Fixed' (contract RELEASE_NOTE_CATEGORIES). */
    category: text('category').notNull(),
    text: text('text').notNull(),
  },
  (t) => [unique('release_note_items_position').on(t.releaseNoteId, t.position)],
);

/** Answers of the Feedback tile's survey. */
export const feedbackResponses = pgTable('feedback_responses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  retailerNumber: text('retailer_number').references(() => retailers.retailerNumber),
  satisfaction: smallint('satisfaction').notNull(),
  worksWell: text('works_well').notNull(),
  improve: text('improve').notNull(),
  mayContact: boolean('may_contact').notNull(),
  createdAt: createdAt(),
});

/* ---- help area (issue 3): the Help library's PDFs and videos, bytes kept in the database ---- */

/** PGlite answers bytea as Uint8Array, node-postgres as Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The Help library (spec 1 §2 Help, §3 Help document). The bytes live in the row so that every
 * instance on one database serves the same files; `sha256` is the file answer's ETag.
 */
export const helpDocuments = pgTable(
  'help_documents',
  {
    id: serial('id').primaryKey(),
    displayName: text('display_name').notNull(),
    fileType: text('file_type', { enum: ['pdf', 'video'] }).notNull(),
    category: text('category').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /** WebVTT captions of a video, served beside it. */
    captionsVtt: text('captions_vtt'),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull(),
  },
  // The natural key of the help-documents import.
  (t) => [uniqueIndex('help_documents_display_name_key').on(t.displayName)],
);

/* ---- work orders (issue 4): service requests, work orders, their items, parts and attachments (spec 3) ---- */

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);
const hours = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' }).notNull().default(0);

/** Service rates of a plant (spec 3 §3): copied onto a request when it is created, so later changes do not reprice it. */
export const plantServiceRates = pgTable('plant_service_rates', {
  plantNumber: text('plant_number').primaryKey().references(() => plants.plantNumber, { onDelete: 'cascade' }),
  mileageRate: money('mileage_rate'),
  oneManServiceRate: money('one_man_service_rate'),
  twoManServiceRate: money('two_man_service_rate'),
  driverRate: money('driver_rate'),
});

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
    homeId: integer('home_id').notNull().references(() => homes.id),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
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
  ],
);

/** A service item, called a line item on a work order (spec 3 §3). */
export const serviceItems = pgTable(
  'service_items',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id').notNull().references(() => serviceRequests.id, { onDelete: 'cascade' }),
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
    serviceRequestId: integer('service_request_id').notNull().references(() => serviceRequests.id, { onDelete: 'cascade' }),
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
    serviceRequestId: integer('service_request_id').notNull().references(() => serviceRequests.id, { onDelete: 'cascade' }),
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

/* ---- homeowners (issue 5): warranty cards (spec 3 §3 Warranty card) ---- */

/**
 * A home's warranty card: at most one per home. The home gives the plant, retailer, serial, model and
 * manufactured date; the card holds the homeowner, the sale and the plant's build data. Phones are
 * stored as the spec's 3-digit area code and 7-digit number.
 */
export const warrantyCards = pgTable(
  'warranty_cards',
  {
    id: serial('id').primaryKey(),
    homeId: integer('home_id').notNull().unique().references(() => homes.id, { onDelete: 'cascade' }),
    /** I Incomplete, A Active, H Historical, anything else Archived (spec 3 §3). */
    statusCode: text('status_code').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleInitial: text('middle_initial').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    emailAddress: text('email_address').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    zip4: text('zip4').notNull().default(''),
    areaCode: text('area_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    cellAreaCode: text('cell_area_code').notNull().default(''),
    cellPhoneNumber: text('cell_phone_number').notNull().default(''),
    soldDate: date('sold_date', { mode: 'string' }),
    npsDate: date('nps_date', { mode: 'string' }),
    homeAddress1: text('home_address1').notNull().default(''),
    homeAddress2: text('home_address2').notNull().default(''),
    homeCity: text('home_city').notNull().default(''),
    homeState: text('home_state').notNull().default(''),
    homeZipCode: text('home_zip_code').notNull().default(''),
    homePhoneNumber: text('home_phone_number').notNull().default(''),
    homeAddress: text('home_address').notNull().default(''),
    thermalZone: text('thermal_zone').notNull().default(''),
    windZone: text('wind_zone').notNull().default(''),
    roofLoad: text('roof_load').notNull().default(''),
    orderNumber: text('order_number').notNull().default(''),
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    quoteNumber: text('quote_number').notNull().default(''),
    vantageAccountId: text('vantage_account_id').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [index('warranty_cards_status_idx').on(t.statusCode), index('warranty_cards_sync_idx').on(t.syncXid, t.id)],
);

/* ---- parts orders (issue 5): parts orders, their items, ship-to locations and the parts catalog (spec 3 §3, §4) ---- */

/**
 * Where a retailer has parts shipped (spec 3 §3 Ship-to location, order 1): the retail center itself at
 * position 1, then a second lot or a warehouse. A customer order adds the home's address itself.
 */
export const retailerShipToLocations = pgTable(
  'retailer_ship_to_locations',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
  },
  (t) => [unique('retailer_ship_to_locations_position').on(t.retailerNumber, t.position)],
);

/**
 * A parts order (spec 3 §3, §4): staged while vantagePartsRequestId is null, then submitted and
 * read-only. A customer order names its home; a stock order has none and the serial 999999.
 */
export const partsOrders = pgTable(
  'parts_orders',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    homeId: integer('home_id').references(() => homes.id),
    longSerialNumber: text('long_serial_number').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    serviceRequestId: integer('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('Active'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    viaDescription: text('via_description').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    shipToType: text('ship_to_type').notNull().default('Retailer'),
    shipToAddressName: text('ship_to_address_name').notNull().default(''),
    shipToStreetAddress1: text('ship_to_street_address1').notNull().default(''),
    shipToCity: text('ship_to_city').notNull().default(''),
    shipToState: text('ship_to_state').notNull().default(''),
    shipToZipcode: text('ship_to_zipcode').notNull().default(''),
    vantagePartsRequestId: integer('vantage_parts_request_id').unique(),
    partsLogNumber: text('parts_log_number'),
    isClosed: boolean('is_closed').notNull().default(false),
    serviceEmail: text('service_email').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: stamp('submitted_at'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    /** Set by a trigger on every update (migration 0006): with the row count, the list's ETag. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('parts_orders_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('parts_orders_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    index('parts_orders_retailer_idx').on(t.retailerNumber),
    index('parts_orders_plant_idx').on(t.plantNumber),
    index('parts_orders_home_idx').on(t.homeId),
    uniqueIndex('parts_orders_plant_log_key').on(t.plantNumber, t.partsLogNumber),
  ],
);

/** A parts item of a parts order (spec 3 §3 Parts item), the same fields as a request's parts item. */
export const partsOrderItems = pgTable(
  'parts_order_items',
  {
    id: serial('id').primaryKey(),
    partsOrderId: integer('parts_order_id').notNull().references(() => partsOrders.id, { onDelete: 'cascade' }),
    categoryNumber: text('category_number').notNull().default(''),
    commodityNumber: text('commodity_number').notNull().default(''),
    partNumber: text('part_number').notNull().default(''),
    combinedPartNumber: text('combined_part_number').notNull().default(''),
    partDescription: text('part_description').notNull(),
    notes: text('notes').notNull().default(''),
    billingCode: text('billing_code').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    quantity: integer('quantity').notNull().default(1),
    receivedDate: date('received_date', { mode: 'string' }),
    isCorrect: boolean('is_correct'),
    incorrectPartMessage: text('incorrect_part_message').notNull().default(''),
    vantagePartsRequestLineItemId: integer('vantage_parts_request_line_item_id'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('parts_order_items_order_idx').on(t.partsOrderId)],
);

/** Categories of the corporate parts catalog (spec 3 §3 Category). */
export const catalogCategories = pgTable('catalog_categories', {
  categoryNumber: text('category_number').primaryKey(),
  description: text('description').notNull(),
});

/** Commodities of a category (spec 3 §3 Commodity), each with its illustration. */
export const catalogCommodities = pgTable(
  'catalog_commodities',
  {
    categoryNumber: text('category_number').notNull().references(() => catalogCategories.categoryNumber, { onDelete: 'cascade' }),
    commodityNumber: text('commodity_number').notNull(),
    description: text('description').notNull(),
    imageFilename: text('image_filename').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryNumber, t.commodityNumber] })],
);

/**
 * A part in a plant's catalog (spec 3 §3 Part, §4 Parts catalog part): approved or pending, active or
 * not. One part number can have several rows: the approved one, a pending change, older inactive ones.
 */
export const partsCatalog = pgTable(
  'parts_catalog',
  {
    id: serial('id').primaryKey(),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber, { onDelete: 'cascade' }),
    categoryNumber: text('category_number').notNull(),
    commodityNumber: text('commodity_number').notNull(),
    subPartNumber: text('sub_part_number').notNull().default(''),
    subPartDescription: text('sub_part_description').notNull().default(''),
    partNumber: text('part_number').notNull(),
    notes: text('notes').notNull().default(''),
    friendlyDescription: text('friendly_description').notNull().default(''),
    corporateDescription: text('corporate_description').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    imageFilename: text('image_filename').notNull().default(''),
    approved: boolean('approved').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull().default(''),
    createDate: stamp('create_date').notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('parts_catalog_plant_idx').on(t.plantNumber, t.categoryNumber, t.commodityNumber),
    index('parts_catalog_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
  ],
);

/** Images of the catalog, by file name (Images/PartsCatalogImages/{file}, spec 3 §3); the bytes live in the row. */
export const catalogImages = pgTable('catalog_images', {
  fileName: text('file_name').primaryKey(),
  contentType: text('content_type').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/* ---- delta sync (issue 10) ---- */

/**
 * A row that left a synced list: deleted, or moved out of a retailer's or plant's scope. Written by the triggers of
 * migration 0007 with the scope the row had, so a device that kept it hears of it in its next delta (server/sync/).
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    /** The synced table: 'service_requests', 'parts_orders', 'warranty_cards', 'parts_catalog'. */
    source: text('source').notNull(),
    rowId: integer('row_id').notNull(),
    retailerNumber: text('retailer_number'),
    plantNumber: text('plant_number'),
    syncXid: syncXid(),
    createdAt: createdAt(),
  },
  (t) => [index('sync_tombstones_source_idx').on(t.source, t.syncXid, t.rowId)],
);

/* ---- sales (spec 2 §3; issue 11) ---- */

/**
 * A Build A Quote quote (spec 2 §3 Quote). `isMchQuote` is true for BAQ quotes; false marks a quote of the older
 * system, whose id is the characters of `mchQuoteId` after the first four (spec 2 §9). `productLineId` and
 * `modelNumber` are null until chosen (the viewing flow of spec 2 §4). Status 'Active' or 'Deleted' (deleted quotes
 * are kept, hidden from the list). The lock is who has the quote open (server/sales/quotes.ts decides its expiry).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    quoteNumber: text('quote_number').notNull().unique(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    productLineId: integer('product_line_id'),
    customer: text('customer').notNull(),
    modelNumber: text('model_number'),
    modelDesc: text('model_desc').notNull().default(''),
    status: text('status').notNull().default('Active'),
    /** The customer sales manager (CSM) handling the quote. */
    mdm: text('mdm').notNull().default(''),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    revisionDate: date('revision_date', { mode: 'string' }).notNull(),
    isMchQuote: boolean('is_mch_quote').notNull().default(true),
    mchQuoteId: text('mch_quote_id').notNull().default(''),
    isModelActive: boolean('is_model_active').notNull().default(true),
    subOptionsValid: boolean('sub_options_valid').notNull().default(true),
    quoteStatusesId: smallint('quote_statuses_id').notNull().default(0),
    createdBy: text('created_by').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockedByUserId: integer('locked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: stamp('locked_at'),
    /** The quote this one was duplicated or copied from, if any. */
    sourceQuoteId: integer('source_quote_id'),
    baseCostOfHome: money('base_cost_of_home'),
    surchargeAmount: money('surcharge_amount'),
    shippingHandlingDestCharges: money('shipping_handling_dest_charges'),
    freightCharge: money('freight_charge'),
    associationDues: money('association_dues'),
    mhiDues: money('mhi_dues'),
    vipAmount: money('vip_amount'),
    partnerAssistanceAmount: money('partner_assistance_amount'),
    squareFootage: integer('square_footage').notNull().default(0),
    brandCode: text('brand_code').notNull().default(''),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('quotes_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('quotes_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
  ],
);

/** A saved revision of a quote (spec 2 §3 Quote revision); its options are what Compare shows side by side. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    revisionNumber: integer('revision_number').notNull(),
    revisionComments: text('revision_comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique('quote_revisions_number_key').on(t.quoteId, t.revisionNumber)],
);

/** An option chosen in a revision, under its category (spec 2 §3 Category, Option; Unavailable option). */
export const quoteOptions = pgTable(
  'quote_options',
  {
    id: serial('id').primaryKey(),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    categoryDesc: text('category_desc').notNull(),
    categorySeq: smallint('category_seq').notNull(),
    optionNumber: text('option_number').notNull(),
    optionDesc: text('option_desc').notNull(),
    optionQty: integer('option_qty').notNull().default(1),
    optionPrice: money('option_price'),
    /** False when the option is no longer offered at the quote's plant (unavailableoptions). */
    available: boolean('available').notNull().default(true),
    /** Custom options are not copied into a new quote (spec 2 §8 confirmation). */
    custom: boolean('custom').notNull().default(false),
  },
  (t) => [index('quote_options_revision_idx').on(t.revisionId)],
);

/** An order placed from a quote (spec 2 §3 Order); its detail report shows the quote's latest revision. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    customer: text('customer').notNull(),
    modelNumber: text('model_number').notNull(),
    modelDesc: text('model_desc').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    longSerialNumber: text('long_serial_number').notNull().default(''),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    shippedDate: date('shipped_date', { mode: 'string' }),
    status: text('status').notNull(),
    mdm: text('mdm').notNull().default(''),
    scheduledProductionDate: date('scheduled_production_date', { mode: 'string' }),
    yardDate: date('yard_date', { mode: 'string' }),
    scheduledOfflineDate: date('scheduled_offline_date', { mode: 'string' }),
    estimatedOfflineWeekOf: date('estimated_offline_week_of', { mode: 'string' }),
    scheduledShipDate: date('scheduled_ship_date', { mode: 'string' }),
    /** HUD label numbers: left, right, triple, 4 to 8 (spec 2 §3), in that order; '' when the home has fewer sections. */
    hudLabels: jsonb('hud_labels').$type<string[]>().notNull().default([]),
    quoteCreator: text('quote_creator').notNull().default(''),
    firstValidation: date('first_validation', { mode: 'string' }),
    secondRsoValidation: date('second_rso_validation', { mode: 'string' }),
    docsReceived: date('docs_received', { mode: 'string' }),
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    basePrice: money('base_price'),
    optionPrice: money('option_price'),
    squareFootage: integer('square_footage').notNull().default(0),
    invoiceTotal: money('invoice_total'),
    /** The printable header of the detail report (spec 2 §3 Order detail): sold-to, dba, financing, run, contacts. */
    orderedBy: text('ordered_by').notNull().default(''),
    salesRep: text('sales_rep').notNull().default(''),
    salesNote: text('sales_note').notNull().default(''),
    soldTo: text('sold_to').notNull().default(''),
    address1: text('address1').notNull().default(''),
    dba: text('dba').notNull().default(''),
    financedBy: text('financed_by').notNull().default(''),
    runNumber: text('run_number').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('sales_orders_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('sales_orders_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    index('sales_orders_serial_idx').on(t.serialNumber),
    index('sales_orders_long_serial_idx').on(t.longSerialNumber),
  ],
);

/** A prospect made from a lead (spec 2 §7 POST /crm/webapi/api/Prospects/Lead). */
export const prospects = pgTable('prospects', {
  id: serial('id').primaryKey(),
  retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().default(''),
  dayPhone: text('day_phone').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  comments: text('comments').notNull().default(''),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * A sales lead (spec 2 §3 Lead). Status null is Unclaimed; C claimed, I inactive, P converted to prospect (§4).
 * `relocating` is 'Y' or 'N'.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    independentLeadId: integer('independent_lead_id').notNull(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    leadDate: stamp('lead_date').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    comments: text('comments').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    email: text('email').notNull().default(''),
    dayPhone: text('day_phone').notNull().default(''),
    relocating: text('relocating').notNull().default('N'),
    relocatingCity: text('relocating_city').notNull().default(''),
    relocatingState: text('relocating_state').notNull().default(''),
    status: text('status'),
    friendlySource: text('friendly_source').notNull().default(''),
    claimedDate: stamp('claimed_date'),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    /** The home the lead asked about, when it came from a quote or a model page. */
    quoteNumber: text('quote_number').notNull().default(''),
    plantNumber: text('plant_number').notNull().default(''),
    modelNumber: text('model_number').notNull().default(''),
    modelDesc: text('model_desc').notNull().default(''),
    basePrice: money('base_price'),
    optionPrice: money('option_price'),
    squareFootage: integer('square_footage').notNull().default(0),
    invoiceTotal: money('invoice_total'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [index('leads_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id)],
);

/** A home in a retailer's stock (spec 2 §3 Inventory item); `age` is answered as days since `stockedDate`. */
export const inventoryHomes = pgTable(
  'inventory_homes',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    /** 'New' or 'Used' stock, and the section count description (tdes), e.g. 'Double'. */
    type: text('type').notNull(),
    tdes: text('tdes').notNull(),
    /** The registration (title) state. */
    reg: text('reg').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    invoiceAmount: money('invoice_amount'),
    stockNumber: text('stock_number').notNull(),
    modelNumber: text('model_number').notNull(),
    modelName: text('model_name').notNull(),
    /** Who holds title: the retailer or its floor-plan lender. */
    owner: text('owner').notNull().default(''),
    /** The work-sheet order (wso) number. */
    wso: text('wso').notNull().default(''),
    stockedDate: date('stocked_date', { mode: 'string' }).notNull(),
    salesDate: date('sales_date', { mode: 'string' }),
    poNumber: text('po_number').notNull().default(''),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('inventory_homes_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('inventory_homes_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    // A home is in one retailer's stock at a time: the natural key of the inventory import.
    uniqueIndex('inventory_homes_serial_key').on(t.serialNumber),
  ],
);

/* ---- reports, NPS and delivery reports (issue 12; spec 2 §2–§4) ---- */

/**
 * What the plant owes or paid a retailer for a submitted service request (the paid and receivable service order
 * reports of spec 2 §2): one billing per request and billing code (spec 2 §4 Billing codes). Receivable while
 * `paidDate` is empty; paid on that day with its check.
 */
export const serviceOrderBillings = pgTable(
  'service_order_billings',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: integer('service_request_id').notNull().references(() => serviceRequests.id, { onDelete: 'cascade' }),
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
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    homeId: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
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

/** A titled group of delivery-report questions (spec 2 §3 DeliveryReport questionGroups), per survey type. */
export const surveyQuestionGroups = pgTable('survey_question_groups', {
  id: serial('id').primaryKey(),
  /** 1 DeliveryForm, 2 RetailerChecklist (spec 2 §3 Survey). */
  surveyType: smallint('survey_type').notNull(),
  title: text('title').notNull(),
  sequence: integer('sequence').notNull(),
});

/**
 * A question of a survey (spec 2 §3): the delivery date question, the site delivery question, or one of a group's.
 * Question types: 1 string, 2 trueFalse, 3 yesNo, 4 dateTime.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyType: smallint('survey_type').notNull(),
    /** 'deliveryDate', 'siteDelivery' or 'group'. */
    placement: text('placement').notNull(),
    groupId: integer('group_id').references(() => surveyQuestionGroups.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    questionType: smallint('question_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    sequence: integer('sequence').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('survey_questions_type_idx').on(t.surveyType, t.sequence)],
);

/** A submitted survey (a delivery report) of one home: at most one per home and survey type. */
export const submittedSurveys = pgTable(
  'submitted_surveys',
  {
    id: serial('id').primaryKey(),
    surveyType: smallint('survey_type').notNull(),
    homeId: integer('home_id').notNull().references(() => homes.id),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber),
    serialNumber: text('serial_number').notNull(),
    retailerNumber: text('retailer_number').notNull().references(() => retailers.retailerNumber),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The submitter's name as it was when submitted. */
    submittedBy: text('submitted_by').notNull(),
    submitDate: stamp('submit_date').notNull().defaultNow(),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submitted_surveys_home_type_idx').on(t.homeId, t.surveyType),
    index('submitted_surveys_retailer_idx').on(t.retailerNumber),
    index('submitted_surveys_plant_idx').on(t.plantNumber),
  ],
);

/** The answer to one question of a submitted survey, kept as text (dates ISO, booleans 'true'/'false'). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    submittedSurveyId: integer('submitted_survey_id').notNull().references(() => submittedSurveys.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => surveyQuestions.id),
    answer: text('answer').notNull().default(''),
  },
  (t) => [uniqueIndex('survey_answers_survey_question_idx').on(t.submittedSurveyId, t.questionId)],
);

/** A photo (or PDF) of a submitted survey (spec 2 §3 SurveyAttachment); the bytes live in the row, served by the images base. */
export const surveyAttachments = pgTable(
  'survey_attachments',
  {
    id: serial('id').primaryKey(),
    submittedSurveyId: integer('submitted_survey_id').notNull().references(() => submittedSurveys.id, { onDelete: 'cascade' }),
    /** The file name under folder=SurveyAttachments of the images base; unique. */
    imageFileName: text('image_file_name').notNull().unique(),
    imageUploadId: text('image_upload_id').notNull(),
    description: text('description').notNull().default(''),
    amount: money('amount'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('survey_attachments_survey_idx').on(t.submittedSurveyId)],
);

/* ---- parts catalog admin and change management, Learn, driver management (issue 13; spec 3 §2–§7) ---- */

/**
 * The corporate parts list a plant's catalog is built from (spec 3 §7 GetPartsNotInCatalog): every part of every
 * category and commodity, with its corporate description and unit; a plant's catalog rows copy from it.
 */
export const corporateParts = pgTable(
  'corporate_parts',
  {
    id: serial('id').primaryKey(),
    categoryNumber: text('category_number').notNull().references(() => catalogCategories.categoryNumber, { onDelete: 'cascade' }),
    commodityNumber: text('commodity_number').notNull(),
    partNumber: text('part_number').notNull(),
    subPartNumber: text('sub_part_number').notNull().default(''),
    subPartDescription: text('sub_part_description').notNull().default(''),
    corporateDescription: text('corporate_description').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
  },
  (t) => [uniqueIndex('corporate_parts_key').on(t.categoryNumber, t.commodityNumber, t.partNumber, t.subPartNumber)],
);

/**
 * A change request of a plant's catalog and its outcome (spec 3 §3 Change history item): made when a plant submits a
 * part change (approved null: pending), reviewed by a change manager (approved true or false, with a comment), and
 * possibly reverted later (spec 3 §4 revert rules).
 */
export const partsCatalogHistory = pgTable(
  'parts_catalog_history',
  {
    id: serial('id').primaryKey(),
    requestedPartsCatalogId: integer('requested_parts_catalog_id').notNull().references(() => partsCatalog.id, { onDelete: 'cascade' }),
    previousPartsCatalogId: integer('previous_parts_catalog_id').references(() => partsCatalog.id, { onDelete: 'set null' }),
    plantNumber: text('plant_number').notNull().references(() => plants.plantNumber, { onDelete: 'cascade' }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedByUser: text('requested_by_user').notNull(),
    requestDate: stamp('request_date').notNull().defaultNow(),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewDate: stamp('review_date'),
    /** null while pending; true approved, false declined. */
    approved: boolean('approved'),
    comment: text('comment').notNull().default(''),
    revertedDate: stamp('reverted_date'),
    rowVersion: integer('row_version').notNull().default(0),
  },
  (t) => [index('parts_catalog_history_plant_idx').on(t.plantNumber, t.requestDate), index('parts_catalog_history_requested_idx').on(t.requestedPartsCatalogId)],
);

/** Learn library (spec 3 §2 Learn, §3 Documents): categories of manuals … */
export const learnCategories = pgTable(
  'learn_categories',
  {
    id: serial('id').primaryKey(),
    displayName: text('display_name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  // Names are the natural keys of the learn-documents import, at each level.
  (t) => [uniqueIndex('learn_categories_display_name_key').on(t.displayName)],
);

/** … their sub-categories … */
export const learnSubCategories = pgTable(
  'learn_sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull().references(() => learnCategories.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('learn_sub_categories_category_idx').on(t.categoryId), uniqueIndex('learn_sub_categories_name_key').on(t.categoryId, t.displayName)],
);

/** … and the documents of a sub-category; the bytes live in the row like the Help library's. */
export const learnDocuments = pgTable(
  'learn_documents',
  {
    id: serial('id').primaryKey(),
    subCategoryId: integer('sub_category_id').notNull().references(() => learnSubCategories.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('learn_documents_sub_category_idx').on(t.subCategoryId), uniqueIndex('learn_documents_name_key').on(t.subCategoryId, t.displayName)],
);

/** Employees of the company that transportation may make drivers of (spec 3 §3 Driver: employee search). */
export const hbgEmployees = pgTable(
  'hbg_employees',
  {
    employeeNumber: text('employee_number').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    location: text('location').notNull().default(''),
  },
  (t) => [index('hbg_employees_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`)],
);

/** Kinds of driver (spec 3 §7 GET /transportation/drivertypes). */
export const driverTypes = pgTable('driver_types', {
  id: serial('id').primaryKey(),
  description: text('description').notNull().unique(),
});

/** An employee assigned as a driver, with its driver type (spec 3 §3 Driver). */
export const drivers = pgTable('drivers', {
  id: serial('id').primaryKey(),
  employeeNumber: text('employee_number').notNull().unique().references(() => hbgEmployees.employeeNumber, { onDelete: 'cascade' }),
  driverTypeId: integer('driver_type_id').notNull().references(() => driverTypes.id),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  rowVersion: integer('row_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
