import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, QUESTION_TYPES, RECEIVED_ORDER_STATUS, SHIPPED_ORDER_STATUS, type DeliveryReport, type ServiceRequest, type SurveyQuestion } from '../../src/contract';
import {
  driverTypes, drivers, hbgEmployees, homes, leads, partsCatalog, partsCatalogHistory, partsOrderItems, partsOrders, quotes, salesOrders, serviceRequests, submittedSurveys, warrantyCards,
} from '../../src/server/db/schema';
import { allRoutes } from '../../src/server/routes';
import { createTestContext, type TestContext } from './harness';
import { INVALID_JSON, ODD_PATH_PARAMETERS, bodiesAround, bodyText } from './fuzz/mutations';
import { changedTables, countRowWrites } from './fuzz/row-writes';

/*
 * Issue 14 §2: every write endpoint, from one valid request, gets at least BODIES_PER_ENDPOINT requests around it
 * (bodies, raw texts, content types, path parameters). None may answer 5xx, and a refused one (4xx) may change no row.
 */

const BODIES_PER_ENDPOINT = 1000;

let t: TestContext;
const tokens: Record<string, string> = {};
let rowWrites: Awaited<ReturnType<typeof countRowWrites>>;

interface ValidRequest {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string>;
}

interface FuzzEntry {
  /** The demo user who may call it. */
  user: string;
  /** One valid request; asked again after each accepted one, since the record may have moved on (row version, deleted). */
  valid: () => Promise<ValidRequest> | ValidRequest;
  /** Tables a refusal writes on purpose (failed sign-ins count toward the lockout). */
  writesWhenRefused?: string[];
}

/* ---- records the valid requests act on ---- */

async function soldHome(retailerNumber: string) {
  const [home] = await t.db.select().from(homes).where(and(eq(homes.retailerNumber, retailerNumber), isNotNull(homes.soldDate))).orderBy(asc(homes.id)).limit(1);
  return home!;
}

async function ok<T>(method: string, path: string, user: string, options: { body?: unknown; query?: Record<string, string> } = {}) {
  const result = await t.call<T>(method, path, { token: tokens[user], ...options });
  if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

async function stagedRequest(): Promise<ServiceRequest> {
  const home = await soldHome('4217');
  return ok<ServiceRequest>('POST', '/api/service/CreateServiceRequest', 'service', { query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) } });
}

const requestInfo = (request: ServiceRequest) => ({
  requestType: request.requestType,
  caseSubject: request.caseSubject || 'Door will not latch',
  caseDescription: request.caseDescription || 'The front door does not latch.',
  technician: request.technician,
  requestDate: request.requestDate,
  scheduledDate: request.scheduledDate,
  performedDate: request.performedDate,
  startDate: request.startDate,
  endDate: request.endDate,
  tripTime: request.tripTime,
  mileage: request.mileage,
  otherCosts: request.otherCosts,
  signatureOnFile: request.signatureOnFile,
  isUnderWarranty: request.isUnderWarranty,
  rowVersion: request.rowVersion,
});

/** A work order's information with the performed date its edits need. */
const workOrderInfo = (order: ServiceRequest) => ({ ...requestInfo(order), performedDate: order.requestDate });

const serviceItem = { problemDescription: 'Front door will not latch', determinedCause: 'Strike plate out of alignment', actionTaken: 'Realigned strike plate', partsCost: 10, laborHours: 2, isTwoMan: false };
const servicePart = { categoryNumber: '10', commodityNumber: '120', partNumber: '44871', partDescription: 'Strike plate', billingCode: 'Warranty', unitOfMeasure: 'EA', quantity: 2 };

/** A staged request that may be submitted: a request type and a service item. */
async function submittableRequest() {
  const request = await stagedRequest();
  await ok('PUT', `/api/service/${request.serviceRequestId}`, 'service', { body: { ...requestInfo(request), requestType: 'A' } });
  await ok('POST', `/api/service/${request.serviceRequestId}/items`, 'service', { body: serviceItem });
  return request;
}

/** A new open work order: a request of our own, submitted. */
async function openWorkOrder() {
  const request = await submittableRequest();
  return ok<ServiceRequest>('POST', `/api/Service/${request.serviceRequestId}/SubmitServiceRequest`, 'service');
}

