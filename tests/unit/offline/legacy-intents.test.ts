// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import * as v from 'valibot';
import { WarrantyCardInput, type PartsOrderItemInput, type ServiceItemInput, type WarrantyCard } from '../../../src/contract';
import {
  addSurveyAttachmentCall,
  removeSurveyAttachmentCall,
  submitDeliveryReportCall,
  updateSurveyAttachmentCall,
} from '../../../src/features/delivery-reports/api/calls';
import { saveWarrantyCardCall } from '../../../src/features/homeowners/api/calls';
import { applyPendingToCard } from '../../../src/features/homeowners/pending/apply-pending';
import { leadStatusCall } from '../../../src/features/leads/api/calls';
import * as partsOrderCalls from '../../../src/features/parts-orders/api/calls';
import { applyPending as applyPendingToOrder } from '../../../src/features/parts-orders/pending/apply-pending';
import * as workOrderCalls from '../../../src/features/work-orders/api/calls';
import type { RequestRef } from '../../../src/features/work-orders/model';
import { applyPending as applyPendingToRequest } from '../../../src/features/work-orders/pending/apply-pending';
import { OfflineDb, type OutboxEntry, type OutboxFile } from '../../../src/offline/db';
import { legacyIntent, UNRECOGNISED_INTENT } from '../../../src/offline/legacy-intents';
import { createOutbox, type OutboxCall, type SendAnswer } from '../../../src/offline/outbox';
import { card } from '../homeowners/harness';
import { shippedOrder, stagedOrder } from '../parts-orders/fixtures';
import { serverRequest } from '../work-orders/review/fixtures';
import { freshDb } from './helpers';

/*
 * Entries queued by the version before intents (db v5) hold the call alone. Opened by this version, each must get
 * the intent its feature builds today, be sent as before, and show as pending as before.
 */

const staged = serverRequest();
const stagedRef: RequestRef = {
  key: '41',
  serviceRequestId: 41,
  serviceRequestNumber: staged.serviceRequestNumber,
  plantNumber: staged.plantNumber,
  vantageWorkOrderId: null,
  partsOrderId: 41,
};
const workOrderRef: RequestRef = { ...stagedRef, vantageWorkOrderId: 700041 };
const itemBody: ServiceItemInput = {
  problemDescription: 'Door sticks',
  determinedCause: 'Hinge',
  actionTaken: 'Planed',
  declinedReason: '',
  serviceRequestCode: '',
  partsCost: 12,
  laborHours: 1.5,
  isTwoMan: false,
};
const partBody: PartsOrderItemInput = {
  categoryNumber: '05',
  commodityNumber: '20',
  partNumber: 'FAU-1',
  partDescription: 'Faucet',
  notes: '',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 2,
};
const orderRef = (order = stagedOrder()) => ({
  key: String(order.partsOrderId),
  partsOrderId: order.partsOrderId,
  plantNumber: order.plantNumber,
  partsLogNumber: order.partsLogNumber,
  vantagePartsRequestId: order.vantagePartsRequestId,
});
const cardSave = (base: WarrantyCard, changes: Partial<WarrantyCard> = {}) => v.parse(WarrantyCardInput, { ...base, ...changes });

/**
 * The intent an entry queued before intents can be given: the one its feature builds today, but for what the call
 * itself never carried (a create's time zone, which the skeleton then takes from the organisation's).
 */
function intentBefore(call: OutboxCall) {
  const { timeZone: _notInTheCall, ...intent } = call.intent as Record<string, unknown>;
  return intent;
}

