import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  QUESTION_TYPES,
  RECEIVED_ORDER_STATUS,
  SHIPPED_ORDER_STATUS,
  type DeliveryReport,
  type PartsOrder,
  type SendLinkAnswer,
  type CmhUser,
  type ServiceRequest,
  type SurveyQuestion,
} from '../../../src/contract';
import {
  driverTypes,
  drivers,
  hbgEmployees,
  homes,
  leads,
  partsCatalog,
  partsCatalogHistory,
  partsOrderItems,
  partsOrders,
  quotes,
  salesOrders,
  serviceItems,
  serviceRequests,
  submittedSurveys,
  users,
  userTotp,
  warrantyCards,
} from '../../../src/server/db/schema';
import { createApp, type App } from '../../../src/server/app';
import { createApiKey } from '../../../src/server/auth/api-keys';
import { OUTCOME_TTL_MS, seal, sealKeyOf } from '../../../src/server/auth/single-sign-on';
import { createTokenService } from '../../../src/server/auth/tokens';
import { disableTwoFactor } from '../../../src/server/auth/totp';
import type { Database } from '../../../src/server/db/client';
import { allRoutes } from '../../../src/server/routes';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/db/seed';
import { DEFAULT_NUMBER_STARTS, nextWorkOrderId, workOrderNumberOf } from '../../../src/server/numbers/number-starts';
import { callerFor, createTestContext, type TestContext } from '../harness';
import { informationBody } from '../information-body';
import { INVALID_JSON, ODD_PATH_PARAMETERS, bodiesAround, bodyText, mutationsAround } from './mutations';
import { PNG_BYTES, formsAround, multipartRequest, type MultipartForm, type MultipartRequest } from './multipart';
import { changedTables, countRowWrites } from './row-writes';

/*
 * Issue 14 §2: every write endpoint, from one valid request, gets at least BODIES_PER_ENDPOINT requests around it
 * (bodies, raw texts, content types, path parameters). None may answer 5xx, and a refused one (4xx) may change no row
 * and leave no Idempotency-Key behind. Issue 22 §10: a real share of them must get past the request's checks to the
 * handler and past parsing (FuzzEntry.passesParsing), or the fuzzing tests the parser alone.
 */

/**
 * Issue 34's decision: 1,000 on the embedded database and 200 on PostgreSQL in `npm test`; FUZZ_BODIES sets both
 * (`npm run test:fuzz`: 1,000 on both, before a release and after any change to validation).
 */
const BODIES_PER_ENDPOINT = Number(process.env.FUZZ_BODIES ?? (process.env.TEST_DATABASE_URL ? 200 : 1000));

let t: TestContext;
const tokens: Record<string, string> = {};
let rowWrites: Awaited<ReturnType<typeof countRowWrites>>;

interface ValidRequest {
  params?: Record<string, string | number>;
  body?: unknown;
  /** A multipart upload instead of a JSON body: its form is fuzzed (formsAround) in place of a body. */
  form?: MultipartForm;
  query?: Record<string, string>;
}

interface FuzzEntry {
  /** The demo user who may call it. */
  user: string;
  /**
   * One valid request, which must be accepted (every endpoint must meet at least one 2xx). Asked again after each
   * accepted one, since the record may have moved on (row version, deleted, received, reverted): an endpoint that can
   * act once on a record takes a fresh one each time (from a pool made in bulk, see `pool`).
   */
  valid: () => Promise<ValidRequest> | ValidRequest;
  /**
   * Fuzz changes of the valid body of the moment rather than bodies around the first one: for a body naming what
   * moves on with each accepted write (a fresh record's item ids, the row version of a reused one).
   */
  bodyFollowsRecord?: boolean;
  /** Tables a refusal writes on purpose (failed sign-ins count toward the lockout). */
  writesWhenRefused?: string[];
  /** Each request with a session of its own (newSession) rather than the user's one: for the call that ends its session. */
  sessionPerRequest?: boolean;
  /**
   * The share of its requests (fixed and fuzzed) that must pass parsing: about half the share measured, so that a
   * parser refusing (nearly) everything fails the run, and a fuzz run's chance (a few points either way) never does.
   */
  passesParsing: number;
  /**
   * The handler reads the body itself (an upload's form, an import's file): a request that reached it passed parsing
   * unless the handler refused what it read (400, 413; 422 for an import's rows).
   */
  handlerParsesBody?: boolean;
}

/* ---- records the valid requests act on ---- */

async function soldHome(retailerNumber: string) {
  const [home] = await t.db
    .select()
    .from(homes)
    .where(and(eq(homes.retailerNumber, retailerNumber), isNotNull(homes.soldDate)))
    .orderBy(asc(homes.id))
    .limit(1);
  return home!;
}

async function ok<T>(method: string, path: string, user: string, options: { body?: unknown; query?: Record<string, string> } = {}) {
  const result = await t.call<T>(method, path, { token: tokens[user], ...options });
  if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** A new staged request, through the API. */
async function createdRequest(): Promise<ServiceRequest> {
  const home = await soldHome('4217');
  return ok<ServiceRequest>('POST', '/api/service/CreateServiceRequest', 'service', {
    query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) },
  });
}

const requestInfo = (request: ServiceRequest) =>
  informationBody(request, {
    caseSubject: request.caseSubject || 'Door will not latch',
    caseDescription: request.caseDescription || 'The front door does not latch.',
  });

/** A work order's information with the performed date its edits need. */
const workOrderInfo = (order: ServiceRequest) => ({ ...requestInfo(order), performedDate: order.requestDate });

const serviceItem = {
  problemDescription: 'Front door will not latch',
  determinedCause: 'Strike plate out of alignment',
  actionTaken: 'Realigned strike plate',
  partsCost: 10,
  laborHours: 2,
  isTwoMan: false,
};
const servicePart = {
  categoryNumber: '10',
  commodityNumber: '120',
  partNumber: '44871',
  partDescription: 'Strike plate',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 2,
};

/** A staged request that may be submitted: a request type and a service item. */
async function submittableRequest() {
  const request = await createdRequest();
  await ok('PUT', `/api/service/${request.serviceRequestId}`, 'service', { body: { ...requestInfo(request), requestType: 'A' } });
  await ok('POST', `/api/service/${request.serviceRequestId}/items`, 'service', { body: serviceItem });
  return request;
}

/** A new open work order through the API: a request of our own, submitted. */
async function submittedWorkOrder() {
  const request = await submittableRequest();
  return ok<ServiceRequest>('POST', `/api/Service/${request.serviceRequestId}/SubmitServiceRequest`, 'service');
}

/** A seeded closed work order (Payment Completed) of retailer 4217, not archived while one is left (then archiving it again is refused). */
async function closedWorkOrder() {
  const rows = await t.db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.retailerNumber, '4217'), eq(serviceRequests.status, 'P'), isNotNull(serviceRequests.vantageWorkOrderId)));
  const row = rows.find((candidate) => !candidate.isArchived) ?? rows[0];
  if (!row) throw new Error('no seeded closed work order');
  return row;
}