/** A seeded closed work order (Payment Completed) of retailer 4217, not archived while one is left (then archiving it again is refused). */
async function closedWorkOrder() {
  const rows = await t.db.select().from(serviceRequests).where(and(eq(serviceRequests.retailerNumber, '4217'), eq(serviceRequests.status, 'P'), isNotNull(serviceRequests.vantageWorkOrderId)));
  const row = rows.find((candidate) => !candidate.isArchived) ?? rows[0];
  if (!row) throw new Error('no seeded closed work order');
  return row;
}

/** A 1×1 PNG and GIF. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const gifPhoto = { imageFileName: 'pixel.gif', base64Image: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', description: 'Front of the home', amount: 0 };

async function uploadAttachment(path: string) {
  const form = new FormData();
  form.set('attachmentType', '1');
  form.set('description', 'Hall');
  form.set('file', new File([Buffer.from(PNG_BASE64, 'base64')], 'hall.png', { type: 'image/png' }));
  const response = await t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${tokens.service}`, [IDEMPOTENCY_HEADER]: randomUUID() }, body: form });
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
  plantNumber: home.plantNumber, serialNumber: home.serialNumber, firstName: 'Loretta', lastName: 'Hill', emailAddress: 'loretta.hill@example.com', address1: '77 Dogwood Trail', address2: 'Lot 3',
  city: 'Clinton', state: 'TN', zipCode: '37716', areaCode: '', phoneNumber: '(865) 555-0177', soldDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), homeAddressSameAsOwner: true,
});

async function stagedPartsOrder() {
  const home = await soldHome('4217');
  return ok<{ partsOrderId: number; rowVersion: number }>('POST', '/api/Parts', 'service', { body: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber } });
}

async function partsOrderIn(status: string) {
  const [order] = await t.db.select().from(partsOrders).where(and(eq(partsOrders.retailerNumber, '4217'), eq(partsOrders.status, status), isNotNull(partsOrders.vantagePartsRequestId))).limit(1);
  if (!order) throw new Error(`no seeded parts order in ${status}`);
  return order;
}

/** A received order to close: a seeded one not closed yet, or else a shipped one with its unmarked parts marked received. */
async function receivedPartsOrder() {
  const [received] = await t.db
    .select()
    .from(partsOrders)
    .where(and(eq(partsOrders.retailerNumber, '4217'), eq(partsOrders.status, RECEIVED_ORDER_STATUS), eq(partsOrders.isClosed, false), isNotNull(partsOrders.vantagePartsRequestId)))
    .limit(1);
  if (received) return received;
  const order = await partsOrderIn(SHIPPED_ORDER_STATUS);
  const items = await t.db.select().from(partsOrderItems).where(and(eq(partsOrderItems.partsOrderId, order.id), isNull(partsOrderItems.isCorrect)));
  if (items.length > 0) {
    await ok('PUT', `/api/Parts/${order.plantNumber}/${order.partsLogNumber}/PartsReceived`, 'service', { body: { items: items.map((item) => ({ partsOrderItemId: item.id, isCorrect: true, incorrectPartMessage: '' })) } });
  }
  return order;
}

async function salesUserId() {
  return (await ok<{ cmhUserId: number }>('GET', '/auth/api/Account/User', 'sales')).cmhUserId;
}

async function salesQuote() {
  const [quote] = await t.db.select().from(quotes).where(and(eq(quotes.retailerNumber, '4217'), eq(quotes.status, 'Active'))).orderBy(asc(quotes.id)).limit(1);
  return quote!;
}

async function openLead() {
  const [lead] = await t.db.select().from(leads).where(isNull(leads.status)).orderBy(asc(leads.id)).limit(1);
  return lead ?? (await t.db.select().from(leads).orderBy(asc(leads.id)).limit(1))[0]!;
}

async function submittedSurvey() {
  const [survey] = await t.db.select().from(submittedSurveys).where(eq(submittedSurveys.retailerNumber, '4217')).orderBy(asc(submittedSurveys.id)).limit(1);
  return survey!;
}