/** Every kind of call this version queues, built by the features' api/calls.ts. */
function everyCall(): OutboxCall[] {
  const created = workOrderCalls.createServiceRequestCall({ plantNumber: '910', serialNumber: 'MAY9TN', assetId: 9 }, 'America/Chicago');
  const madeOffline: RequestRef = {
    key: created.tempId,
    serviceRequestId: created.tempId,
    serviceRequestNumber: created.numberTempId,
    plantNumber: '910',
    vantageWorkOrderId: null,
    partsOrderId: created.tempId,
  };
  const info = {
    requestType: 'A',
    caseSubject: 'Leak',
    caseDescription: '',
    technician: 'Pat',
    requestDate: '2026-06-10',
    scheduledDate: null,
    performedDate: null,
    startDate: null,
    endDate: null,
    tripTime: 1,
    mileage: 10,
    otherCosts: 0,
    signatureOnFile: false,
    isUnderWarranty: false,
    rowVersion: 3,
  };
  const attachment = { attachmentType: 2, description: 'Receipt', amount: 12.5 } as const;
  const photo = new Blob(['x'], { type: 'image/jpeg' });
  const shipped = shippedOrder();
  return [
    created.call,
    workOrderCalls.updateInformationCall(madeOffline, { ...info, rowVersion: 0 }, {}),
    workOrderCalls.addServiceItemCall(madeOffline, itemBody).call,
    workOrderCalls.addAttachmentCall(madeOffline, attachment, photo, 'receipt.jpg').call,
    workOrderCalls.submitCall(madeOffline),
    workOrderCalls.updateInformationCall(stagedRef, info, {}),
    workOrderCalls.updateInformationCall(workOrderRef, info, {}),
    workOrderCalls.cancelRequestCall(stagedRef),
    workOrderCalls.submitCall(workOrderRef),
    workOrderCalls.archiveCall(workOrderRef),
    workOrderCalls.addServiceItemCall(workOrderRef, itemBody).call,
    workOrderCalls.updateServiceItemCall(stagedRef, 501, { ...itemBody, rowVersion: 0 }, {}),
    workOrderCalls.deleteServiceItemCall(workOrderRef, 501),
    workOrderCalls.addPartsItemCall(stagedRef, partBody).call,
    workOrderCalls.addPartsItemCall(workOrderRef, partBody).call,
    workOrderCalls.updatePartsItemCall(stagedRef, 601, partBody, {}),
    workOrderCalls.deletePartsItemCall(workOrderRef, 601),
    workOrderCalls.addAttachmentCall(workOrderRef, attachment, photo, 'a.jpg').call,
    workOrderCalls.updateAttachmentCall(stagedRef, '77', { ...attachment, rowVersion: 0 }, {}),
    workOrderCalls.updateAttachmentCall(workOrderRef, '069A/B C', { ...attachment, rowVersion: 0 }, {}),
    workOrderCalls.deleteAttachmentCall(workOrderRef, '069A/B C'),
    partsOrderCalls.createPartsOrderCall({ plantNumber: '910', longSerialNumber: 'MAY012345TNAB', serviceRequestId: null }).call,
    partsOrderCalls.updateShipToCall(orderRef(), {
      shipToType: 'Retailer',
      shipToAddressName: 'Knoxville Homes',
      shipToStreetAddress1: '1 Retail Way',
      shipToCity: 'Knoxville',
      shipToState: 'TN',
      shipToZipcode: '37918',
      rowVersion: 4,
    }),
    partsOrderCalls.cancelOrderCall(orderRef()),
    partsOrderCalls.submitOrderCall(orderRef()),
    partsOrderCalls.addItemCall(orderRef(), partBody).call,
    partsOrderCalls.updateItemCall(orderRef(), '601', { ...partBody, rowVersion: 1 }, {}),
    partsOrderCalls.deleteItemCall(orderRef(), '601', 'FAU-1'),
    partsOrderCalls.markReceivedCall(orderRef(shipped), [601]),
    partsOrderCalls.markIncorrectCall(orderRef(shipped), 601, 'Wrong colour', 'FAU-1'),
    saveWarrantyCardCall('create', cardSave(card(1))),
    saveWarrantyCardCall('update', cardSave(card(2), { firstName: 'Mary' }), 3, card(2)),
    leadStatusCall(5, 'Ann Lee', 'C'),
    leadStatusCall(6, 'Bo Day', 'I'),
    submitDeliveryReportCall({
      plantNumber: '910',
      serialNumber: 'MAY012345TN',
      deliveryDateQuestion: { questionId: 1, answer: '2026-06-10' },
      siteDeliveryQuestion: { questionId: 2, answer: 'true' },
      questionGroups: [],
      surveyAttachments: [],
    }),
    addSurveyAttachmentCall({
      submittedSurveyId: 31,
      imageFileName: 'a.jpg',
      base64Image: 'data:image/jpeg;base64,eA==',
      description: '',
      amount: 0,
    }),
    updateSurveyAttachmentCall(31, 7, { description: 'Porch', amount: 3, rowVersion: 0 }),
    removeSurveyAttachmentCall(31, 7),
  ];
}