/** A 1×1 PNG and GIF. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const gifPhoto = {
  imageFileName: 'pixel.gif',
  base64Image: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  description: 'Front of the home',
  amount: 0,
};

async function uploadAttachment(path: string) {
  const form = new FormData();
  form.set('attachmentType', '1');
  form.set('description', 'Hall');
  form.set('file', new File([Buffer.from(PNG_BASE64, 'base64')], 'hall.png', { type: 'image/png' }));
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.service}`, [IDEMPOTENCY_HEADER]: randomUUID() },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as { serviceAttachmentId: number; contentDocumentId: string; rowVersion: number };
}

async function homeWithoutCard() {
  const [row] = await t.db
    .select({ home: homes })
    .from(homes)
    .leftJoin(warrantyCards, eq(warrantyCards.homeId, homes.id))
    .where(and(eq(homes.retailerNumber, '4217'), isNull(warrantyCards.id)))
    .limit(1);
  // Once every home has its card, a new one meets 409; the bodies are still read and checked first.
  return row?.home ?? soldHome('4217');
}

const warrantyCard = (home: { plantNumber: string; serialNumber: string }) => ({
  plantNumber: home.plantNumber,
  serialNumber: home.serialNumber,
  firstName: 'Loretta',
  lastName: 'Hill',
  emailAddress: 'loretta.hill@example.com',
  address1: '77 Dogwood Trail',
  address2: 'Lot 3',
  city: 'Clinton',
  state: 'TN',
  zipCode: '37716',
  areaCode: '',
  phoneNumber: '(865) 555-0177',
  soldDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
  homeAddressSameAsOwner: true,
});

async function stagedPartsOrder() {
  const home = await soldHome('4217');
  return ok<
    Pick<
      PartsOrder,
      | 'partsOrderId'
      | 'rowVersion'
      | 'shipToType'
      | 'shipToAddressName'
      | 'shipToStreetAddress1'
      | 'shipToCity'
      | 'shipToState'
      | 'shipToZipcode'
    >
  >('POST', '/api/Parts', 'service', { body: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber } });
}

async function partsOrderIn(status: string) {
  const [order] = await t.db
    .select()
    .from(partsOrders)
    .where(and(eq(partsOrders.retailerNumber, '4217'), eq(partsOrders.status, status), isNotNull(partsOrders.vantagePartsRequestId)))
    .limit(1);
  if (!order) throw new Error(`no seeded parts order in ${status}`);
  return order;
}

/** A received order to close: a seeded one not closed yet, or else a shipped one with its unmarked parts marked received. */
async function receivedPartsOrder() {
  const [received] = await t.db
    .select()
    .from(partsOrders)
    .where(
      and(
        eq(partsOrders.retailerNumber, '4217'),
        eq(partsOrders.status, RECEIVED_ORDER_STATUS),
        eq(partsOrders.isClosed, false),
        isNotNull(partsOrders.vantagePartsRequestId),
      ),
    )
    .limit(1);
  if (received) return received;
  const order = await partsOrderIn(SHIPPED_ORDER_STATUS);
  const items = await t.db
    .select()
    .from(partsOrderItems)
    .where(and(eq(partsOrderItems.partsOrderId, order.id), isNull(partsOrderItems.isCorrect)));
  if (items.length > 0) {
    await ok('PUT', `/api/Parts/${order.plantNumber}/${order.partsLogNumber}/PartsReceived`, 'service', {
      body: { items: items.map((item) => ({ partsOrderItemId: item.id, isCorrect: true, incorrectPartMessage: '' })) },
    });
  }
  return order;
}

/**
 * Records an endpoint can act on once (a receipt, a revert), made in bulk a chunk at a time: a valid request takes
 * the next one, and an empty pool is refilled with one insert per table rather than a chain of API calls per record.
 */
function pool<T>(size: number, make: (count: number) => Promise<T[]>) {
  const ready: T[] = [];
  return async () => {
    if (ready.length === 0) ready.push(...(await make(size)));
    return ready.shift()!;
  };
}

let pooled = 0;

/** Shipped parts orders of retailer 4217 with two unmarked items, copied from a seeded shipped order. */
const shippedPartsOrders = pool(100, async (count) => {
  const model = await partsOrderIn(SHIPPED_ORDER_STATUS);
  const [item] = await t.db.select().from(partsOrderItems).where(eq(partsOrderItems.partsOrderId, model.id)).limit(1);
  const { id: _id, createdAt: _created, updatedAt: _updated, syncXid: _xid, ...order } = model;
  const orders = await t.db
    .insert(partsOrders)
    .values(
      Array.from({ length: count }, () => {
        const n = ++pooled;
        return {
          ...order,
          status: SHIPPED_ORDER_STATUS,
          isClosed: false,
          rowVersion: 0,
          vantagePartsRequestId: 900_000_000 + n,
          partsLogNumber: `FZ${String(n).padStart(6, '0')}`,
        };
      }),
    )
    .returning({
      id: partsOrders.id,
      plantNumber: partsOrders.plantNumber,
      partsLogNumber: partsOrders.partsLogNumber,
      vantagePartsRequestId: partsOrders.vantagePartsRequestId,
    });
  const { id: _itemId, createdAt: _itemCreated, partsOrderId: _orderId, ...fields } = item!;
  const items = await t.db
    .insert(partsOrderItems)
    .values(
      orders.flatMap((row) =>
        [0, 1].map(() => ({
          ...fields,
          partsOrderId: row.id,
          isCorrect: null,
          incorrectPartMessage: '',
          receivedDate: null,
          rowVersion: 0,
        })),
      ),
    )
    .returning({ id: partsOrderItems.id, partsOrderId: partsOrderItems.partsOrderId });
  return orders.map((row) => ({ ...row, itemIds: items.filter((one) => one.partsOrderId === row.id).map((one) => one.id) }));
});

/** Approved change requests of plant 910 that may be reverted: each its own new part, approved and active, nothing pending beside it. */
const revertibleChanges = pool(20, async (count) => {
  const parts = await t.db
    .insert(partsCatalog)
    .values(
      Array.from({ length: count }, () => ({
        plantNumber: '910',
        categoryNumber: '30',
        commodityNumber: '310',
        partNumber: `FZ${String(++pooled).padStart(6, '0')}`,
        friendlyDescription: 'Fuzz part',
        corporateDescription: 'FUZZ PART',
        unitOfMeasure: 'EA',
        approved: true,
        active: true,
      })),
    )
    .returning({ id: partsCatalog.id });
  const now = new Date();
  return t.db
    .insert(partsCatalogHistory)
    .values(
      parts.map((part) => ({
        requestedPartsCatalogId: part.id,
        plantNumber: '910',
        requestedByUser: 'fuzz',
        reviewedBy: 'fuzz',
        reviewDate: now,
        approved: true,
        requestDate: now,
      })),
    )
    .returning({ id: partsCatalogHistory.id });
});

/** The upload form the attachment screens send: its type, a description and a PNG. */
const attachmentForm: MultipartForm = {
  fields: [
    ['attachmentType', '2'],
    ['description', 'Receipt for the strike plate'],
    ['amount', '12.50'],
  ],
  files: [{ name: 'file', filename: 'receipt.png', contentType: 'image/png', bytes: PNG_BYTES }],
};

/** One record per upload endpoint: an upload adds an attachment and leaves the request as it was, so every accepted one may reuse it. */
function once<T>(make: () => Promise<T>) {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * `count` copies of a request the API made (its row and service items), each with its own number and, for a work
 * order, its own work-order id: the ids of requests that only differ from it in those. About a quarter of the suite's
 * time went to making a fresh record through the API (four calls for a work order) after each accepted write.
 */
async function copiesOf(model: ServiceRequest, count: number): Promise<number[]> {
  const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, model.serviceRequestId));
  const { id, createdAt: _created, updatedAt: _updated, syncXid: _xid, serviceRequestNumber: _number, ...fields } = row!;
  const firstWorkOrderId = fields.vantageWorkOrderId === null ? null : await nextWorkOrderId(t.db, DEFAULT_NUMBER_STARTS);
  const copies = await t.db
    .insert(serviceRequests)
    .values(
      Array.from({ length: count }, (_, index) => {
        const workOrderId = firstWorkOrderId === null ? null : firstWorkOrderId + index;
        return {
          ...fields,
          vantageWorkOrderId: workOrderId,
          vantageWorkOrderNumber: workOrderId === null ? null : workOrderNumberOf(workOrderId),
        };
      }),
    )
    .returning({ id: serviceRequests.id });
  const ids = copies.map((copy) => copy.id);
  // Numbered as CreateServiceRequest numbers a request (serviceRequestNumberOf: its id, six digits), in one statement.
  await t.db
    .update(serviceRequests)
    .set({ serviceRequestNumber: sql`lpad(${serviceRequests.id}::text, 6, '0')` })
    .where(inArray(serviceRequests.id, ids));
  const items = await t.db.select().from(serviceItems).where(eq(serviceItems.serviceRequestId, id));
  if (items.length > 0)
    await t.db
      .insert(serviceItems)
      .values(
        ids.flatMap((copyId) => items.map(({ id: _itemId, createdAt: _itemCreated, ...item }) => ({ ...item, serviceRequestId: copyId }))),
      );
  return ids;
}