async function deliveryReport() {
  const reported = new Set((await t.db.select({ homeId: submittedSurveys.homeId }).from(submittedSurveys)).map((row) => row.homeId));
  const home = (await t.db.select().from(homes).where(and(eq(homes.retailerNumber, '4217'), isNotNull(homes.soldDate))).orderBy(asc(homes.id))).find((row) => !reported.has(row.id))!;
  const form = await ok<DeliveryReport>('GET', `/api/DeliveryForm/${home.plantNumber}/${home.serialNumber}`, 'service');
  const answer = (question: SurveyQuestion) =>
    question.questionType === QUESTION_TYPES.dateTime ? '2026-10-02' : question.questionType === QUESTION_TYPES.yesNo ? 'Yes' : question.questionType === QUESTION_TYPES.trueFalse ? 'false' : 'Checked';
  return {
    plantNumber: form.plantNumber,
    serialNumber: form.serialNumber,
    deliveryDateQuestion: { questionId: form.deliveryDateQuestion.questionId, answer: '2026-10-01' },
    siteDeliveryQuestion: { questionId: form.siteDeliveryQuestion.questionId, answer: 'No' },
    questionGroups: form.questionGroups.map((group) => ({ questionGroupId: group.questionGroupId, questions: group.questions.map((question) => ({ questionId: question.questionId, answer: answer(question) })) })),
    surveyAttachments: [gifPhoto],
  };
}

async function driverTypeId() {
  return (await t.db.select().from(driverTypes).orderBy(asc(driverTypes.id)).limit(1))[0]!.id;
}

/* ---- one entry per write endpoint, keyed by method and path as routes/index.ts declares them ---- */

