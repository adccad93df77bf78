// Outbox replay (issue 10 §5): a technician's work queued offline (500 calls: 100 service requests
// created offline × create, information, 3 items, each naming the request's temp id) and replayed by
// the app's own outbox, several records at once (MAX_IN_FLIGHT). IndexedDB in node via fake-indexeddb,
// real fetch against the running server. The throughput counts only the calls whose rows the database
// holds, and the run fails (throws) when a call's rows are missing or doubled, or an entry is left in the
// outbox (parked as failed, or never sent). Called by run.ts; also runs alone:
// `npx tsx tests/bench/outbox-replay.ts` (own server, seed scale BENCH_SEED_SCALE or 1, PGlite unless
// BENCH_DATABASE_URL). tests/api/benchmarks.test.ts plants faults and expects it to fail.
import 'fake-indexeddb/auto';
import { pathToFileURL } from 'node:url';
import { and, countDistinct, eq, gt, inArray, max } from 'drizzle-orm';
import { DEFAULT_BASES, paths, type CmhUser } from '../../src/contract';
import { openOfflineDb, type OutboxEntry } from '../../src/offline/db';
import { createFetchSend } from '../../src/offline/fetch-send';
import { MAX_IN_FLIGHT, createOutbox, type OutboxCall } from '../../src/offline/outbox';
import { newTempId } from '../../src/offline/temp-ids';
import type { Database } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { pastWorkDay } from './load';
import { startScaledServer } from './work-orders-api';

const REQUESTS = 100;
const ITEMS_PER_REQUEST = 3;
/** Per request: the create, its information, its items. */
const CALLS_PER_REQUEST = 2 + ITEMS_PER_REQUEST;
const MAX_REPLAYS = 2_000;
const GOAL_CALLS_PER_SECOND = 150;
const TECHNICIAN = 'Bench Technician';

type Home = { id: number; plantNumber: string; serialNumber: string };

/** Where the calls go: a running server (run.ts), or an app in-process behind its own `fetch` (the tests). */
export interface ReplayTarget {
  url: string;
  db: Database;
  fetch?: typeof fetch;
}