const requestOf = (id: number) => ok<ServiceRequest>('GET', `/api/service/${id}`, 'service');
const stagedRequestIds = pool(50, async (count) => copiesOf(await createdRequest(), count));
const workOrderIds = pool(50, async (count) => copiesOf(await submittedWorkOrder(), count));

/** A staged request of our own (retailer 4217's first sold home), not written to since it was made. */
async function stagedRequest(): Promise<ServiceRequest> {
  return requestOf(await stagedRequestIds());
}

/** An open work order of our own with one service item, not written to since it was submitted. */
async function openWorkOrder(): Promise<ServiceRequest> {
  return requestOf(await workOrderIds());
}

const uploadRequest = once(stagedRequest);
const uploadWorkOrder = once(openWorkOrder);
const shipToOrder = once(stagedPartsOrder);
/** An item added, changed or removed leaves a parts order staged (and it keeps no totals): one order serves every item request. */
const itemsOrder = once(stagedPartsOrder);

async function salesUserId() {
  return (await ok<{ cmhUserId: number }>('GET', '/auth/api/Account/User', 'sales')).cmhUserId;
}

async function salesQuote() {
  const [quote] = await t.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.retailerNumber, '4217'), eq(quotes.status, 'Active')))
    .orderBy(asc(quotes.id))
    .limit(1);
  return quote!;
}

async function openLead() {
  const [lead] = await t.db.select().from(leads).where(isNull(leads.status)).orderBy(asc(leads.id)).limit(1);
  return lead ?? (await t.db.select().from(leads).orderBy(asc(leads.id)).limit(1))[0]!;
}

async function submittedSurvey() {
  const [survey] = await t.db
    .select()
    .from(submittedSurveys)
    .where(eq(submittedSurveys.retailerNumber, '4217'))
    .orderBy(asc(submittedSurveys.id))
    .limit(1);
  return survey!;
}

async function deliveryReport() {
  const reported = new Set((await t.db.select({ homeId: submittedSurveys.homeId }).from(submittedSurveys)).map((row) => row.homeId));
  const home = (
    await t.db
      .select()
      .from(homes)
      .where(and(eq(homes.retailerNumber, '4217'), isNotNull(homes.soldDate)))
      .orderBy(asc(homes.id))
  ).find((row) => !reported.has(row.id))!;
  const form = await ok<DeliveryReport>('GET', `/api/DeliveryForm/${home.plantNumber}/${home.serialNumber}`, 'service');
  const answer = (question: SurveyQuestion) =>
    question.questionType === QUESTION_TYPES.dateTime
      ? '2026-10-02'
      : question.questionType === QUESTION_TYPES.yesNo
        ? 'Yes'
        : question.questionType === QUESTION_TYPES.trueFalse
          ? 'false'
          : 'Checked';
  return {
    plantNumber: form.plantNumber,
    serialNumber: form.serialNumber,
    deliveryDateQuestion: { questionId: form.deliveryDateQuestion.questionId, answer: '2026-10-01' },
    siteDeliveryQuestion: { questionId: form.siteDeliveryQuestion.questionId, answer: 'No' },
    questionGroups: form.questionGroups.map((group) => ({
      questionGroupId: group.questionGroupId,
      questions: group.questions.map((question) => ({ questionId: question.questionId, answer: answer(question) })),
    })),
    surveyAttachments: [gifPhoto],
  };
}

async function driverTypeId() {
  return (await t.db.select().from(driverTypes).orderBy(asc(driverTypes.id)).limit(1))[0]!.id;
}

/** A user of the admin's retail center 4218 whom one-time links are sent to (sorted first, so no other entry picks them). */
const linkUserId = once(async () => {
  const user = await ok<{ cmhUserId: number }>('POST', '/api/api/User/', 'admin', {
    body: {
      firstName: 'Lee',
      lastName: 'Abbott',
      userName: `lee.abbott.${randomUUID().slice(0, 8)}@smokymountainhomes.test`,
      isActive: true,
      roles: ['Service_Viewer'],
      retailerNumbers: ['4218'],
      password: 'Fuzz#2026!x',
      confirmPassword: 'Fuzz#2026!x',
    },
  });
  return user.cmhUserId;
});

/** The token of a new link for that user (with no mail server, SendLink answers the link itself). */
async function freshLinkToken() {
  const sent = await ok<SendLinkAnswer>('POST', '/api/api/User/SendLink', 'admin', { body: { cmhUserId: await linkUserId() } });
  return sent.link!.slice(sent.link!.lastIndexOf('/') + 1);
}
const openLinkToken = once(freshLinkToken);

/** A one-time code of the single sign-on callback for the demo service user, sealed with the app's secret. */
async function singleSignOnCode() {
  const { cmhUserId } = await ok<CmhUser>('GET', '/auth/api/Account/User', 'service');
  return seal(sealKeyOf(t.config.tokenSecret), 'outcome', {
    kind: 'signed-in',
    userId: cmhUserId,
    jti: randomUUID(),
    returnUrl: null,
    exp: Date.now() + OUTCOME_TTL_MS,
  });
}

/** The TOTP secrets of the demo users whose two-factor sign-in the suite turned on (issue 33 §2). */
const totpSecrets = new Map<string, string>();

/**
 * Two-factor sign-in on for a demo user (turned on through the API when it is off), and a code of now: the user's last
 * used step is cleared, so that the code of this step serves the valid request again after an accepted one.
 */
async function twoFactorCode(user: string, options: { fresh?: boolean } = {}) {
  const { cmhUserId } = await ok<CmhUser>('GET', '/auth/api/Account/User', user);
  const [row] = await t.db.select({ on: users.twoFactorEnabledAt }).from(users).where(eq(users.id, cmhUserId));
  let secret = totpSecrets.get(user);
  if (options.fresh || !row?.on || !secret) {
    await disableTwoFactor(t.db, cmhUserId);
    secret = (await ok<{ secret: string }>('POST', '/auth/api/Account/TwoFactor/Setup', user)).secret;
    await ok('POST', '/auth/api/Account/TwoFactor/Enable', user, { body: { code: await generate({ secret }) } });
    totpSecrets.set(user, secret);
  }
  await t.db.update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, cmhUserId));
  return { cmhUserId, code: await generate({ secret }) };
}

/* ---- one entry per write endpoint, keyed by method and path as routes/index.ts declares them ---- */