const entries: Record<string, FuzzEntry> = {
  'POST /auth/api/Account/Token': { user: 'none', valid: () => ({ body: { Username: 'internal@demo.homesite.test', Password: 'Demo#2026!' } }), writesWhenRefused: ['login_attempts'] },
  'POST /auth/api/Account/Terms/': { user: 'service', valid: () => ({}) },
  // Its own session: the first request signs it out, the rest meet 401.
  'POST /auth/api/Account/Logout': { user: 'logout', valid: () => ({}) },
  'PUT /api/Account': { user: 'company', valid: async () => ({ body: { firstName: 'Casey', lastName: 'Ward', password: '', confirmPassword: '', rowVersion: (await ok<{ rowVersion: number }>('GET', '/auth/api/Account/User', 'company')).rowVersion } }) },
  'POST /api/api/User/': { user: 'admin', valid: () => ({ body: { firstName: 'Nina', lastName: 'Lopez', userName: `nina.${randomUUID().slice(0, 8)}@smokymountainhomes.test`, isActive: true, roles: ['Service_Viewer'], retailerNumbers: ['4218'], password: 'Fuzz#2026!x', confirmPassword: 'Fuzz#2026!x' } }) },
  'PUT /api/api/User/': {
    user: 'admin',
    valid: async () => {
      const users = await ok<{ cmhUserId: number; userName: string; firstName: string; lastName: string; isActive: boolean; roles: string[]; retailers: { retailerNumber: string }[]; rowVersion: number }[]>('GET', '/api/api/User/', 'admin');
      const user = users.find((row) => row.userName.startsWith('nina.')) ?? users.at(-1)!;
      return { body: { cmhUserId: user.cmhUserId, firstName: user.firstName, lastName: user.lastName, userName: user.userName, isActive: user.isActive, roles: user.roles, retailerNumbers: user.retailers.map((r) => r.retailerNumber), rowVersion: user.rowVersion } };
    },
  },
  'POST /api/Support': { user: 'service', valid: () => ({ body: { name: 'Pat Owens', phone: '(865) 555-0101', priority: 'Normal', type: 'Question', message: 'Where do I find the parts catalog?' } }) },
  'POST /api/Survey/Feedback': { user: 'service', valid: () => ({ body: { satisfaction: 4, worksWell: 'Quick.', improve: 'More.', mayContact: true } }) },
  'POST /api/api/Logger': { user: 'service', valid: () => ({ body: { format: 'error', message: 'Failed to load quotes', exception: 'HttpError: 500' } }) },

  // Service requests and work orders (a fresh staged request where a write uses one up).
  'POST /api/service/CreateServiceRequest': {
    user: 'service',
    valid: async () => {
      const home = await soldHome('4217');
      return { query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) } };
    },
  },
  'PUT /api/service/:serviceRequestId': { user: 'service', valid: async () => { const request = await stagedRequest(); return { params: { serviceRequestId: request.serviceRequestId }, body: requestInfo(request) }; } },
  'DELETE /api/service/:serviceRequestId': { user: 'service', valid: async () => ({ params: { serviceRequestId: (await stagedRequest()).serviceRequestId } }) },
  'POST /api/Service/:serviceRequestId/SubmitServiceRequest': { user: 'service', valid: async () => ({ params: { serviceRequestId: (await submittableRequest()).serviceRequestId } }) },
  'PUT /api/service/workorders/:workOrderId': { user: 'service', valid: async () => { const order = await openWorkOrder(); return { params: { workOrderId: order.vantageWorkOrderId! }, body: workOrderInfo(order) }; } },
  'PUT /api/service/workorders/:workOrderId/submit': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      await ok('PUT', `/api/service/workorders/${order.vantageWorkOrderId}`, 'service', { body: workOrderInfo(order) });
      return { params: { workOrderId: order.vantageWorkOrderId! } };
    },
  },
  'PUT /api/service/workorders/:workOrderId/archive': { user: 'service', valid: async () => ({ params: { workOrderId: (await closedWorkOrder()).vantageWorkOrderId! } }) },
  'POST /api/service/:serviceRequestId/items': { user: 'service', valid: async () => ({ params: { serviceRequestId: (await stagedRequest()).serviceRequestId }, body: serviceItem }) },
  'PUT /api/service/:serviceRequestId/items/:itemId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const item = await ok<{ serviceRequestItemId: number; rowVersion: number }>('POST', `/api/service/${request.serviceRequestId}/items`, 'service', { body: serviceItem });
      return { params: { serviceRequestId: request.serviceRequestId, itemId: item.serviceRequestItemId }, body: { ...serviceItem, rowVersion: item.rowVersion } };
    },
  },
  'DELETE /api/service/:serviceRequestId/items/:itemId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const item = await ok<{ serviceRequestItemId: number }>('POST', `/api/service/${request.serviceRequestId}/items`, 'service', { body: serviceItem });
      return { params: { serviceRequestId: request.serviceRequestId, itemId: item.serviceRequestItemId } };
    },
  },
  'POST /api/service/workorders/:workOrderId/lineitems': { user: 'service', valid: async () => ({ params: { workOrderId: (await openWorkOrder()).vantageWorkOrderId! }, body: serviceItem }) },
  'PUT /api/service/workorders/:workOrderId/lineitems/:lineItemId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const item = await ok<{ serviceRequestItemId: number; rowVersion: number }>('POST', `/api/service/workorders/${order.vantageWorkOrderId}/lineitems`, 'service', { body: serviceItem });
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: item.serviceRequestItemId }, body: { ...serviceItem, rowVersion: item.rowVersion } };
    },
  },
  'DELETE /api/service/workorders/:workOrderId/lineitems/:lineItemId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const item = await ok<{ serviceRequestItemId: number }>('POST', `/api/service/workorders/${order.vantageWorkOrderId}/lineitems`, 'service', { body: serviceItem });
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: item.serviceRequestItemId } };
    },
  },
  'POST /api/Service/:serviceRequestId/PartsOrder/:partsOrderId': {
    user: 'service',
    valid: async () => { const request = await stagedRequest(); return { params: { serviceRequestId: request.serviceRequestId, partsOrderId: request.partsOrderId ?? request.serviceRequestId }, body: servicePart }; },
  },
  'PUT /api/Service/:serviceRequestId/PartsOrder/:partsOrderId/PartsItem/:itemId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const partsOrderId = request.partsOrderId ?? request.serviceRequestId;
      const part = await ok<{ partsOrderItemId: number; rowVersion: number }>('POST', `/api/Service/${request.serviceRequestId}/PartsOrder/${partsOrderId}`, 'service', { body: servicePart });
      return { params: { serviceRequestId: request.serviceRequestId, partsOrderId, itemId: part.partsOrderItemId }, body: { ...servicePart, rowVersion: part.rowVersion } };
    },
  },
  'DELETE /api/Service/:serviceRequestId/PartsOrder/:partsOrderId/PartsItem/:itemId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const partsOrderId = request.partsOrderId ?? request.serviceRequestId;
      const part = await ok<{ partsOrderItemId: number }>('POST', `/api/Service/${request.serviceRequestId}/PartsOrder/${partsOrderId}`, 'service', { body: servicePart });
      return { params: { serviceRequestId: request.serviceRequestId, partsOrderId, itemId: part.partsOrderItemId } };
    },
  },
  'POST /api/service/workorders/:workOrderId/partsitems': { user: 'service', valid: async () => ({ params: { workOrderId: (await openWorkOrder()).vantageWorkOrderId! }, body: servicePart }) },
  'PUT /api/service/workorders/:workOrderId/partsitems/:lineItemId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const part = await ok<{ partsOrderItemId: number; rowVersion: number }>('POST', `/api/service/workorders/${order.vantageWorkOrderId}/partsitems`, 'service', { body: servicePart });
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: part.partsOrderItemId }, body: { ...servicePart, rowVersion: part.rowVersion } };
    },
  },
  'DELETE /api/service/workorders/:workOrderId/partsitems/:lineItemId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const part = await ok<{ partsOrderItemId: number }>('POST', `/api/service/workorders/${order.vantageWorkOrderId}/partsitems`, 'service', { body: servicePart });
      return { params: { workOrderId: order.vantageWorkOrderId!, lineItemId: part.partsOrderItemId } };
    },
  },
  // Attachments are uploaded as multipart forms: the fuzzed JSON bodies and texts must be refused, the odd paths too.
  'POST /api/Service/:plantNumber/:serviceRequestNumber/:serviceRequestId/ServiceAttachment': {
    user: 'service',
    valid: async () => { const request = await stagedRequest(); return { params: { plantNumber: request.plantNumber, serviceRequestNumber: request.serviceRequestNumber, serviceRequestId: request.serviceRequestId } }; },
  },
  'PUT /api/Service/:serviceRequestId/:plantNumber/:serviceRequestNumber/ServiceAttachment/:attachmentId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const attachment = await uploadAttachment(`/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`);
      return { params: { serviceRequestId: request.serviceRequestId, plantNumber: request.plantNumber, serviceRequestNumber: request.serviceRequestNumber, attachmentId: attachment.serviceAttachmentId }, body: { attachmentType: 2, description: 'Receipt', amount: 12.5, rowVersion: attachment.rowVersion } };
    },
  },
  'DELETE /api/Service/:serviceRequestId/:plantNumber/:serviceRequestNumber/ServiceAttachment/:attachmentId': {
    user: 'service',
    valid: async () => {
      const request = await stagedRequest();
      const attachment = await uploadAttachment(`/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`);
      return { params: { serviceRequestId: request.serviceRequestId, plantNumber: request.plantNumber, serviceRequestNumber: request.serviceRequestNumber, attachmentId: attachment.serviceAttachmentId } };
    },
  },
  'POST /api/Service/workorders/:workOrderId/attachments': { user: 'service', valid: async () => ({ params: { workOrderId: (await openWorkOrder()).vantageWorkOrderId! } }) },
  'PUT /api/Service/workorders/:workOrderId/attachments/:contentDocumentId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const attachment = await uploadAttachment(`/api/Service/workorders/${order.vantageWorkOrderId}/attachments`);
      return { params: { workOrderId: order.vantageWorkOrderId!, contentDocumentId: attachment.contentDocumentId }, body: { attachmentType: 2, description: 'Receipt', amount: 12.5, rowVersion: attachment.rowVersion } };
    },
  },
  'DELETE /api/Service/workorders/:workOrderId/attachments/:contentDocumentId': {
    user: 'service',
    valid: async () => {
      const order = await openWorkOrder();
      const attachment = await uploadAttachment(`/api/Service/workorders/${order.vantageWorkOrderId}/attachments`);
      return { params: { workOrderId: order.vantageWorkOrderId!, contentDocumentId: attachment.contentDocumentId } };
    },
  },

  // Warranty cards.
  'POST /api/Warranty': { user: 'service', valid: async () => ({ body: warrantyCard(await homeWithoutCard()) }) },
  'PUT /api/Warranty': {
    user: 'service',
    valid: async () => {
      const [row] = await t.db.select({ homeId: homes.id }).from(homes).innerJoin(warrantyCards, eq(warrantyCards.homeId, homes.id)).where(and(eq(homes.retailerNumber, '4217'), eq(warrantyCards.statusCode, 'A'))).orderBy(asc(homes.id)).limit(1);
      const loaded = await ok<Record<string, unknown>>('GET', `/api/assets/${row!.homeId}/warranty`, 'service');
      return { body: { ...loaded, firstName: 'Dorothy', homeAddressSameAsOwner: false } };
    },
  },

  // Parts orders.
  'POST /api/Parts': { user: 'service', valid: async () => { const home = await soldHome('4217'); return { body: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber } }; } },
  'PUT /api/Parts/:partsOrderId': {
    user: 'service',
    valid: async () => {
      const order = await stagedPartsOrder();
      return { params: { partsOrderId: order.partsOrderId }, body: { shipToType: 'Retailer', shipToAddressName: 'Lot office', shipToStreetAddress1: '1 Main St', shipToCity: 'Clinton', shipToState: 'TN', shipToZipcode: '37716', rowVersion: order.rowVersion } };
    },
  },
  'DELETE /api/Parts/:partsOrderId': { user: 'service', valid: async () => ({ params: { partsOrderId: (await stagedPartsOrder()).partsOrderId } }) },
  'POST /api/Parts/Close': { user: 'service', valid: async () => ({ body: { vantagePartsRequestId: (await receivedPartsOrder()).vantagePartsRequestId } }) },
  'POST /api/Parts/:partsOrderId': {
    user: 'service',
    valid: async () => {
      const order = await stagedPartsOrder();
      await ok('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, 'service', { body: servicePart });
      return { params: { partsOrderId: order.partsOrderId } };
    },
  },
  'PUT /api/Parts/:plantNumber/:partsLogNumber/PartsReceived': {
    user: 'service',
    valid: async () => {
      const order = await partsOrderIn(SHIPPED_ORDER_STATUS);
      const items = await t.db.select().from(partsOrderItems).where(and(eq(partsOrderItems.partsOrderId, order.id), isNull(partsOrderItems.isCorrect)));
      return { params: { plantNumber: order.plantNumber, partsLogNumber: order.partsLogNumber! }, body: { items: items.map((item) => ({ partsOrderItemId: item.id, isCorrect: true, incorrectPartMessage: '' })) } };
    },
  },
  'PUT /api/Parts/vantage/:partsRequestId': {
    user: 'service',
    valid: async () => {
      const order = await partsOrderIn(SHIPPED_ORDER_STATUS);
      const items = await t.db.select().from(partsOrderItems).where(eq(partsOrderItems.partsOrderId, order.id));
      return { params: { partsRequestId: order.vantagePartsRequestId! }, body: { items: items.map((item) => ({ partsOrderItemId: item.id, isCorrect: false, incorrectPartMessage: 'Wrong colour' })) } };
    },
  },
  'POST /api/Parts/:partsOrderId/PartsItem': { user: 'service', valid: async () => ({ params: { partsOrderId: (await stagedPartsOrder()).partsOrderId }, body: servicePart }) },
  'PUT /api/Parts/:partsOrderId/PartsItem/:partsOrderItemId': {
    user: 'service',
    valid: async () => {
      const order = await stagedPartsOrder();
      const item = await ok<{ partsOrderItemId: number; rowVersion: number }>('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, 'service', { body: servicePart });
      return { params: { partsOrderId: order.partsOrderId, partsOrderItemId: item.partsOrderItemId }, body: { ...servicePart, rowVersion: item.rowVersion } };
    },
  },
  'DELETE /api/Parts/:partsOrderId/PartsItem/:partsOrderItemId': {
    user: 'service',
    valid: async () => {
      const order = await stagedPartsOrder();
      const item = await ok<{ partsOrderItemId: number }>('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, 'service', { body: servicePart });
      return { params: { partsOrderId: order.partsOrderId, partsOrderItemId: item.partsOrderItemId } };
    },
  },

  // Parts catalog administration (plant 910 is the plant user's).
  'POST /api/PartsCatalog': {
    user: 'plant',
    valid: async () => {
      const [choice] = await ok<{ categoryNumber: string; commodityNumber: string; partNumber: string; subPartNumber: string }[]>('GET', '/api/PartsCatalog/GetPartsNotInCatalog', 'plant', { query: { plantNumber: '910', categoryNumber: '30', commodityNumber: '310' } });
      if (!choice) return { body: { plantNumber: '910', categoryNumber: '30', commodityNumber: '310', partNumber: '20137', subPartNumber: '', friendlyDescription: 'Kitchen faucet', notes: '', base64Image: PNG_BASE64 } };
      return { body: { plantNumber: '910', categoryNumber: choice!.categoryNumber, commodityNumber: choice!.commodityNumber, partNumber: choice!.partNumber, subPartNumber: choice!.subPartNumber, friendlyDescription: 'Kitchen faucet, contractor pack', notes: 'For the trucks.', base64Image: PNG_BASE64 } };
    },
  },
  'POST /api/PartsCatalog/UpdateChangeRequest': {
    user: 'plant',
    valid: async () => {
      const [pending] = await t.db.select().from(partsCatalog).where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.approved, false))).limit(1);
      return { body: { approvedPart: null, pendingPart: { partsCatalogId: pending?.id ?? 1, friendlyDescription: 'Approved text' }, isApproved: true, comment: 'Fine' } };
    },
  },
  'POST /api/PartsCatalog/RemovePartDescription': {
    user: 'plant',
    valid: async () => {
      const [part] = await t.db.select().from(partsCatalog).where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.approved, true))).orderBy(asc(partsCatalog.id)).limit(1);
      return { body: { partsCatalogId: part!.id, plantNumber: '910' } };
    },
  },
  'POST /api/PartsCatalog/RevertChangeResult': {
    user: 'plant',
    valid: async () => {
      const [history] = await t.db.select().from(partsCatalogHistory).where(isNotNull(partsCatalogHistory.approved)).orderBy(asc(partsCatalogHistory.id)).limit(1);
      return { body: history?.id ?? 1 };
    },
  },

  // Sales.
  'PUT /mch-quote-api/copyiseriesquote': {
    user: 'sales',
    valid: async () => {
      const [order] = await t.db.select().from(salesOrders).where(eq(salesOrders.retailerNumber, '4217')).limit(1);
      return { body: { orderNumber: order!.orderNumber, plantNumber: order!.plantNumber } };
    },
  },
  'POST /mch-quote-api/set-lock-status/:quoteId/false/:userId': { user: 'sales', valid: async () => ({ params: { quoteId: (await salesQuote()).id, userId: await salesUserId() } }) },
  'DELETE /mch-quote-api/:quoteId/:modifiedBy': { user: 'sales', valid: async () => ({ params: { quoteId: (await salesQuote()).id, modifiedBy: await salesUserId() } }) },
  'POST /api/Lead': { user: 'sales', valid: async () => ({ body: { leadId: (await openLead()).id, status: 'C' } }) },
  'POST /crm/webapi/api/Prospects/Lead': { user: 'sales', valid: async () => ({ body: { leadId: (await openLead()).id } }) },

  // Delivery reports.
  'POST /api/DeliveryForm': { user: 'service', valid: async () => ({ body: await deliveryReport() }) },
  'POST /api/Survey/SurveyAttachment': { user: 'service', valid: async () => ({ body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto } }) },
  'PUT /api/Survey/SurveyAttachment/:surveyAttachmentId': {
    user: 'service',
    valid: async () => {
      const added = await ok<{ surveyAttachmentId: number; rowVersion: number }>('POST', '/api/Survey/SurveyAttachment', 'service', { body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto } });
      return { params: { surveyAttachmentId: added.surveyAttachmentId }, body: { description: 'Kitchen', amount: 12.5, rowVersion: added.rowVersion } };
    },
  },
  'DELETE /api/Survey/SurveyAttachment/:surveyAttachmentId': {
    user: 'service',
    valid: async () => {
      const added = await ok<{ surveyAttachmentId: number }>('POST', '/api/Survey/SurveyAttachment', 'service', { body: { submittedSurveyId: (await submittedSurvey()).id, ...gifPhoto } });
      return { params: { surveyAttachmentId: added.surveyAttachmentId } };
    },
  },

  // Drivers.
  'POST /api/transportation/drivers': {
    user: 'driver',
    valid: async () => {
      const [employee] = await t.db.select().from(hbgEmployees).leftJoin(drivers, eq(drivers.employeeNumber, hbgEmployees.employeeNumber)).where(isNull(drivers.employeeNumber)).limit(1);
      return { body: { employee: { employeeNumber: employee!.hbg_employees.employeeNumber }, driverType: { id: await driverTypeId() } } };
    },
  },
  'PUT /api/transportation/drivers/:employeeNumber': {
    user: 'driver',
    valid: async () => {
      const [driver] = await t.db.select().from(drivers).orderBy(asc(drivers.employeeNumber)).limit(1);
      return { params: { employeeNumber: driver!.employeeNumber }, body: { employee: { employeeNumber: driver!.employeeNumber }, driverType: { id: await driverTypeId() }, rowVersion: driver!.rowVersion } };
    },
  },
  'POST /api/transportation/hbgemployees/search': { user: 'driver', valid: () => ({ body: { firstName: 'J', lastName: '' } }) },
};