export interface ReplayOptions {
  /** Service requests queued per run (REQUESTS). */
  requests?: number;
  /** One run per rate of answers lost on the way back. */
  lossRates?: number[];
  /** Wraps the network the outbox sends through: a planted fault, for the tests. */
  tamper?: (network: typeof fetch) => typeof fetch;
}

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
        technician: TECHNICIAN,
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
function fetchLosingAnswers(network: typeof fetch, lossRate: number, seed: number) {
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
    const response = await network(input, init).finally(() => stats.out--);
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

/**
 * What the database holds of a run's calls, each call counted once: the requests created (as many as queued),
 * the information saved once (made at rowVersion 0, it leaves 1; a second application would be refused with
 * 409), and the items by their text (unique in a run); and the rows made beyond those.
 */
async function heldByServer(db: Database, lastId: number, requests: number) {
  const created = await db.select({ id: t.serviceRequests.id }).from(t.serviceRequests).where(gt(t.serviceRequests.id, lastId));
  const [information] =
    created.length === 0
      ? []
      : await db
          .select({ subjects: countDistinct(t.serviceRequests.caseSubject) })
          .from(t.serviceRequests)
          .where(and(gt(t.serviceRequests.id, lastId), eq(t.serviceRequests.rowVersion, 1), eq(t.serviceRequests.technician, TECHNICIAN)));
  const itemRows =
    created.length === 0
      ? []
      : await db
          .select({ problem: t.serviceItems.problemDescription })
          .from(t.serviceItems)
          .where(
            inArray(
              t.serviceItems.serviceRequestId,
              created.map((row) => row.id),
            ),
          );
  const items = new Set(itemRows.map((row) => row.problem)).size;
  const requestsHeld = Math.min(created.length, requests);
  const informationHeld = Number(information?.subjects ?? 0);
  return {
    requests: requestsHeld,
    information: informationHeld,
    items,
    calls: requestsHeld + informationHeld + items,
    duplicates: Math.max(0, created.length - requests) + (itemRows.length - items),
  };
}

/** One replay of `requests` offline service requests; prints its figures and answers what went wrong (none when all is well). */
async function replayRun(
  target: ReplayTarget,
  network: typeof fetch,
  token: string,
  homes: Home[],
  requests: number,
  lossRate: number,
  run: number,
) {
  const [{ lastId } = { lastId: 0 }] = await target.db.select({ lastId: max(t.serviceRequests.id) }).from(t.serviceRequests);
  const today = pastWorkDay();
  const db = openOfflineDb(`bench-outbox-${run}-${Date.now()}`);
  const losing = fetchLosingAnswers(network, lossRate, 20_260 + run);
  const send = createFetchSend({
    resolveBase: (base) => `${target.url}${DEFAULT_BASES[base]}`,
    getToken: () => token,
    fetch: losing.fetch,
    XMLHttpRequest: undefined,
  });
  const outbox = createOutbox({ db, send, locks: null });

  // A home may have several requests: the seed gives a retailer fewer homes than requests at small scales.
  const calls = Array.from({ length: requests }, (_, index) => technicianCalls(homes[index % homes.length]!, index, today)).flat();
  const queueStart = performance.now();
  for (const call of calls) await outbox.enqueue(call);
  const queueMs = performance.now() - queueStart;

  const began = performance.now();
  let replays = 0;
  while ((await db.outbox.where('status').equals('pending').count()) > 0 && replays < MAX_REPLAYS) {
    replays++;
    // Drained with entries still pending: they wait behind one parked as failed, and no further run sends them.
    if ((await outbox.replay({ force: true })).stoppedBy === 'drained') break;
  }
  const seconds = (performance.now() - began) / 1000;
  const left = await db.outbox.toArray();
  await db.delete();

  const held = await heldByServer(target.db, lastId ?? 0, requests);
  const incomplete = held.calls < calls.length || left.length > 0;
  const label = lossRate === 0 ? 'no losses' : `${Math.round(lossRate * 100)}% of answers lost`;
  // Throughput is what the server holds, not what was queued: a call parked or never sent is not delivered.
  const rate = held.calls / seconds;
  console.log(
    `replay of ${calls.length} queued calls, ${label}: ${rate.toFixed(0)} calls delivered/s (goal ≥ ${GOAL_CALLS_PER_SECOND})` +
      `${rate >= GOAL_CALLS_PER_SECOND ? '' : '  << BELOW GOAL'}, duplicates ${held.duplicates} (goal 0)${held.duplicates === 0 ? '' : '  << DUPLICATES'}`,
  );
  console.log(
    `  ${seconds.toFixed(2)} s; ${replays} replay runs, ${losing.stats.calls} HTTP calls, ${losing.stats.lost} answers lost, ` +
      `at most ${losing.stats.maxOut} out at once (limit ${MAX_IN_FLIGHT}); ` +
      `${(losing.stats.ms / 1000).toFixed(1)} s of calls out summed; enqueue ${queueMs.toFixed(0)} ms`,
  );
  console.log(
    `  in the database: ${held.calls}/${calls.length} calls: ${held.requests}/${requests} requests, ` +
      `${held.information}/${requests} with their information saved once, ${held.items}/${requests * ITEMS_PER_REQUEST} items; ` +
      `entries left in the outbox ${left.length}${describeLeft(left)}${incomplete ? '  << INCOMPLETE' : ''}`,
  );
  const perKind = [...losing.stats.byKind].map(([kind, { calls: n, ms }]) => `${kind} ${(ms / n).toFixed(1)} ms`);
  console.log(`  mean time per call: ${perKind.join(', ')}`);
  return [
    incomplete
      ? `${label}: INCOMPLETE, ${held.calls}/${calls.length} calls held by the server, ${left.length} entries left in the outbox`
      : '',
    held.duplicates > 0 ? `${label}: DUPLICATES, ${held.duplicates} rows made twice` : '',
  ].filter(Boolean);
}

/** The entries left, by status, and the first one's error. */
function describeLeft(left: OutboxEntry[]) {
  if (left.length === 0) return '';
  const byStatus = new Map<string, number>();
  for (const entry of left) byStatus.set(entry.status, (byStatus.get(entry.status) ?? 0) + 1);
  const first = left.find((entry) => entry.lastError) ?? left[0]!;
  return (
    ` (${[...byStatus].map(([status, n]) => `${n} ${status}`).join(', ')}; ` +
    `first: ${first.label}, ${first.lastError ? `${first.lastError.status} ${first.lastError.message}` : 'never answered'})`
  );
}

/** Two replays (no answer lost, then 10% lost) on `target`, as admin@; throws when either is incomplete or made duplicates. */
export async function benchOutboxReplay(target: ReplayTarget, password: string, options: ReplayOptions = {}) {
  const requests = options.requests ?? REQUESTS;
  const direct = target.fetch ?? fetch;
  const network = options.tamper ? options.tamper(direct) : direct;
  const signedIn = await direct(`${target.url}/auth/api/Account/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: 'admin@demo.homesite.test', Password: password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in of admin answered ${signedIn.status}`);
  const token = ((await signedIn.json()) as { bearerToken: string }).bearerToken;
  const profile = (await (
    await direct(`${target.url}/auth/api/Account/User`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as CmhUser;
  const retailerNumber = profile.currentRetailer?.retailerNumber;
  if (!retailerNumber) throw new Error('admin@ has no current retailer');
  const homes = await target.db
    .select({ id: t.homes.id, plantNumber: t.homes.plantNumber, serialNumber: t.homes.serialNumber })
    .from(t.homes)
    .where(eq(t.homes.retailerNumber, retailerNumber))
    .orderBy(t.homes.id)
    .limit(requests);
  if (homes.length === 0) throw new Error(`retailer ${retailerNumber} has no homes`);
  console.log(
    `${requests} offline service requests × (create + information + ${ITEMS_PER_REQUEST} items) = ${requests * CALLS_PER_REQUEST} calls ` +
      `on ${homes.length} homes, as admin@ (retailer ${retailerNumber}); up to ${MAX_IN_FLIGHT} calls of different requests at once`,
  );
  const problems: string[] = [];
  const lossRates = options.lossRates ?? [0, 0.1];
  for (const [run, lossRate] of lossRates.entries()) {
    problems.push(...(await replayRun(target, network, token, homes, requests, lossRate, run + 1)));
  }
  if (problems.length > 0) throw new Error(`outbox replay: ${problems.join('; ')}`);
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
