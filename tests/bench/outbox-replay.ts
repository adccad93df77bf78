// Outbox replay (issue 10 §5): a technician's work queued offline (500 calls: 100 service requests
// created offline × create, information, 3 items, each naming the request's temp id) and replayed by
// the app's own outbox, several records at once (MAX_IN_FLIGHT). IndexedDB in node via fake-indexeddb,
// real fetch against the running server. Checked through the database: every request and item once.
// Called by run.ts; also runs alone: `npx tsx tests/bench/outbox-replay.ts` (own server, seed scale
// BENCH_SEED_SCALE or 1, PGlite unless BENCH_DATABASE_URL).
import 'fake-indexeddb/auto';
import { pathToFileURL } from 'node:url';
import { eq, gt, inArray, max } from 'drizzle-orm';
import { DEFAULT_BASES, paths, type CmhUser } from '../../src/contract';
import { openOfflineDb } from '../../src/offline/db';
import { createFetchSend } from '../../src/offline/fetch-send';
import { MAX_IN_FLIGHT, createOutbox, type OutboxCall } from '../../src/offline/outbox';
import { newTempId } from '../../src/offline/temp-ids';
import * as t from '../../src/server/db/schema';
import type { RunningServer } from '../../src/server/main';
import { signIn, startScaledServer } from './work-orders-api';

const REQUESTS = 100;
const ITEMS_PER_REQUEST = 3;
/** Per request: the create, its information, its items. */
const CALLS_PER_REQUEST = 2 + ITEMS_PER_REQUEST;
const MAX_REPLAYS = 2_000;
const GOAL_CALLS_PER_SECOND = 150;

type Home = { id: number; plantNumber: string; serialNumber: string };

/** What a technician enters for one home while offline: create, information, items, each naming the temp id. */
function technicianCalls(home: Home, index: number, today: string): OutboxCall[] {
  const tempId = newTempId();
  const recordKey = `service-request:${tempId}`;
  const calls: OutboxCall[] = [
    {
      method: 'POST',
      base: paths.createServiceRequest.base,
      path: paths.createServiceRequest.path,
      query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) },
      recordKey,
      label: 'Create service request',
      intent: {
        feature: 'work-orders',
        kind: 'create-request',
        requestId: tempId,
        requestNumber: tempId,
        plantNumber: home.plantNumber,
        longSerialNumber: home.serialNumber,
        assetId: home.id,
      },
      createsTempId: tempId,
      idField: 'serviceRequestId',
    },
    {
      method: 'PUT',
      base: paths.serviceRequest(tempId).base,
      path: paths.serviceRequest(tempId).path,
      // A fresh request is at rowVersion 0, and item writes do not bump it (work-orders/rules.ts).
      body: {
        requestType: 'S',
        caseSubject: `Bench visit ${index}`,
        caseDescription: 'Punch list after setup',
        technician: 'Bench Technician',
        startDate: today,
        endDate: today,
        performedDate: today,
        tripTime: 1.5,
        mileage: 24,
        rowVersion: 0,
      },
      recordKey,
      label: 'Save service request information',
      intent: { feature: 'work-orders', kind: 'information' },
    },
  ];
  for (let item = 1; item <= ITEMS_PER_REQUEST; item++) {
    calls.push({
      method: 'POST',
      base: paths.serviceItems(tempId).base,
      path: paths.serviceItems(tempId).path,
      body: {
        problemDescription: `Bench problem ${index}.${item}`,
        determinedCause: 'Loose fitting',
        actionTaken: 'Tightened and tested',
        partsCost: 4.5 * item,
        laborHours: 0.25 * item,
        isTwoMan: item % 3 === 0,
      },
      recordKey,
      label: 'Add service item',
      intent: { feature: 'work-orders', kind: 'service-item', action: 'add', id: `${tempId}-${item}` },
    });
  }
  return calls;
}

const callKind = (method: string, url: string) =>
  url.includes('CreateServiceRequest') ? 'create' : url.includes('/items') ? 'item' : `${method.toLowerCase()} information`;