/* ---- the run ---- */

const writeRoutes = allRoutes.filter((route) => route.method !== 'GET');

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'admin', 'sales', 'plant', 'driver', 'company']) tokens[key] = await t.login(key);
  tokens.logout = await t.login('viewer');
  rowWrites = await countRowWrites(t.db);
});
afterAll(() => t.close());

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
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, encode(typeof value === 'string' ? value : bodyText(value))]));
}

interface Sent {
  params: Record<string, string | number>;
  text?: string;
  contentType?: string;
  query?: Record<string, string>;
}

describe.each(writeRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (name, route) => {
  it('answers no 5xx and changes no row when it refuses', async () => {
    const entry = entries[name];
    if (!entry) throw new Error(`no fuzz entry for ${name}`);
    let current = await entry.valid();
    const statuses = new Map<number, number>();
    let writes = await rowWrites();

    async function send(sent: Sent) {
      const path = route.path.replace(/:(\w+)/g, (_, param: string) => String(sent.params[param] ?? `:${param}`));
      const headers: Record<string, string> = {};
      if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
      const result = await t.call(route.method, path, { token: tokens[entry!.user], body: sent.text, headers, query: sent.query });
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      if (statuses.size === 1 && statuses.get(result.status) === 1) console.info(`${name} valid request: ${result.status} ${String(JSON.stringify(result.body)).slice(0, 300)}`);
      const said = () => `${route.method} ${path.slice(0, 200)} ${String(sent.contentType)} ${(sent.text ?? '').slice(0, 400)} → ${result.status} ${String(JSON.stringify(result.body)).slice(0, 400)}`;
      expect(result.status, said()).toBeLessThan(500);
      const after = await rowWrites();
      if (result.status >= 400) {
        const changed = changedTables(writes, after).filter((table) => !entry!.writesWhenRefused?.includes(table));
        expect(changed, `refused but changed rows: ${said()}`).toEqual([]);
      }
      writes = after;
      if (result.status < 300 || result.status === 409) {
        current = await entry!.valid();
        writes = await rowWrites();
      }
    }

    const validText = () => (current.body === undefined ? undefined : bodyText(current.body));
    const fixed: (() => Sent)[] = [
      () => ({ params: current.params ?? {}, text: validText(), query: current.query }),
      ...INVALID_JSON.map((text) => () => ({ params: current.params ?? {}, text, query: current.query })),
      ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''].map((contentType) => () => ({ params: current.params ?? {}, text: validText() ?? '{}', contentType, query: current.query })),
      () => ({ params: current.params ?? {}, text: JSON.stringify({ padding: 'x'.repeat(1_100_000) }), query: current.query }),
      () => ({ params: current.params ?? {}, text: '', query: current.query }),
      ...Object.keys(current.params ?? {}).flatMap((param) => ODD_PATH_PARAMETERS.map((odd) => () => ({ params: { ...current.params, [param]: odd }, text: validText(), query: current.query }))),
    ];
    for (const sent of fixed) await send(sent());

    // A body is fuzzed where the endpoint reads one; an endpoint without one gets its path and query fuzzed instead.
    const hasBody = current.body !== undefined;
    const arbitrary = hasBody ? bodiesAround(current.body) : bodiesAround({ params: current.params ?? {}, query: current.query ?? {} });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (generated) => {
        if (hasBody) return send({ params: current.params ?? {}, text: bodyText(generated), query: current.query });
        const { params, query } = (generated ?? {}) as { params?: unknown; query?: unknown };
        await send({ params: asTexts(params, pathSegment), query: asTexts(query, (text) => text) });
      }),
      { numRuns: Math.max(BODIES_PER_ENDPOINT - fixed.length, 1) },
    );
    console.info(`${name}: ${[...statuses].sort().map(([status, n]) => `${status}×${n}`).join(' ')}`);
  }, 120_000);
});
