import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ServiceRequestSummaryRow,
  syncPageAnswer,
  type ServiceRequest,
  type ServiceRequestSummary,
  type SyncPage,
} from '../../src/contract';
import { isKeptRecord } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { workOrderList } from '../../src/features/work-orders/api/get-work-orders';
import { homes } from '../../src/server/db/schema';
import { pruneExpiredRows } from '../../src/server/db/maintenance';
import { TOMBSTONE_RETENTION_MS } from '../../src/server/sync/tombstones';
import { openOfflineDb } from '../../src/offline/db';
import { KeptList } from '../../src/offline/kept-lists';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 22 §5: a device offline for longer than the tombstone horizon. While it is away a work order it keeps is
 * deleted, and the daily prune then drops that delete's tombstone (older than TOMBSTONE_RETENTION_MS, 60 days). The
 * server can no longer tell the device what it lost, so its next delta is `reset`; the device primes its list again
 * and keeps no deleted row. Both halves run here: the server's answers, and the client's real kept-list code
 * (offline/kept-lists.ts, the work-order list's own spec) storing them in IndexedDB (fake-indexeddb), its calls
 * answered by the app.
 */

const WorkOrderPage = syncPageAnswer(ServiceRequestSummaryRow);
const DAY_MS = 86_400_000;

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
});
afterAll(() => t.close());

/** The device: the work-order list's kept copy in its own IndexedDB, asking the app; every page it was answered is recorded. */
function device() {
  const pages: SyncPage<ServiceRequestSummary>[] = [];
  const db = openOfflineDb(`tombstone-horizon-${randomUUID()}`);
  const list = new KeptList<ServiceRequestSummary>(
    {
      ...workOrderList.spec,
      fetchPage: async (since, limit) => {
        const answer = await t.call('GET', '/api/service', { token, query: { since, limit: String(limit) } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const page = v.parse(WorkOrderPage, answer.body);
        pages.push(page);
        return page;
      },
    },
    () => db,
  );
  const keptIds = async () => (await db.workOrders.toArray()).map((row) => row.serviceRequestId).sort((a, b) => a - b);
  return { db, list, pages, keptIds };
}

/** The server's rows that the device keeps (the kept-list rule of contract/kept-lists.ts). */
async function serverIds() {
  const answer = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token });
  expect(answer.status).toBe(200);
  const today = businessDay(DEFAULT_ORG_TIME_ZONE);
  return answer.body
    .filter((row) => isKeptRecord(row, today))
    .map((row) => row.serviceRequestId)
    .sort((a, b) => a - b);
}

describe('a device offline longer than the tombstone horizon', () => {
  it('gets reset, primes its list again and keeps no row deleted while it was away', async () => {
    const [home] = await t.db.select().from(homes).where(eq(homes.retailerNumber, '4217')).limit(1);
    const created = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
      token,
      query: { plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.id) },
    });
    expect(created.status).toBe(201);
    const deletedId = created.body.serviceRequestId;

    const tablet = device();
    const scope = 'service|4217';
    await tablet.list.sync(scope);
    expect(await tablet.keptIds()).toContain(deletedId);
    const cursorBefore = tablet.pages.at(-1)!.cursor;

    // Away: the request is deleted, and past the retention the prune drops the delete's tombstone.
    expect((await t.call('DELETE', `/api/service/${deletedId}`, { token })).status).toBe(204);
    await pruneExpiredRows(t.db, new Date(Date.now() + TOMBSTONE_RETENTION_MS + DAY_MS));

    tablet.pages.length = 0;
    await tablet.list.sync(scope);

    // The server's half: the first delta from the old cursor starts over, and nothing in it names the deleted row.
    const [first] = tablet.pages;
    expect(first).toMatchObject({ reset: true });
    expect(first!.removed).not.toContain(deletedId);
    expect(tablet.pages.flatMap((page) => page.items).map((row) => row.serviceRequestId)).not.toContain(deletedId);
    expect(tablet.pages.at(-1)!.cursor).not.toBe(cursorBefore);
    // The device's half: primed again, it holds exactly the server's list, without the deleted row.
    const kept = await tablet.keptIds();
    expect(kept).not.toContain(deletedId);
    expect(kept).toEqual(await serverIds());
    expect(tablet.list.snapshot().rows?.some((row) => row.serviceRequestId === deletedId)).toBe(false);
    tablet.db.close();
  });
});