const entries: Record<string, FuzzEntry> = {
  'POST /auth/api/Account/Token': {
    passesParsing: 0.1,
    user: 'none',
    valid: () => ({ body: { Username: 'internal@demo.homesite.test', Password: 'Demo#2026!' } }),
    // A refused sign-in counts toward the lockout, and is in the audit trail (sign-in.failed, issue 29).
    writesWhenRefused: ['login_attempts', 'audit_events'],
  },
  'POST /auth/api/Account/Terms/': { passesParsing: 0.5, user: 'service', valid: () => ({}) },
  // Each request signs out a session of its own: with one shared session, every request after the first met 401.
  'POST /auth/api/Account/Logout': { passesParsing: 0.5, user: 'viewer', valid: () => ({}), sessionPerRequest: true },
  'PUT /api/Account': {
    passesParsing: 0.1,
    user: 'company',
    valid: async () => ({
      body: {
        firstName: 'Casey',
        lastName: 'Ward',
        password: '',
        confirmPassword: '',
        rowVersion: (await ok<{ rowVersion: number }>('GET', '/auth/api/Account/User', 'company')).rowVersion,
      },
    }),
  },
  'POST /api/api/User/': {
    passesParsing: 0.05,
    user: 'admin',
    valid: () => ({
      body: {
        firstName: 'Nina',
        lastName: 'Lopez',
        userName: `nina.${randomUUID().slice(0, 8)}@smokymountainhomes.test`,
        isActive: true,
        roles: ['Service_Viewer'],
        retailerNumbers: ['4218'],
        password: 'Fuzz#2026!x',
        confirmPassword: 'Fuzz#2026!x',
      },
    }),
  },
  'PUT /api/api/User/': {
    passesParsing: 0.05,
    user: 'admin',
    valid: async () => {
      const users = await ok<
        {
          cmhUserId: number;
          userName: string;
          firstName: string;
          lastName: string;
          isActive: boolean;
          roles: string[];
          retailers: { retailerNumber: string }[];
          rowVersion: number;
        }[]
      >('GET', '/api/api/User/', 'admin');
      const user = users.find((row) => row.userName.startsWith('nina.')) ?? users.at(-1)!;
      return {
        body: {
          cmhUserId: user.cmhUserId,
          firstName: user.firstName,
          lastName: user.lastName,
          userName: user.userName,
          isActive: user.isActive,
          roles: user.roles,
          retailerNumbers: user.retailers.map((r) => r.retailerNumber),
          rowVersion: user.rowVersion,
        },
      };
    },
  },
  // One-time links (issue 29). "Forgot password?" answers alike for any name and counts 3 requests a name an hour: the
  // valid request (a demo user's name) soon meets 429, which writes nothing, while the fuzzed names are each new.
  'POST /auth/api/Account/ForgotPassword': {
    passesParsing: 0.1,
    user: 'none',
    valid: () => ({ body: { userName: 'viewer@demo.homesite.test' } }),
  },
  // A link's status writes nothing: one open link serves every request.
  'POST /auth/api/Account/Link': {
    passesParsing: 0.05,
    user: 'none',
    valid: async () => ({ body: { token: await openLinkToken() } }),
  },
  // A link sets a password once: a fresh link each time. A used or unknown token is refused (410) and writes nothing.
  'POST /auth/api/Account/SetPassword': {
    passesParsing: 0.05,
    user: 'none',
    bodyFollowsRecord: true,
    valid: async () => ({ body: { token: await freshLinkToken(), password: 'Fuzz#2026!x', confirmPassword: 'Fuzz#2026!x' } }),
  },
  // Single sign-on's one-time code (issue 33 §1), as the callback seals it for a user it matched; each is taken once. The
  // session needs no provider: the code is all it reads. A refused code (used, expired, not this server's) writes nothing.
  'POST /auth/oidc/session': {
    passesParsing: 0.05,
    user: 'none',
    bodyFollowsRecord: true,
    valid: async () => ({ body: { code: await singleSignOnCode() } }),
  },
  // Each link sent ends the user's older one: the same user serves every request.
  // Two-factor sign-in (issue 33 §2). A setup key waiting for its code is replaced by the next one.
  'POST /auth/api/Account/TwoFactor/Setup': { passesParsing: 0.5, user: 'viewer', valid: () => ({}) },
  // A wrong code counts toward the code step's throttle (two_factor_attempts); an accepted one turns it on, so the next
  // valid request starts a new setup.
  'POST /auth/api/Account/TwoFactor/Enable': {
    passesParsing: 0.05,
    user: 'driver',
    bodyFollowsRecord: true,
    valid: async () => {
      const { cmhUserId } = await ok<CmhUser>('GET', '/auth/api/Account/User', 'driver');
      await disableTwoFactor(t.db, cmhUserId);
      const { secret } = await ok<{ secret: string }>('POST', '/auth/api/Account/TwoFactor/Setup', 'driver');
      return { body: { code: await generate({ secret }) } };
    },
    writesWhenRefused: ['two_factor_attempts'],
  },
  'POST /auth/api/Account/TwoFactor/Disable': {
    passesParsing: 0.05,
    user: 'sales',
    bodyFollowsRecord: true,
    valid: async () => ({ body: { password: DEFAULT_DEMO_PASSWORD, code: (await twoFactorCode('sales')).code } }),
    writesWhenRefused: ['two_factor_attempts'],
  },
  'POST /auth/api/Account/TwoFactor/RecoveryCodes': {
    passesParsing: 0.05,
    user: 'company',
    bodyFollowsRecord: true,
    valid: async () => ({ body: { code: (await twoFactorCode('company')).code } }),
    writesWhenRefused: ['two_factor_attempts'],
  },
  // The code step: the challenge of a password sign-in of the plant user, and a code. A refused code is counted and in
  // the audit trail (sign-in.failed, step code).
  'POST /auth/api/Account/TwoFactor/Verify': {
    passesParsing: 0.05,
    user: 'none',
    bodyFollowsRecord: true,
    valid: async () => {
      const { code } = await twoFactorCode('plant');
      const signIn = await t.call<{ challenge: string }>('POST', '/auth/api/Account/Token', {
        body: { Username: 'plant@demo.homesite.test', Password: DEFAULT_DEMO_PASSWORD },
      });
      return { body: { challenge: signIn.body.challenge, code } };
    },
    writesWhenRefused: ['two_factor_attempts', 'audit_events'],
  },
  // The admin resets the service user's two-factor sign-in; the next valid request turns it on again first.
  'POST /api/api/User/TwoFactorReset': {
    passesParsing: 0.05,
    user: 'admin',
    valid: async () => ({ body: { cmhUserId: (await twoFactorCode('service')).cmhUserId } }),
  },
  'POST /api/api/User/SendLink': {
    passesParsing: 0.05,
    user: 'admin',
    valid: async () => ({ body: { cmhUserId: await linkUserId() } }),
  },
  // The time zone of the admin's retail center 4218 (issue 30 §1): an accepted request sets one zone or clears it.
  'PUT /api/api/Locations/:kind/:number': {
    passesParsing: 0.05,
    user: 'admin',
    valid: () => ({ params: { kind: 'retailer', number: '4218' }, body: { timeZone: 'America/New_York' } }),
  },
  'POST /api/Support': {
    passesParsing: 0.05,
    user: 'service',
    valid: () => ({
      body: {
        name: 'Pat Owens',
        phone: '(865) 555-0101',
        priority: 'Normal',
        type: 'Question',
        message: 'Where do I find the parts catalog?',
      },
    }),
  },
  'POST /api/Survey/Feedback': {
    passesParsing: 0.05,
    user: 'service',
    valid: () => ({ body: { satisfaction: 4, worksWell: 'Quick.', improve: 'More.', mayContact: true } }),
  },
  'POST /api/api/Logger': {
    passesParsing: 0.1,
    user: 'service',
    valid: () => ({ body: { format: 'error', message: 'Failed to load quotes', exception: 'HttpError: 500' } }),
  },

  // Service requests and work orders (a fresh staged request where a write uses one up).
  'POST /api/service/CreateServiceRequest': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => {
      const home = await soldHome('4217');
      return { query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) } };
    },
  },
  'PUT /api/service/:serviceRequestId': {
    passesParsing: 0.2,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      return { params: { serviceRequestId: request.serviceRequestId }, body: requestInfo(request) };
    },
  },
  'DELETE /api/service/:serviceRequestId': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { serviceRequestId: (await stagedRequest()).serviceRequestId } }),
  },
  'POST /api/Service/:serviceRequestId/SubmitServiceRequest': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { serviceRequestId: (await submittableRequest()).serviceRequestId } }),
  },
  'PUT /api/service/workorders/:workOrderId': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      return { params: { workOrderId: order.vantageWorkOrderId! }, body: workOrderInfo(order) };
    },
  },
  'PUT /api/service/workorders/:workOrderId/submit': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      await ok('PUT', `/api/service/workorders/${order.vantageWorkOrderId}`, 'service', { body: workOrderInfo(order) });
      return { params: { workOrderId: order.vantageWorkOrderId! } };
    },
  },
  'PUT /api/service/workorders/:workOrderId/archive': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { workOrderId: (await closedWorkOrder()).vantageWorkOrderId! } }),
  },
  'POST /api/service/:serviceRequestId/items': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { serviceRequestId: (await stagedRequest()).serviceRequestId }, body: serviceItem }),
  },
  'PUT /api/service/:serviceRequestId/items/:itemId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const item = await ok<{ serviceRequestItemId: number; rowVersion: number }>(
        'POST',
        `/api/service/${request.serviceRequestId}/items`,
        'service',
        { body: serviceItem },
      );
      return {
        params: { serviceRequestId: request.serviceRequestId, itemId: item.serviceRequestItemId },
        body: { ...serviceItem, rowVersion: item.rowVersion },
      };
    },
  },
  'DELETE /api/service/:serviceRequestId/items/:itemId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const item = await ok<{ serviceRequestItemId: number }>('POST', `/api/service/${request.serviceRequestId}/items`, 'service', {
        body: serviceItem,
      });
      return { params: { serviceRequestId: request.serviceRequestId, itemId: item.serviceRequestItemId } };
    },
  },
  'POST /api/service/workorders/:workOrderId/lineitems': {
    passesParsing: 0.05,
    user: 'service',
    valid: async () => ({ params: { workOrderId: (await openWorkOrder()).vantageWorkOrderId! }, body: serviceItem }),
  },
  'PUT /api/service/workorders/:workOrderId/lineitems/:lineItemId': {
    passesParsing: 0.05,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const item = await ok<{ serviceRequestItemId: number; rowVersion: number }>(
        'POST',
        `/api/service/workorders/${order.vantageWorkOrderId}/lineitems`,
        'service',
        { body: serviceItem },
      );
      return {
        params: { workOrderId: order.vantageWorkOrderId!, lineItemId: item.serviceRequestItemId },
        body: { ...serviceItem, rowVersion: item.rowVersion },
      };
    },
  },
  'DELETE /api/service/workorders/:workOrderId/lineitems/:lineItemId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const item = await ok<{ serviceRequestItemId: number }>(
        'POST',
        `/api/service/workorders/${order.vantageWorkOrderId}/lineitems`,
        'service',
        { body: serviceItem },
      );
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: item.serviceRequestItemId } };
    },
  },
  'POST /api/Service/:serviceRequestId/PartsOrder/:partsOrderId': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      return {
        params: { serviceRequestId: request.serviceRequestId, partsOrderId: request.partsOrderId ?? request.serviceRequestId },
        body: servicePart,
      };
    },
  },
  'PUT /api/Service/:serviceRequestId/PartsOrder/:partsOrderId/PartsItem/:itemId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const partsOrderId = request.partsOrderId ?? request.serviceRequestId;
      const part = await ok<{ partsOrderItemId: number; rowVersion: number }>(
        'POST',
        `/api/Service/${request.serviceRequestId}/PartsOrder/${partsOrderId}`,
        'service',
        { body: servicePart },
      );
      return {
        params: { serviceRequestId: request.serviceRequestId, partsOrderId, itemId: part.partsOrderItemId },
        body: { ...servicePart, rowVersion: part.rowVersion },
      };
    },
  },
  'DELETE /api/Service/:serviceRequestId/PartsOrder/:partsOrderId/PartsItem/:itemId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const partsOrderId = request.partsOrderId ?? request.serviceRequestId;
      const part = await ok<{ partsOrderItemId: number }>(
        'POST',
        `/api/Service/${request.serviceRequestId}/PartsOrder/${partsOrderId}`,
        'service',
        { body: servicePart },
      );
      return { params: { serviceRequestId: request.serviceRequestId, partsOrderId, itemId: part.partsOrderItemId } };
    },
  },
  'POST /api/service/workorders/:workOrderId/partsitems': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { workOrderId: (await openWorkOrder()).vantageWorkOrderId! }, body: servicePart }),
  },
  'PUT /api/service/workorders/:workOrderId/partsitems/:lineItemId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const part = await ok<{ partsOrderItemId: number; rowVersion: number }>(
        'POST',
        `/api/service/workorders/${order.vantageWorkOrderId}/partsitems`,
        'service',
        { body: servicePart },
      );
      return {
        params: { workOrderId: order.vantageWorkOrderId!, lineItemId: part.partsOrderItemId },
        body: { ...servicePart, rowVersion: part.rowVersion },
      };
    },
  },
  'DELETE /api/service/workorders/:workOrderId/partsitems/:lineItemId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const part = await ok<{ partsOrderItemId: number }>(
        'POST',
        `/api/service/workorders/${order.vantageWorkOrderId}/partsitems`,
        'service',
        { body: servicePart },
      );
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: part.partsOrderItemId } };
    },
  },
  // Attachments are uploaded as multipart forms: their forms are fuzzed (fuzz/multipart.ts); JSON texts and odd paths are refused.
  'POST /api/Service/:plantNumber/:serviceRequestNumber/:serviceRequestId/ServiceAttachment': {
    passesParsing: 0.1,
    handlerParsesBody: true,
    user: 'service',
    valid: async () => {
      const request = await uploadRequest();
      return {
        params: {
          plantNumber: request.plantNumber,
          serviceRequestNumber: request.serviceRequestNumber,
          serviceRequestId: request.serviceRequestId,
        },
        form: attachmentForm,
      };
    },
  },
  'PUT /api/Service/:serviceRequestId/:plantNumber/:serviceRequestNumber/ServiceAttachment/:attachmentId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const attachment = await uploadAttachment(
        `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`,
      );
      return {
        params: {
          serviceRequestId: request.serviceRequestId,
          plantNumber: request.plantNumber,
          serviceRequestNumber: request.serviceRequestNumber,
          attachmentId: attachment.serviceAttachmentId,
        },
        body: { attachmentType: 2, description: 'Receipt', amount: 12.5, rowVersion: attachment.rowVersion },
      };
    },
  },
  'DELETE /api/Service/:serviceRequestId/:plantNumber/:serviceRequestNumber/ServiceAttachment/:attachmentId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const attachment = await uploadAttachment(
        `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`,
      );
      return {
        params: {
          serviceRequestId: request.serviceRequestId,
          plantNumber: request.plantNumber,
          serviceRequestNumber: request.serviceRequestNumber,
          attachmentId: attachment.serviceAttachmentId,
        },
      };
    },
  },
  'POST /api/Service/workorders/:workOrderId/attachments': {
    passesParsing: 0.1,
    handlerParsesBody: true,
    user: 'service',
    valid: async () => ({ params: { workOrderId: (await uploadWorkOrder()).vantageWorkOrderId! }, form: attachmentForm }),
  },
  'PUT /api/Service/workorders/:workOrderId/attachments/:contentDocumentId': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const attachment = await uploadAttachment(`/api/Service/workorders/${order.vantageWorkOrderId}/attachments`);
      return {
        params: { workOrderId: order.vantageWorkOrderId!, contentDocumentId: attachment.contentDocumentId },
        body: { attachmentType: 2, description: 'Receipt', amount: 12.5, rowVersion: attachment.rowVersion },
      };
    },
  },
  'DELETE /api/Service/workorders/:workOrderId/attachments/:contentDocumentId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const attachment = await uploadAttachment(`/api/Service/workorders/${order.vantageWorkOrderId}/attachments`);
      return { params: { workOrderId: order.vantageWorkOrderId!, contentDocumentId: attachment.contentDocumentId } };
    },
  },

  // Warranty cards.
  'POST /api/Warranty': { passesParsing: 0.1, user: 'service', valid: async () => ({ body: warrantyCard(await homeWithoutCard()) }) },
  'PUT /api/Warranty': {
    passesParsing: 0.2,
    user: 'service',
    valid: async () => {
      const [row] = await t.db
        .select({ homeId: homes.id })
        .from(homes)
        .innerJoin(warrantyCards, eq(warrantyCards.homeId, homes.id))
        .where(and(eq(homes.retailerNumber, '4217'), eq(warrantyCards.statusCode, 'A')))
        .orderBy(asc(homes.id))
        .limit(1);
      const loaded = await ok<Record<string, unknown>>('GET', `/api/assets/${row!.homeId}/warranty`, 'service');
      return { body: { ...loaded, firstName: 'Dorothy', homeAddressSameAsOwner: false } };
    },
  },

  // Parts orders.
  'POST /api/Parts': {
    passesParsing: 0.05,
    user: 'service',
    valid: async () => {
      const home = await soldHome('4217');
      return { body: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber } };
    },
  },
  // The ship-to must be one the chooser offers: the order's own default (the retailer's first location) is one. An
  // accepted choice leaves the order staged, so one order serves every request at its row version of the moment.
  'PUT /api/Parts/:partsOrderId': {
    passesParsing: 0.05,
    user: 'service',
    bodyFollowsRecord: true,
    valid: async () => {
      const order = await shipToOrder();
      const [row] = await t.db
        .select({ rowVersion: partsOrders.rowVersion })
        .from(partsOrders)
        .where(eq(partsOrders.id, order.partsOrderId));
      const shipTo = {
        shipToType: order.shipToType,
        shipToAddressName: order.shipToAddressName,
        shipToStreetAddress1: order.shipToStreetAddress1,
        shipToCity: order.shipToCity,
        shipToState: order.shipToState,
        shipToZipcode: order.shipToZipcode,
      };
      return { params: { partsOrderId: order.partsOrderId }, body: { ...shipTo, rowVersion: row!.rowVersion } };
    },
  },
  'DELETE /api/Parts/:partsOrderId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => ({ params: { partsOrderId: (await stagedPartsOrder()).partsOrderId } }),
  },
  'POST /api/Parts/Close': {
    passesParsing: 0.05,
    user: 'service',
    valid: async () => ({ body: { vantagePartsRequestId: (await receivedPartsOrder()).vantagePartsRequestId } }),
  },
  'POST /api/Parts/:partsOrderId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const order = await stagedPartsOrder();
      await ok('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, 'service', { body: servicePart });
      return { params: { partsOrderId: order.partsOrderId } };
    },
  },
  // A receipt settles a shipped order (all correct: Received; a correct part stays correct): a fresh one each time.
  'PUT /api/Parts/:plantNumber/:partsLogNumber/PartsReceived': {
    passesParsing: 0.1,
    user: 'service',
    bodyFollowsRecord: true,
    valid: async () => {
      const order = await shippedPartsOrders();
      return {
        params: { plantNumber: order.plantNumber, partsLogNumber: order.partsLogNumber! },
        body: { items: order.itemIds.map((id) => ({ partsOrderItemId: id, isCorrect: true, incorrectPartMessage: '' })) },
      };
    },
  },
  'PUT /api/Parts/vantage/:partsRequestId': {
    passesParsing: 0.1,
    user: 'service',
    bodyFollowsRecord: true,
    valid: async () => {
      const order = await shippedPartsOrders();
      return {
        params: { partsRequestId: order.vantagePartsRequestId! },
        body: {
          items: order.itemIds.map((id, n) => ({
            partsOrderItemId: id,
            isCorrect: n > 0,
            incorrectPartMessage: n > 0 ? '' : 'Wrong colour',
          })),
        },
      };
    },
  },
  'POST /api/Parts/:partsOrderId/PartsItem': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => ({ params: { partsOrderId: (await itemsOrder()).partsOrderId }, body: servicePart }),
  },
  'PUT /api/Parts/:partsOrderId/PartsItem/:partsOrderItemId': {
    passesParsing: 0.15,
    user: 'service',
    valid: async () => {
      const order = await itemsOrder();
      const item = await ok<{ partsOrderItemId: number; rowVersion: number }>(
        'POST',
        `/api/Parts/${order.partsOrderId}/PartsItem`,
        'service',
        { body: servicePart },
      );
      return {
        params: { partsOrderId: order.partsOrderId, partsOrderItemId: item.partsOrderItemId },
        body: { ...servicePart, rowVersion: item.rowVersion },
      };
    },
  },
  'DELETE /api/Parts/:partsOrderId/PartsItem/:partsOrderItemId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const order = await itemsOrder();
      const item = await ok<{ partsOrderItemId: number }>('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, 'service', {
        body: servicePart,
      });
      return { params: { partsOrderId: order.partsOrderId, partsOrderItemId: item.partsOrderItemId } };
    },
  },

  // Parts catalog administration (plant 910 is the plant user's).
  'POST /api/PartsCatalog': {
    passesParsing: 0.1,
    user: 'plant',
    valid: async () => {
      const [choice] = await ok<{ categoryNumber: string; commodityNumber: string; partNumber: string; subPartNumber: string }[]>(
        'GET',
        '/api/PartsCatalog/GetPartsNotInCatalog',
        'plant',
        { query: { plantNumber: '910', categoryNumber: '30', commodityNumber: '310' } },
      );
      if (!choice)
        return {
          body: {
            plantNumber: '910',
            categoryNumber: '30',
            commodityNumber: '310',
            partNumber: '20137',
            subPartNumber: '',
            friendlyDescription: 'Kitchen faucet',
            notes: '',
            base64Image: PNG_BASE64,
          },
        };
      return {
        body: {
          plantNumber: '910',
          categoryNumber: choice!.categoryNumber,
          commodityNumber: choice!.commodityNumber,
          partNumber: choice!.partNumber,
          subPartNumber: choice!.subPartNumber,
          friendlyDescription: 'Kitchen faucet, contractor pack',
          notes: 'For the trucks.',
          base64Image: PNG_BASE64,
        },
      };
    },
  },
  'POST /api/PartsCatalog/UpdateChangeRequest': {
    passesParsing: 0.1,
    user: 'plant',
    valid: async () => {
      const [pending] = await t.db
        .select()
        .from(partsCatalog)
        .where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.approved, false)))
        .limit(1);
      return {
        body: {
          approvedPart: null,
          pendingPart: { partsCatalogId: pending?.id ?? 1, friendlyDescription: 'Approved text' },
          isApproved: true,
          comment: 'Fine',
        },
      };
    },
  },
  'POST /api/PartsCatalog/RemovePartDescription': {
    passesParsing: 0.05,
    user: 'plant',
    valid: async () => {
      const [part] = await t.db
        .select()
        .from(partsCatalog)
        .where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.approved, true)))
        .orderBy(asc(partsCatalog.id))
        .limit(1);
      return { body: { partsCatalogId: part!.id, plantNumber: '910' } };
    },
  },
  // A change request can be reverted once: a fresh approved one each time.
  'POST /api/PartsCatalog/RevertChangeResult': {
    passesParsing: 0.05,
    user: 'plant',
    valid: async () => ({ body: (await revertibleChanges()).id }),
  },

  // Sales.
  'PUT /mch-quote-api/copyiseriesquote': {
    passesParsing: 0.05,
    user: 'sales',
    valid: async () => {
      const [order] = await t.db.select().from(salesOrders).where(eq(salesOrders.retailerNumber, '4217')).limit(1);
      return { body: { orderNumber: order!.orderNumber, plantNumber: order!.plantNumber } };
    },
  },
  'POST /mch-quote-api/set-lock-status/:quoteId/false/:userId': {
    passesParsing: 0.15,
    user: 'sales',
    valid: async () => ({ params: { quoteId: (await salesQuote()).id, userId: await salesUserId() } }),
  },
  'DELETE /mch-quote-api/:quoteId/:modifiedBy': {
    passesParsing: 0.1,
    user: 'sales',
    valid: async () => ({ params: { quoteId: (await salesQuote()).id, modifiedBy: await salesUserId() } }),
  },
  'POST /api/Lead': { passesParsing: 0.05, user: 'sales', valid: async () => ({ body: { leadId: (await openLead()).id, status: 'C' } }) },
  'POST /crm/webapi/api/Prospects/Lead': {
    passesParsing: 0.05,
    user: 'sales',
    valid: async () => ({ body: { leadId: (await openLead()).id } }),
  },

  // Delivery reports.
  'POST /api/DeliveryForm': { passesParsing: 0.1, user: 'service', valid: async () => ({ body: await deliveryReport() }) },
  'POST /api/Survey/SurveyAttachment': {
    passesParsing: 0.1,
    user: 'service',
    valid: async () => ({ body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto } }),
  },
  'PUT /api/Survey/SurveyAttachment/:surveyAttachmentId': {
    passesParsing: 0.25,
    user: 'service',
    valid: async () => {
      const added = await ok<{ surveyAttachmentId: number; rowVersion: number }>('POST', '/api/Survey/SurveyAttachment', 'service', {
        body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto },
      });
      return {
        params: { surveyAttachmentId: added.surveyAttachmentId },
        body: { description: 'Kitchen', amount: 12.5, rowVersion: added.rowVersion },
      };
    },
  },
  'DELETE /api/Survey/SurveyAttachment/:surveyAttachmentId': {
    passesParsing: 0.01,
    user: 'service',
    valid: async () => {
      const added = await ok<{ surveyAttachmentId: number }>('POST', '/api/Survey/SurveyAttachment', 'service', {
        body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto },
      });
      return { params: { surveyAttachmentId: added.surveyAttachmentId } };
    },
  },

  // Drivers.
  'POST /api/transportation/drivers': {
    passesParsing: 0.05,
    user: 'driver',
    valid: async () => {
      const [employee] = await t.db
        .select()
        .from(hbgEmployees)
        .leftJoin(drivers, eq(drivers.employeeNumber, hbgEmployees.employeeNumber))
        .where(isNull(drivers.employeeNumber))
        .limit(1);
      return { body: { employee: { employeeNumber: employee!.hbg_employees.employeeNumber }, driverType: { id: await driverTypeId() } } };
    },
  },
  'PUT /api/transportation/drivers/:employeeNumber': {
    passesParsing: 0.05,
    user: 'driver',
    valid: async () => {
      const [driver] = await t.db.select().from(drivers).orderBy(asc(drivers.employeeNumber)).limit(1);
      return {
        params: { employeeNumber: driver!.employeeNumber },
        body: {
          employee: { employeeNumber: driver!.employeeNumber },
          driverType: { id: await driverTypeId() },
          rowVersion: driver!.rowVersion,
        },
      };
    },
  },
  'POST /api/transportation/hbgemployees/search': {
    passesParsing: 0.15,
    user: 'driver',
    valid: () => ({ body: { firstName: 'J', lastName: '' } }),
  },
  // The import endpoint's caller is an API key (tokens.importKey), and its body one JSON Lines row; every request the
  // key makes notes its use, refused or not.
  'POST /api/import/:kind': {
    passesParsing: 0.01,
    handlerParsesBody: true,
    user: 'importKey',
    valid: () => ({
      params: { kind: 'plants' },
      query: { format: 'jsonl' },
      body: { plantNumber: '977', name: 'Fuzz Hollow', serialPrefix: 'FZH', city: 'Clinton', state: 'TN', zipCode: '37716' },
    }),
    writesWhenRefused: ['api_keys'],
  },
};