type LegacyEntry = Omit<OutboxEntry, 'intent'>;

/** What this version's outbox stores for `calls`, in the shape the version before it stored: entries without intents. */
async function queuedWithoutIntents(calls: OutboxCall[]): Promise<{ entries: LegacyEntry[]; files: OutboxFile[] }> {
  const scratch = freshDb();
  const outbox = createOutbox({ db: scratch, send: () => new Promise(() => {}), locks: null });
  for (const call of calls) await outbox.enqueue(call);
  const entries = (await scratch.outbox.orderBy('seq').toArray()).map(({ intent: _intent, ...legacy }) => legacy);
  const files = await scratch.files.toArray();
  scratch.close();
  await Dexie.delete(scratch.name);
  return { entries, files };
}

/** A store as the version before intents left it (v5), holding `queued`. */
async function versionFiveStore(queued: { entries: LegacyEntry[]; files: OutboxFile[] }): Promise<string> {
  const name = `homesite-legacy-${crypto.randomUUID()}`;
  const v5 = new Dexie(name);
  v5.version(5).stores({ outbox: '++seq, &id, status, recordKey, createsTempId, *dependsOn', files: 'id', tempIds: 'tempId', meta: 'key' });
  await v5.table('outbox').bulkAdd(queued.entries);
  await v5.table('files').bulkAdd(queued.files);
  v5.close();
  return name;
}

