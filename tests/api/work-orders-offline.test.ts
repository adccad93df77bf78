import 'fake-indexeddb/auto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASES, type ServiceItemInput, type ServiceRequest } from '../../src/contract';
import {
  addAttachmentCall,
  addPartsItemCall,
  addServiceItemCall,
  createServiceRequestCall,
  submitCall,
  updateInformationCall,
  updateServiceItemCall,
} from '../../src/features/work-orders/api/calls';
import type { RequestRef } from '../../src/features/work-orders/model';
import { applyPending } from '../../src/features/work-orders/pending/apply-pending';
import { openOfflineDb } from '../../src/offline/db';
import { createFetchSend } from '../../src/offline/fetch-send';
import { createOutbox } from '../../src/offline/outbox';
import * as t from '../../src/server/db/schema';
import { solidPng } from '../../src/server/db/seed/work-orders';
import { createTestContext, type TestContext } from './harness';

/*
 * The technician's offline flow against the real server, with the client's own call builders and
 * outbox: a request made offline (temp id and temp number), two items, a parts item, a photo on the
 * staged attachment path (which names the request's number), an information edit and the submit —
 * queued first, replayed later, answers lost at random. The database must then hold exactly one
 * request with what was queued, submitted.
 */

let ctx: TestContext;
let token: string;
let home: typeof t.homes.$inferSelect;
let dbCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(new Date('2026-06-15T15:00:00Z'));
  token = await ctx.login('service');
  const me = await ctx.call<{ currentRetailer: { retailerNumber: string } }>('GET', '/auth/api/Account/User', { token });
  const [first] = await ctx.db.select().from(t.homes).where(eq(t.homes.retailerNumber, me.body.currentRetailer.retailerNumber)).limit(1);
  home = first!;
});
afterAll(() => ctx?.close());