/* ---- the run ---- */

const writeRoutes = allRoutes.filter((route) => route.method !== 'GET');

/** A handle on `db` that counts the transactions opened through it. */
function countingTransactions(db: Database) {
  let opened = 0;
  const counted = Object.create(db) as Database;
  counted.transaction = ((...args: Parameters<Database['transaction']>) => {
    opened += 1;
    return db.transaction(...args);
  }) as Database['transaction'];
  return { db: counted, opened: () => opened };
}

/**
 * The app the fuzzed requests go to: the app under test, over a handle that counts transactions. A write's
 * transaction is opened only after every check of the request (token, roles, path, query, body, scope,
 * Idempotency-Key: http/route.ts), and the import's once its file was read (routes/import.ts): a request that opened
 * one reached its handler. The records the valid requests act on are made through t.app, and not counted.
 */
let fuzzApp: App;
let fuzzCall: ReturnType<typeof callerFor>;
let transactionsOpened: () => number;

/**
 * A new session of a demo user without a sign-in: a token from the server's own token service and the app's secret,
 * as sign-in issues it once the password is checked (routes/session.ts). Microseconds, where a sign-in spends tens of
 * milliseconds on the password hash.
 */
let newSession: (user: string) => Promise<string>;

/**
 * Registers the suite for part `part` of `parts` of the write endpoints (every `parts`-th one), each part a test file
 * with a database of its own, so that the parts run side by side on the test run's workers.
 */