describe('entries queued before intents (issue 21)', () => {
  it('get from their call the very intent their feature builds for it today', async () => {
    const calls = everyCall();
    const { entries } = await queuedWithoutIntents(calls);
    expect(entries.map((entry) => legacyIntent(entry))).toEqual(calls.map((call) => intentBefore(call)));
  });

  it('feedback and support get theirs; an entry no feature recognises is still an entry, with UNRECOGNISED_INTENT', () => {
    const entry = (recordKey: string, path: string): LegacyEntry => ({
      ...{ recordKey, path, method: 'POST', base: 'api', id: 'e', fileIds: [], idempotencyKey: 'k', label: 'l' },
      ...{ dependsOn: [], status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: 0 },
    });
    expect(legacyIntent(entry('feedback:1', '/Survey/Feedback'))).toEqual({ feature: 'feedback', kind: 'submit-feedback' });
    expect(legacyIntent(entry('support:1', '/Support'))).toEqual({ feature: 'support', kind: 'submit-support-request' });
    expect(legacyIntent(entry('service-request:41', '/service/41/unknown/x'))).toBe(UNRECOGNISED_INTENT);
    expect(legacyIntent(entry('account:me', '/Account'))).toBe(UNRECOGNISED_INTENT);
  });

  it('opened by this version, a store of them is upgraded, shows them pending, and sends them all', async () => {
    const created = workOrderCalls.createServiceRequestCall({ plantNumber: '910', serialNumber: 'MAY9TN', assetId: 9 }, 'America/Chicago');
    const madeOffline: RequestRef = {
      key: created.tempId,
      serviceRequestId: created.tempId,
      serviceRequestNumber: created.numberTempId,
      plantNumber: '910',
      vantageWorkOrderId: null,
      partsOrderId: created.tempId,
    };
    const item = workOrderCalls.addServiceItemCall(madeOffline, itemBody);
    const calls = [
      created.call,
      item.call,
      workOrderCalls.updateServiceItemCall(
        madeOffline,
        item.tempId,
        { ...itemBody, problemDescription: 'Door still sticks', rowVersion: 0 },
        itemBody,
      ),
      workOrderCalls.addAttachmentCall(madeOffline, { attachmentType: 2, description: 'Receipt', amount: 12.5 }, new Blob(['x']), 'r.jpg')
        .call,
      workOrderCalls.updateServiceItemCall(stagedRef, 501, { ...itemBody, problemDescription: 'Front door' }, {}),
      partsOrderCalls.updateItemCall(orderRef(), '601', { ...partBody, notes: 'Chrome', rowVersion: 1 }, {}),
      saveWarrantyCardCall('update', cardSave(card(2), { firstName: 'Mary' }), 3, card(2)),
    ];
    const name = await versionFiveStore(await queuedWithoutIntents(calls));

    const db = new OfflineDb(name);
    const upgraded = await db.outbox.orderBy('seq').toArray();
    expect(db.verno).toBe(6);
    expect(upgraded.map((entry) => entry.intent)).toEqual(calls.map((call) => intentBefore(call)));

    // Shown as pending, as the version before showed them.
    const own = (recordKey: string) => upgraded.filter((entry) => entry.recordKey === recordKey);
    const offline = applyPendingToRequest(undefined, own(created.call.recordKey))!;
    expect(offline).toMatchObject({ key: created.tempId, plantNumber: '910', longSerialNumber: 'MAY9TN', pending: { state: 'pending' } });
    expect(offline.serviceItems).toMatchObject([
      { key: item.tempId, problemDescription: 'Door still sticks', laborHours: 1.5, pending: { state: 'pending' } },
    ]);
    expect(offline.serviceAttachments).toMatchObject([{ attachmentType: 2, amount: 12.5, localFileId: expect.any(String) }]);
    const onServer = applyPendingToRequest(staged, own('service-request:41'))!;
    expect(onServer.serviceItems.find((row) => row.key === '501')).toMatchObject({
      problemDescription: 'Front door',
      pending: { state: 'pending' },
    });
    const order = applyPendingToOrder(stagedOrder(), own('parts-order:81'))!;
    expect(order.partsItems.find((row) => row.key === '601')).toMatchObject({ notes: 'Chrome', pending: { state: 'pending' } });
    const shownCard = applyPendingToCard(
      card(2),
      upgraded.filter((entry) => entry.recordKey.startsWith('warranty:')),
    )!;
    expect(shownCard).toMatchObject({ firstName: 'Mary', pending: { state: 'pending' } });

    // Sent as before: the create first, then what waited for its ids, rewritten to them.
    const sent: OutboxEntry[] = [];
    const send = async (entry: OutboxEntry): Promise<SendAnswer> => {
      sent.push(entry);
      if (entry.createsTempId === created.tempId) return { status: 201, body: { serviceRequestId: 9001, serviceRequestNumber: '009001' } };
      if (entry.createsTempId === item.tempId) return { status: 201, body: { serviceRequestItemId: 9101 } };
      if (entry.createsTempId) return { status: 201, body: { serviceAttachmentId: 9201 } };
      return { status: 200, body: {} };
    };
    const result = await createOutbox({ db, send, locks: null }).replay();
    expect(result).toMatchObject({ sent: calls.length, failed: 0, remaining: 0 });
    expect(sent[0]!.path).toBe('/service/CreateServiceRequest');
    expect(sent.map((entry) => entry.path)).toContain('/service/9001/items/9101');
    expect(sent.map((entry) => entry.path)).toContain('/Service/910/009001/9001/ServiceAttachment');
    db.close();
    await Dexie.delete(name);
  });
});