function outboxWithLosses(lostAnswers: Set<number>) {
  let calls = 0;
  const fetchLosing = async (input: RequestInfo | URL, init?: RequestInit) => {
    const index = calls++;
    const response = await ctx.app.request(input instanceof Request ? input : String(input), init);
    const text = await response.text();
    if (lostAnswers.has(index)) throw new TypeError('fetch failed');
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const db = openOfflineDb(`wo-offline-${++dbCounter}`);
  const send = createFetchSend({
    resolveBase: (base) => DEFAULT_BASES[base],
    getToken: () => token,
    fetch: fetchLosing as typeof fetch,
    XMLHttpRequest: undefined,
  });
  return { db, outbox: createOutbox({ db, send, locks: null, random: () => 0.5 }), calls: () => calls };
}

const item = (problem: string): ServiceItemInput => ({
  problemDescription: problem,
  determinedCause: 'Settling',
  actionTaken: 'Adjusted',
  declinedReason: '',
  serviceRequestCode: '',
  partsCost: 12.5,
  laborHours: 1.1,
  isTwoMan: false,
});

async function queueTechnicianVisit(outbox: ReturnType<typeof createOutbox>) {
  const created = createServiceRequestCall(
    { plantNumber: home.plantNumber, serialNumber: home.serialNumber, assetId: home.id },
    'America/Chicago',
  );
  await outbox.enqueue(created.call);
  const ref: RequestRef = {
    key: created.tempId,
    serviceRequestId: created.tempId,
    serviceRequestNumber: created.numberTempId,
    plantNumber: home.plantNumber,
    vantageWorkOrderId: null,
    partsOrderId: created.tempId,
  };
  const first = addServiceItemCall(ref, item('Door sticks'));
  await outbox.enqueue(first.call);
  await outbox.enqueue(addServiceItemCall(ref, item('Window leaks')).call);
  await outbox.enqueue(updateServiceItemCall(ref, first.tempId, { ...item('Front door sticks'), rowVersion: 0 }, {}));
  // A second edit of the same item offline carries the version the first leaves (as the view counts it).
  await outbox.enqueue(updateServiceItemCall(ref, first.tempId, { ...item('Front door sticks badly'), rowVersion: 1 }, {}));
  await outbox.enqueue(
    addPartsItemCall(ref, {
      categoryNumber: '',
      commodityNumber: '',
      partNumber: 'P-100',
      partDescription: 'Door strike',
      notes: '',
      billingCode: 'Warranty',
      unitOfMeasure: 'EA',
      quantity: 2,
    }).call,
  );
  const photo = new Blob([new Uint8Array(solidPng(8, 6, [200, 40, 40]))], { type: 'image/png' });
  await outbox.enqueue(addAttachmentCall(ref, { attachmentType: 1, description: 'Door frame', amount: 0 }, photo, 'door.png').call);
  await outbox.enqueue(
    updateInformationCall(
      ref,
      {
        requestType: 'A',
        caseSubject: 'Door and window',
        caseDescription: '',
        technician: 'Pat Field',
        requestDate: '2026-06-15',
        scheduledDate: null,
        performedDate: null,
        startDate: '2026-06-14',
        endDate: '2026-06-15',
        tripTime: 0.6,
        mileage: 12,
        otherCosts: 0,
        signatureOnFile: true,
        isUnderWarranty: true,
        rowVersion: 0,
      },
      {},
    ),
  );
  await outbox.enqueue(submitCall(ref));
  return created;
}

async function requestsOfHome() {
  return ctx.db.select().from(t.serviceRequests).where(eq(t.serviceRequests.homeId, home.id));
}

describe('a technician visit queued offline, replayed against the real server', () => {
  it('shows as it will be while queued, then arrives exactly once, in order, with temp ids and number rewritten', async () => {
    const before = (await requestsOfHome()).map((row) => row.id);
    const { db, outbox } = outboxWithLosses(new Set([0, 3, 6]));
    const created = await queueTechnicianVisit(outbox);

    const queued = await db.outbox.orderBy('seq').toArray();
    const view = applyPending(undefined, queued)!;
    expect(view.key).toBe(created.tempId);
    expect(view.serviceItems.map((row) => row.problemDescription)).toEqual(['Front door sticks badly', 'Window leaks']);
    expect(view.serviceItems[0]!.rowVersion).toBe(2);
    expect(view.serviceItems.every((row) => row.pending?.state === 'pending')).toBe(true);
    expect(view.serviceItems[0]!.laborHours).toBe(1);
    expect(view.partsItems).toHaveLength(1);
    expect(view.serviceAttachments).toHaveLength(1);
    expect(view.technician).toBe('Pat Field');
    expect(view.pendingSubmit).toBeDefined();

    for (let round = 0; round < 30 && (await db.outbox.count()) > 0; round++) await outbox.replay({ force: true });
    expect(await db.outbox.toArray()).toEqual([]);

    const after = (await requestsOfHome()).filter((row) => !before.includes(row.id));
    expect(after).toHaveLength(1);
    const request = after[0]!;
    expect(request.vantageWorkOrderId).not.toBeNull();
    expect(request.status).toBe('O');
    expect(request.technician).toBe('Pat Field');
    expect(request.tripTime).toBe(0.5);
    expect((await db.tempIds.get(created.tempId))?.serverId).toBe(request.id);
    expect((await db.tempIds.get(created.numberTempId))?.serverId).toBe(request.serviceRequestNumber);

    const items = await ctx.db.select().from(t.serviceItems).where(eq(t.serviceItems.serviceRequestId, request.id));
    expect(items.map((row) => row.problemDescription).sort()).toEqual(['Front door sticks badly', 'Window leaks']);
    const [parts] = await ctx.db.select({ n: count() }).from(t.serviceParts).where(eq(t.serviceParts.serviceRequestId, request.id));
    expect(parts!.n).toBe(1);
    const attachments = await ctx.db
      .select({ fileName: t.serviceAttachments.fileName })
      .from(t.serviceAttachments)
      .where(eq(t.serviceAttachments.serviceRequestId, request.id));
    expect(attachments).toEqual([{ fileName: 'door.png' }]);

    const full = await ctx.call<ServiceRequest>('GET', `/api/service/${request.id}`, { token });
    expect(full.body.totalCombinedCost).toBeGreaterThan(0);
  });

  it('a refused change is parked with the server message and the rest of its record waits; nothing else is written', async () => {
    const before = (await requestsOfHome()).map((row) => row.id);
    const { db, outbox } = outboxWithLosses(new Set());
    const created = createServiceRequestCall(
      { plantNumber: home.plantNumber, serialNumber: home.serialNumber, assetId: home.id },
      'America/Chicago',
    );
    await outbox.enqueue(created.call);
    const ref: RequestRef = {
      key: created.tempId,
      serviceRequestId: created.tempId,
      serviceRequestNumber: created.numberTempId,
      plantNumber: home.plantNumber,
      vantageWorkOrderId: null,
      partsOrderId: created.tempId,
    };
    // Submitting with no request type and no item is refused (spec 3 §5); the item queued after it must not overtake it.
    await outbox.enqueue(submitCall(ref));
    await outbox.enqueue(addServiceItemCall(ref, item('Late item')).call);
    await outbox.replay({ force: true });

    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.status)).toEqual(['failed', 'pending']);
    expect(entries[0]!.lastError?.message).toBe('A request type is required. (requestType)');
    const view = applyPending(undefined, entries);
    // The create went through, so the view needs the server copy now; the failure is on the record's entries.
    expect(view).toBeUndefined();
    const made = (await requestsOfHome()).filter((row) => !before.includes(row.id));
    expect(made).toHaveLength(1);
    const items = await ctx.db
      .select()
      .from(t.serviceItems)
      .where(
        inArray(
          t.serviceItems.serviceRequestId,
          made.map((row) => row.id),
        ),
      );
    expect(items).toHaveLength(0);
    expect(made[0]!.vantageWorkOrderId).toBeNull();

    // Fixed by discarding the refused submit: the item goes, the request stays staged.
    await outbox.discard(entries[0]!.seq!);
    await outbox.replay({ force: true });
    const [after] = await ctx.db
      .select({ n: count() })
      .from(t.serviceItems)
      .where(and(eq(t.serviceItems.serviceRequestId, made[0]!.id)));
    expect(after!.n).toBe(1);
  });
});