/** A fetch that loses the answer of a share of the calls after the server has acted (tests/api/outbox.test.ts). */
function fetchLosingAnswers(lossRate: number, seed: number) {
  let state = seed;
  const random = () => {
    // mulberry32: the same calls lose their answers on every run.
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const stats = { calls: 0, lost: 0, ms: 0, out: 0, maxOut: 0, byKind: new Map<string, { calls: number; ms: number }>() };
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    stats.calls++;
    stats.maxOut = Math.max(stats.maxOut, ++stats.out);
    const t0 = performance.now();
    const response = await fetch(input, init).finally(() => stats.out--);
    const text = await response.text(); // the server has finished with the request
    const ms = performance.now() - t0;
    stats.ms += ms;
    const kind = callKind(init?.method ?? 'GET', String(input));
    const kindStats = stats.byKind.get(kind) ?? { calls: 0, ms: 0 };
    stats.byKind.set(kind, { calls: kindStats.calls + 1, ms: kindStats.ms + ms });
    if (random() < lossRate) {
      stats.lost++;
      throw new TypeError('fetch failed');
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { fetch: wrapped as typeof fetch, stats };
}

async function replayRun(app: RunningServer, token: string, homes: Home[], lossRate: number, run: number) {
  const [{ lastId } = { lastId: 0 }] = await app.db.select({ lastId: max(t.serviceRequests.id) }).from(t.serviceRequests);
  const today = new Date().toISOString().slice(0, 10);
  const db = openOfflineDb(`bench-outbox-${run}-${Date.now()}`);
  const network = fetchLosingAnswers(lossRate, 20_260 + run);
  const send = createFetchSend({
    resolveBase: (base) => `${app.url}${DEFAULT_BASES[base]}`,
    getToken: () => token,
    fetch: network.fetch,
    XMLHttpRequest: undefined,
  });
  const outbox = createOutbox({ db, send, locks: null });

  // A home may have several requests: the seed gives a retailer fewer homes than requests at small scales.
  const calls = Array.from({ length: REQUESTS }, (_, index) => technicianCalls(homes[index % homes.length]!, index, today)).flat();
  const queueStart = performance.now();
  for (const call of calls) await outbox.enqueue(call);
  const queueMs = performance.now() - queueStart;

  const began = performance.now();
  let replays = 0;
  while ((await db.outbox.where('status').equals('pending').count()) > 0 && replays < MAX_REPLAYS) {
    replays++;
    await outbox.replay({ force: true });
  }
  const seconds = (performance.now() - began) / 1000;
  const left = await db.outbox.toArray();
  await db.delete();

  const created = await app.db
    .select({ id: t.serviceRequests.id, rowVersion: t.serviceRequests.rowVersion, technician: t.serviceRequests.technician })
    .from(t.serviceRequests)
    .where(gt(t.serviceRequests.id, lastId ?? 0));
  const ids = created.map((row) => row.id);
  const itemRows =
    ids.length === 0
      ? []
      : await app.db
          .select({ requestId: t.serviceItems.serviceRequestId, problem: t.serviceItems.problemDescription })
          .from(t.serviceItems)
          .where(inArray(t.serviceItems.serviceRequestId, ids));
  const duplicateItems = itemRows.length - new Set(itemRows.map((row) => `${row.requestId} ${row.problem}`)).size;
  // The information PUT is made at rowVersion 0: applied once it leaves 1; a second application would be refused (409).
  const informationOnce = created.filter((row) => row.rowVersion === 1 && row.technician === 'Bench Technician').length;
  const duplicates = Math.max(0, created.length - REQUESTS) + duplicateItems;
  const complete =
    created.length === REQUESTS && itemRows.length === REQUESTS * ITEMS_PER_REQUEST && informationOnce === REQUESTS && left.length === 0;

  const label = lossRate === 0 ? 'no losses' : `${Math.round(lossRate * 100)}% of answers lost`;
  const rate = calls.length / seconds;
  console.log(
    `replay of ${calls.length} queued calls, ${label}: ${rate.toFixed(0)} calls/s (goal ≥ ${GOAL_CALLS_PER_SECOND})` +
      `${rate >= GOAL_CALLS_PER_SECOND ? '' : '  << BELOW GOAL'}, duplicates ${duplicates} (goal 0)${duplicates === 0 ? '' : '  << DUPLICATES'}`,
  );
  console.log(
    `  ${seconds.toFixed(2)} s; ${replays} replay runs, ${network.stats.calls} HTTP calls, ${network.stats.lost} answers lost, ` +
      `at most ${network.stats.maxOut} out at once (limit ${MAX_IN_FLIGHT}); ` +
      `${(network.stats.ms / 1000).toFixed(1)} s of calls out summed; enqueue ${queueMs.toFixed(0)} ms`,
  );
  console.log(
    `  in the database: ${created.length}/${REQUESTS} requests, ${informationOnce}/${REQUESTS} with their information saved once, ` +
      `${itemRows.length}/${REQUESTS * ITEMS_PER_REQUEST} items; entries left in the outbox ${left.length}` +
      `${complete ? '' : '  << INCOMPLETE'}`,
  );
  const perKind = [...network.stats.byKind].map(([kind, { calls: n, ms }]) => `${kind} ${(ms / n).toFixed(1)} ms`);
  console.log(`  mean time per call: ${perKind.join(', ')}`);
  if (left.length > 0) console.log(`  first left: ${JSON.stringify(left[0]?.lastError)} (${left[0]?.label})`);
}

export async function benchOutboxReplay(app: RunningServer, password: string) {
  const token = await signIn(app, 'admin', password);
  const profile = (await (
    await fetch(`${app.url}/auth/api/Account/User`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as CmhUser;
  const retailerNumber = profile.currentRetailer?.retailerNumber;
  if (!retailerNumber) throw new Error('admin@ has no current retailer');
  const homes = await app.db
    .select({ id: t.homes.id, plantNumber: t.homes.plantNumber, serialNumber: t.homes.serialNumber })
    .from(t.homes)
    .where(eq(t.homes.retailerNumber, retailerNumber))
    .orderBy(t.homes.id)
    .limit(REQUESTS);
  if (homes.length === 0) throw new Error(`retailer ${retailerNumber} has no homes`);
  console.log(
    `${REQUESTS} offline service requests × (create + information + ${ITEMS_PER_REQUEST} items) = ${REQUESTS * CALLS_PER_REQUEST} calls ` +
      `on ${homes.length} homes, as admin@ (retailer ${retailerNumber}); up to ${MAX_IN_FLIGHT} calls of different requests at once`,
  );
  await replayRun(app, token, homes, 0, 1);
  await replayRun(app, token, homes, 0.1, 2);
}

// Alone: its own server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const scale = Number(process.env.BENCH_SEED_SCALE ?? 1);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const scaled = await startScaledServer(scale, databaseUrl);
  console.log(
    `# Outbox replay (fake-indexeddb, real fetch; seed scale ${scale}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, started in ${scaled.seedSeconds.toFixed(1)} s)`,
  );
  try {
    await benchOutboxReplay(scaled.app, process.env.DEMO_PASSWORD ?? 'Demo#2026!');
  } finally {
    await scaled.close();
  }
}