export function fuzzWriteEndpoints(part: number, parts: number) {
  const mine = writeRoutes.filter((_, index) => index % parts === part);

  beforeAll(async () => {
    t = await createTestContext();
    for (const key of ['service', 'admin', 'sales', 'plant', 'driver', 'company', 'viewer']) tokens[key] = await t.login(key);
    tokens.importKey = (await createApiKey(t.db, 'fuzz')).key;
    rowWrites = await countRowWrites(t.db);

    const counting = countingTransactions(t.db);
    fuzzApp = createApp({ db: counting.db, config: t.config });
    fuzzCall = callerFor(fuzzApp);
    transactionsOpened = counting.opened;

    const tokenService = createTokenService(t.config.tokenSecret);
    const profiles = new Map<string, Promise<CmhUser>>();
    newSession = async (user) => {
      if (!profiles.has(user)) profiles.set(user, ok<CmhUser>('GET', '/auth/api/Account/User', user));
      const { cmhUserId, userName, retailerNumber } = await profiles.get(user)!;
      // The user's token generation as it is now: a token of an older one is refused (one clock, issue 22 §4).
      const [row] = await t.db.select({ tokenGeneration: users.tokenGeneration }).from(users).where(eq(users.id, cmhUserId));
      return tokenService.issue({ cmhUserId, userName, retailerNumber, tokenGeneration: row!.tokenGeneration });
    };
  });
  afterAll(() => t.close());

  if (part === 0)
    it('has a fuzz entry for every write endpoint of the server, and none for an endpoint that is gone', () => {
      const declared = writeRoutes.map((route) => `${route.method} ${route.path}`).sort();
      expect(Object.keys(entries).sort()).toEqual(declared);
    });

  /** A path segment as a client would encode it; a lone surrogate goes as the malformed UTF-8 a careless client sends. */
  const pathSegment = (text: string) =>
    Array.from(text, (character) => {
      try {
        return encodeURIComponent(character);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');

  /** Generated path or query values as the texts a URL carries. */
  function asTexts(values: unknown, encode: (text: string) => string): Record<string, string> {
    if (!values || typeof values !== 'object' || Array.isArray(values)) return {};
    return Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, encode(typeof value === 'string' ? value : bodyText(value))]),
    );
  }

  interface Sent {
    params: Record<string, string | number>;
    text?: string;
    /** A multipart body (bytes and its Content-Type) in place of text. */
    multipart?: MultipartRequest;
    contentType?: string;
    query?: Record<string, string>;
  }

  /** A request whose body is bytes (t.call sends text or JSON): a token and an Idempotency-Key as the client sends them. */
  async function callWithBytes(
    method: string,
    path: string,
    token: string | undefined,
    body: MultipartRequest,
    query?: Record<string, string>,
  ) {
    const headers: Record<string, string> = { 'content-type': body.contentType, [IDEMPOTENCY_HEADER]: randomUUID() };
    if (token) headers.authorization = `Bearer ${token}`;
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const response = await fuzzApp.request(`${path}${search}`, { method, headers, body: body.bytes });
    const text = await response.text();
    return {
      status: response.status,
      body: text && (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : text,
    };
  }

  /** Every endpoint's count of 2xx answers, for the check that none went without one. */
  const accepted = new Map<string, number>();

  describe.each(mine.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (name, route) => {
    it('answers no 5xx and changes no row when it refuses', async () => {
      const entry = entries[name];
      if (!entry) throw new Error(`no fuzz entry for ${name}`);
      let current = await entry.valid();
      const statuses = new Map<number, number>();
      let passedParsing = 0;
      let writes = await rowWrites();

      async function send(sent: Sent) {
        const path = route.path.replace(/:(\w+)/g, (_, param: string) => String(sent.params[param] ?? `:${param}`));
        const headers: Record<string, string> = {};
        if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
        const token = entry!.sessionPerRequest ? await newSession(entry!.user) : tokens[entry!.user];
        const transactionsBefore = transactionsOpened();
        const result = sent.multipart
          ? await callWithBytes(route.method, path, token, sent.multipart, sent.query)
          : await fuzzCall(route.method, path, { token, body: sent.text, headers, query: sent.query });
        if (transactionsOpened() > transactionsBefore && !(entry!.handlerParsesBody && [400, 413, 422].includes(result.status)))
          passedParsing += 1;
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        if (statuses.size === 1 && statuses.get(result.status) === 1)
          console.info(`${name} valid request: ${result.status} ${String(JSON.stringify(result.body)).slice(0, 300)}`);
        const sentText = sent.multipart ? Buffer.from(sent.multipart.bytes).toString('latin1') : (sent.text ?? '');
        const said = () =>
          `${route.method} ${path.slice(0, 200)}${sent.query ? `?${new URLSearchParams(sent.query).toString().slice(0, 200)}` : ''} ${String(sent.multipart?.contentType ?? sent.contentType)} ${JSON.stringify(sentText.slice(0, 600))} → ${result.status} ${String(JSON.stringify(result.body)).slice(0, 400)}`;
        expect(result.status, said()).toBeLessThan(500);
        // Counted from here on before the check, so that the requests fast-check sends while shrinking a failure are
        // each judged by their own writes.
        const before = writes;
        writes = await rowWrites();
        if (result.status >= 400) {
          const changed = changedTables(before, writes).filter((table) => !entry!.writesWhenRefused?.includes(table));
          expect(changed, `refused but changed rows: ${said()}`).toEqual([]);
        }
        // Only an accepted request moves its record on. A refusal, 409 included, changed no row (checked above): the
        // valid request of the moment still holds, and making a fresh record for it would test nothing more.
        if (result.status < 300) {
          current = await entry!.valid();
          writes = await rowWrites();
        }
      }

      const validText = () => (current.body === undefined ? undefined : bodyText(current.body));
      const validForm = () => (current.form ? multipartRequest(current.form) : undefined);
      const fixed: (() => Sent)[] = [
        () => ({ params: current.params ?? {}, text: validText(), multipart: validForm(), query: current.query }),
        ...INVALID_JSON.map((text) => () => ({ params: current.params ?? {}, text, query: current.query })),
        ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''].map(
          (contentType) => () => ({ params: current.params ?? {}, text: validText() ?? '{}', contentType, query: current.query }),
        ),
        () => ({ params: current.params ?? {}, text: JSON.stringify({ padding: 'x'.repeat(1_100_000) }), query: current.query }),
        () => ({ params: current.params ?? {}, text: '', query: current.query }),
        ...Object.keys(current.params ?? {}).flatMap((param) =>
          ODD_PATH_PARAMETERS.map((odd) => () => ({
            params: { ...current.params, [param]: odd },
            text: validText(),
            multipart: validForm(),
            query: current.query,
          })),
        ),
        // An upload larger than the server takes.
        ...(current.form
          ? [
              () => ({
                params: current.params ?? {},
                multipart: multipartRequest({
                  ...current.form!,
                  files: current.form!.files.map((file) => ({ ...file, bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(7) })),
                }),
                query: current.query,
              }),
            ]
          : []),
      ];
      for (const sent of fixed) await send(sent());

      // A body is fuzzed where the endpoint reads one, an upload's form where it takes one; an endpoint without either
      // gets its path and query fuzzed instead.
      const numRuns = Math.max(BODIES_PER_ENDPOINT - fixed.length, 1);
      if (current.form) {
        await fc.assert(
          fc.asyncProperty(formsAround(current.form), (multipart) =>
            send({ params: current.params ?? {}, multipart, query: current.query }),
          ),
          { numRuns },
        );
      } else if (current.body !== undefined && entry.bodyFollowsRecord) {
        await fc.assert(
          fc.asyncProperty(mutationsAround(current.body), (change) =>
            send({ params: current.params ?? {}, text: bodyText(change(current.body)), query: current.query }),
          ),
          { numRuns },
        );
      } else if (current.body !== undefined) {
        await fc.assert(
          fc.asyncProperty(bodiesAround(current.body), (body) =>
            send({ params: current.params ?? {}, text: bodyText(body), query: current.query }),
          ),
          { numRuns },
        );
      } else {
        await fc.assert(
          fc.asyncProperty(bodiesAround({ params: current.params ?? {}, query: current.query ?? {} }), async (generated) => {
            const { params, query } = (generated ?? {}) as { params?: unknown; query?: unknown };
            await send({ params: asTexts(params, pathSegment), query: asTexts(query, (text) => text) });
          }),
          { numRuns },
        );
      }
      const sentCount = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      const passedShare = passedParsing / sentCount;
      console.info(
        `${name}: ${[...statuses]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}; passed parsing ${passedParsing}/${sentCount} (${(100 * passedShare).toFixed(1)}%)`,
      );
      const successes = [...statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, n]) => sum + n, 0);
      accepted.set(name, successes);
      // The valid request, at least, must reach the endpoint's write: a fuzz run that only meets refusals tests the refusals alone.
      expect(successes, `${name} never answered 2xx: its valid request is refused or its state is spent`).toBeGreaterThan(0);
      expect(passedShare, `${name}: only ${passedParsing} of ${sentCount} requests passed parsing`).toBeGreaterThanOrEqual(
        entry.passesParsing,
      );
    }, 120_000);
  });

  it('met a 2xx at each of its write endpoints (none fuzzed only around refusals)', () => {
    const without = mine.map((route) => `${route.method} ${route.path}`).filter((name) => !accepted.get(name));
    expect(without).toEqual([]);
  });
}
