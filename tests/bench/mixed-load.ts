// Mixed load (issue 14 §5): 50 concurrent clients, several demo users, mixing reads and writes for
// MIXED_LOAD_SECONDS (60) on PGlite and on PostgreSQL, beside a bare Hono hello-world under the same
// generator in the same run. Every write carries its own Idempotency-Key; every third write is sent
// again with its key (an answer lost on the way back), and the writers update the same few service
// requests and warranty cards with their rowVersion, so some updates meet 409 (expected, counted apart).
// Afterwards the database says whether every write answered 2xx is there exactly once and the replays
// made nothing (tests/api/benchmarks.test.ts plants a lost and a doubled write and expects it to say so).
// Called by run.ts (BENCH_ONLY=mixed-load); also runs alone: `npx tsx tests/bench/mixed-load.ts`.
// The clients run in a worker thread: on the server's thread they would share its event loop.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { and, count, eq, gt, inArray, like, max } from 'drizzle-orm';
import { ACTIVE_WARRANTY_STATUS, DEFAULT_BASES, paths, type CmhUser, type WarrantyCard } from '../../src/contract';
import type { Database } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { REPLAYED_HEADER } from '../../src/server/http/idempotency';
import { startServer, type RunningServer } from '../../src/server/main';
import { pastWorkDay, scratchPostgres, signInAs, startHelloWorld } from './load';

const GOALS = { errors: 0, lost: 0, doubled: 0 } as const;

/** The demo users the clients sign in as: writers create and edit service requests and edit warranty cards, readers read and write to support; all read. */
const WRITERS = ['admin', 'service'];
const READERS = ['viewer', 'plant', 'company', 'sales'];
/** The users who claim leads (Sales_Leads_Claim): their clients claim the same unclaimed leads. */
const LEAD_CLAIMERS = ['sales'];
/** Service requests and warranty cards each writer's clients update at once with their rowVersion: few, so that updates meet 409. */
const SHARED_RECORDS_PER_WRITER = 6;
/** Every REPLAY_EVERY-th write is sent a second time with its key. */
const REPLAY_EVERY = 3;
/** Attempts of a write whose answer did not arrive (network error), with the same key, as the outbox does. */
const RETRIES = 3;

type ReadKind =
  'profile' | 'work-order list' | 'work-order delta' | 'parts orders' | 'homeowners' | 'quotes' | 'leads' | 'open parts orders report';
export type WriteKind = 'create request' | 'add item' | 'update info' | 'warranty edit' | 'claim lead' | 'support message';
type Kind = ReadKind | WriteKind | 'replay' | 'hello';
/** The order of the report's lines. */
const KIND_ORDER: Kind[] = [
  'profile',
  'work-order list',
  'work-order delta',
  'parts orders',
  'homeowners',
  'quotes',
  'leads',
  'open parts orders report',
  'create request',
  'add item',
  'update info',
  'warranty edit',
  'claim lead',
  'support message',
  'replay',
];

/** A contract endpoint's path on the server's own origin (the default bases). */
const pathOf = (at: { base: keyof typeof DEFAULT_BASES; path: string }) => `${DEFAULT_BASES[at.base]}${at.path}`;

const READS: Record<Exclude<ReadKind, 'work-order delta'>, string> = {
  profile: pathOf(paths.profile),
  'work-order list': pathOf(paths.serviceRequests),
  'parts orders': pathOf(paths.partsOrders),
  homeowners: pathOf(paths.homeowners),
  quotes: pathOf(paths.quotes),
  leads: pathOf(paths.leads),
  'open parts orders report': pathOf(paths.openPartsOrdersReport),
};

// ---------------------------------------------------------------------------------------------------
// The plan the worker gets, and what it sends back.

interface Home {
  id: number;
  plantNumber: string;
  serialNumber: string;
}

/** A record as it was before the run: the versions it gains are the updates applied. */
export interface VersionedRecord {
  id: number;
  rowVersion: number;
}

interface ClientPlan {
  user: string;
  token: string;
  /** The reads this user may make (the others answer 403 by design and are left out). */
  reads: Exclude<ReadKind, 'work-order delta'>[];
  /** Writers only: homes of the user's retailer, and the shared records with their rowVersion at the start. */
  homes: Home[];
  shared: VersionedRecord[];
  /** Writers only: active warranty cards of the user's retailer, as answered before the run. */
  cards: WarrantyCard[];
  /** Lead claimers only: the retailer's unclaimed leads with their rowVersion at the start. */
  leads: VersionedRecord[];
}

interface Plan {
  mode: 'hello' | 'mixed';
  origin: string;
  seconds: number;
  clients: ClientPlan[];
  /** Prefix of every text the run writes, to find its rows afterwards. */
  marker: string;
}

/** One write as the client saw it: verified against the database afterwards. */
export interface WriteRecord {
  kind: WriteKind;
  key: string;
  status: number;
  /** The record the answer named (created request or item, support message id, updated request, edited card). */
  id?: number;
  /** The text that makes the row findable (item problem, support message). */
  text?: string;
}

interface Outcome {
  latencies: Partial<Record<Kind, number[]>>;
  statuses: Partial<Record<Kind, Record<string, number>>>;
  /** Network errors, 5xx and statuses no request of that kind should get. */
  errors: { kind: Kind; detail: string }[];
  conflicts: number;
  writes: WriteRecord[];
  /** Replays whose answer differed from the first (status, record, or no Idempotent-Replayed header). */
  replayMismatches: string[];
  seconds: number;
}

// ---------------------------------------------------------------------------------------------------
// The clients (worker thread): each sends its next request when the previous answer is in.

async function runClients(plan: Plan): Promise<Outcome> {
  const outcome: Outcome = { latencies: {}, statuses: {}, errors: [], conflicts: 0, writes: [], replayMismatches: [], seconds: 0 };
  const deadline = performance.now() + plan.seconds * 1000;
  let writeNumber = 0;

  async function timed(kind: Kind, path: string, init: RequestInit = {}) {
    const began = performance.now();
    try {
      const response = await fetch(`${plan.origin}${path}`, init);
      const text = await response.text();
      (outcome.latencies[kind] ??= []).push(performance.now() - began);
      const statuses = (outcome.statuses[kind] ??= {});
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      return { response, text };
    } catch (error) {
      outcome.errors.push({ kind, detail: `network: ${error instanceof Error ? error.message : String(error)}` });
      return null;
    }
  }

  const unexpected = (kind: Kind, status: number, text: string) => outcome.errors.push({ kind, detail: `${status} ${text.slice(0, 200)}` });

  /** A write with its key, retried with the same key when no answer came; then, every REPLAY_EVERY-th, sent once more. */
  async function write(client: ClientPlan, kind: WriteKind, method: string, path: string, body: unknown, expected: number[]) {
    const key = randomUUID();
    const init: RequestInit = {
      method,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    let answer = null;
    for (let attempt = 0; attempt < RETRIES && !answer; attempt++) answer = await timed(kind, path, init);
    if (!answer) return null;
    const { response, text } = answer;
    if (response.status === 409 && expected.includes(409)) outcome.conflicts++;
    else if (!expected.includes(response.status)) unexpected(kind, response.status, text);
    const json = text && (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {};
    const record: WriteRecord | undefined = response.ok ? { kind, key, status: response.status } : undefined;
    if (record) outcome.writes.push(record);

    if (response.ok && ++writeNumber % REPLAY_EVERY === 0) {
      const again = await timed('replay', path, init);
      if (again) {
        const sameRecord = again.text === text;
        if (again.response.status !== response.status || !sameRecord || again.response.headers.get(REPLAYED_HEADER) !== 'true') {
          outcome.replayMismatches.push(
            `${kind} ${key}: ${response.status} then ${again.response.status}${sameRecord ? '' : ', another body'}`,
          );
        }
      }
    }
    return { status: response.status, json, record };
  }

  async function hello() {
    while (performance.now() < deadline) {
      const answer = await timed('hello', '/');
      if (answer && answer.response.status !== 200) unexpected('hello', answer.response.status, answer.text);
    }
  }

  async function mixed(client: ClientPlan, index: number) {
    const headers = { authorization: `Bearer ${client.token}`, 'accept-encoding': 'gzip, deflate, br' };
    const isWriter = client.homes.length > 0;
    const rowVersions = new Map(client.shared.map((record) => [record.id, record.rowVersion]));
    const cardVersions = new Map(client.cards.map((card) => [card.vantageWarrantyId, card.rowVersion]));
    let cursor: string | null = null;
    let listReads = 0;
    let claims = 0;
    let updates = 0;
    let cardEdits = 0;
    let ownRequest: number | null = null;
    let step = index;

    async function read(kind: ReadKind, path: string) {
      const answer = await timed(kind, path, { headers });
      if (!answer) return null;
      if (answer.response.status !== 200) unexpected(kind, answer.response.status, answer.text);
      return answer;
    }

    while (performance.now() < deadline) {
      step++;
      // Reads in turn, and between them a write (writers) or a support message (now and then, everyone).
      const reading = client.reads[step % client.reads.length]!;
      // Two list reads in three are the device's refresh: the delta since its cursor.
      if (reading === 'work-order list' && cursor !== null && ++listReads % 3 !== 0) {
        const answer = await read('work-order delta', `${READS['work-order list']}?since=${encodeURIComponent(cursor)}`);
        if (answer?.response.ok) cursor = (JSON.parse(answer.text) as { cursor: string }).cursor;
      } else {
        const answer = await read(reading, READS[reading]);
        if (reading === 'work-order list') cursor = answer?.response.headers.get('x-sync-cursor') ?? cursor;
      }
      if (performance.now() >= deadline) break;

      if (!isWriter) {
        if (step % 4 === 0) await supportMessage(client);
        else if (step % 4 === 2 && client.leads.length > 0) {
          // The claimers go through the same leads from different starts: some claims meet a lead already claimed (200, the first claim kept).
          const lead = client.leads[(index + claims++) % client.leads.length]!;
          const claimed = await write(client, 'claim lead', 'POST', pathOf(paths.leads), { leadId: lead.id, status: 'C' }, [200]);
          if (claimed?.record) claimed.record.id = lead.id;
        }
        continue;
      }
      const turn = step % 5;
      if (turn === 0 || ownRequest === null) {
        const home = client.homes[step % client.homes.length]!;
        const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) });
        const created = await write(client, 'create request', 'POST', `${pathOf(paths.createServiceRequest)}?${query}`, undefined, [201]);
        if (created?.status === 201 && created.record) {
          ownRequest = created.json.serviceRequestId as number;
          created.record.id = ownRequest;
        }
      } else if (turn === 1) {
        const text = `${plan.marker} item ${randomUUID()}`;
        const body = {
          problemDescription: text,
          determinedCause: 'Loose fitting',
          actionTaken: 'Tightened and tested',
          partsCost: 4.5,
          laborHours: 0.25,
          isTwoMan: false,
        };
        const added = await write(client, 'add item', 'POST', pathOf(paths.serviceItems(ownRequest)), body, [201]);
        if (added?.record) Object.assign(added.record, { id: ownRequest, text });
      } else if (turn === 2) {
        const record = client.shared[(index + updates++) % client.shared.length]!;
        const today = pastWorkDay();
        await update('update info', pathOf(paths.serviceRequest(record.id)), record.id, rowVersions, (attempt) => ({
          requestType: 'S',
          caseSubject: `${plan.marker} visit ${step}.${attempt}`,
          caseDescription: 'Punch list after setup',
          technician: `Bench ${client.user} ${index}`,
          startDate: today,
          endDate: today,
          performedDate: today,
          tripTime: 1.5,
          mileage: 24,
        }));
      } else if (turn === 3) {
        // A warranty admin's edit of a card others edit too (the other card fields are sent back as answered).
        const card = client.cards[(index + cardEdits++) % client.cards.length]!;
        await update('warranty edit', pathOf(paths.warranty), card.vantageWarrantyId, cardVersions, (attempt) => ({
          ...card,
          firstName: `Bench ${index}.${step}.${attempt}`,
        }));
      } else {
        await supportMessage(client);
      }
    }

    /** `body` saved on the version last seen; on 409, once more on the version the answer carries ("re-apply mine"). */
    async function update(
      kind: 'update info' | 'warranty edit',
      path: string,
      id: number,
      versions: Map<number, number>,
      body: (attempt: number) => object,
    ) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const updated = await write(client, kind, 'PUT', path, { ...body(attempt), rowVersion: versions.get(id)! }, [200, 409]);
        if (updated?.record) updated.record.id = id;
        const current = updated?.status === 409 ? (updated.json.current as { rowVersion?: number } | undefined) : updated?.json;
        if (typeof current?.rowVersion === 'number') versions.set(id, current.rowVersion);
        if (updated?.status !== 409) return;
      }
    }
  }

  async function supportMessage(client: ClientPlan) {
    const text = `${plan.marker} support ${randomUUID()}`;
    const body = { name: `Bench ${client.user}`, phone: '', priority: 'Normal', type: 'Question', message: text };
    const sent = await write(client, 'support message', 'POST', pathOf(paths.support), body, [201]);
    if (sent?.record) Object.assign(sent.record, { id: sent.json.id as number, text });
  }

  const began = performance.now();
  await Promise.all(plan.clients.map((client, index) => (plan.mode === 'hello' ? hello() : mixed(client, index))));
  outcome.seconds = (performance.now() - began) / 1000;
  return outcome;
}

if (!isMainThread && (workerData as { mixedLoad?: Plan } | null)?.mixedLoad) {
  const plan = (workerData as { mixedLoad: Plan }).mixedLoad;
  parentPort!.postMessage(await runClients(plan));
}

/**
 * The module at `moduleUrl` in a worker thread of its own, with `data` as its workerData; answers the first
 * message it posts. Node 20 does not apply tsx's loader to a worker's .ts entry, so a one-line bootstrap
 * loads the module through tsx's API.
 */
export function inWorkerThread<Answer>(moduleUrl: string, data: object): Promise<Answer> {
  const url = JSON.stringify(moduleUrl);
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${url}, ${url}))`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: data });
    worker.once('message', (answer: Answer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The clients of `plan` in a worker thread of their own. */
const inWorker = (plan: Plan) => inWorkerThread<Outcome>(import.meta.url, { mixedLoad: plan });

// ---------------------------------------------------------------------------------------------------
// The servers, the plan, and the check afterwards (main thread).

/** Per user: its token, the reads it may make, and for writers its homes, shared records and warranty cards. */
async function prepareUsers(app: RunningServer, password: string) {
  const users = new Map<string, Omit<ClientPlan, 'user'>>();
  for (const user of [...WRITERS, ...READERS]) {
    const token = await signInAs(app.url, user, password);
    const headers = { authorization: `Bearer ${token}` };
    const reads: ClientPlan['reads'] = [];
    for (const kind of Object.keys(READS) as ClientPlan['reads']) {
      if ((await fetch(`${app.url}${READS[kind]}`, { headers })).status === 200) reads.push(kind);
    }
    let homes: Home[] = [];
    const shared: ClientPlan['shared'] = [];
    const cards: WarrantyCard[] = [];
    if (WRITERS.includes(user)) {
      const profile = (await (await fetch(`${app.url}${pathOf(paths.profile)}`, { headers })).json()) as CmhUser;
      const retailerNumber = profile.currentRetailer?.retailerNumber;
      if (!retailerNumber) throw new Error(`${user}@ has no current retailer`);
      homes = await app.db
        .select({ id: t.homes.id, plantNumber: t.homes.plantNumber, serialNumber: t.homes.serialNumber })
        .from(t.homes)
        .where(eq(t.homes.retailerNumber, retailerNumber))
        .orderBy(t.homes.id)
        .limit(20);
      if (homes.length === 0) throw new Error(`${user}@'s retailer ${retailerNumber} has no homes`);
      for (const home of homes.slice(0, SHARED_RECORDS_PER_WRITER)) {
        const query = new URLSearchParams({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) });
        const response = await fetch(`${app.url}${pathOf(paths.createServiceRequest)}?${query}`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': randomUUID() },
        });
        if (response.status !== 201) throw new Error(`creating a shared record as ${user} answered ${response.status}`);
        const created = (await response.json()) as { serviceRequestId: number; rowVersion: number };
        shared.push({ id: created.serviceRequestId, rowVersion: created.rowVersion });
      }
      // Active cards are complete, so a card sent back as answered passes the form's rules.
      const cardHomes = await app.db
        .select({ id: t.homes.id })
        .from(t.warrantyCards)
        .innerJoin(t.homes, eq(t.homes.id, t.warrantyCards.homeId))
        .where(and(eq(t.homes.retailerNumber, retailerNumber), eq(t.warrantyCards.statusCode, ACTIVE_WARRANTY_STATUS)))
        .orderBy(t.warrantyCards.id)
        .limit(SHARED_RECORDS_PER_WRITER);
      if (cardHomes.length === 0) throw new Error(`${user}@'s retailer ${retailerNumber} has no active warranty card`);
      for (const home of cardHomes) {
        const response = await fetch(`${app.url}${pathOf(paths.assetWarranty(home.id))}`, { headers });
        if (response.status !== 200) throw new Error(`reading the card of home ${home.id} as ${user} answered ${response.status}`);
        cards.push((await response.json()) as WarrantyCard);
      }
    }
    const leads = LEAD_CLAIMERS.includes(user) ? await unclaimedLeads(app, token) : [];
    users.set(user, { token, reads, homes, shared, cards, leads });
  }
  return users;
}

async function unclaimedLeads(app: RunningServer, token: string) {
  const response = await fetch(`${app.url}${pathOf(paths.leads)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${pathOf(paths.leads)} answered ${response.status}`);
  const leads = (await response.json()) as { leadId: number; status: string | null; rowVersion: number }[];
  return leads.filter((lead) => lead.status === null).map((lead) => ({ id: lead.leadId, rowVersion: lead.rowVersion }));
}

/** Each kind's requests, p50 and p99 (ms), from the clients' own clocks. */
function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(50), p99: at(99) };
}

const total = (outcome: Outcome) => Object.values(outcome.latencies).reduce((sum, samples) => sum + samples.length, 0);

export interface Verdict {
  lost: string[];
  doubled: string[];
}

/** What the check needs of the plan: the run's marker, and each client's records with their versions before the run. */
export interface VerifiedPlan {
  marker: string;
  clients: { shared: VersionedRecord[]; cards: Pick<WarrantyCard, 'vantageWarrantyId' | 'rowVersion'>[]; leads: VersionedRecord[] }[];
}

/** Every write that answered 2xx, found in the database exactly once; nothing beyond them (replays made nothing). */
export async function verify(db: Database, writes: WriteRecord[], plan: VerifiedPlan, lastRequestBefore: number): Promise<Verdict> {
  const verdict: Verdict = { lost: [], doubled: [] };
  const ok = (kind: WriteKind) => writes.filter((record) => record.kind === kind);

  // Created requests: each answered id present, distinct per key, and no other request made since.
  const creates = ok('create request');
  const createdIds = new Set(creates.map((record) => record.id));
  const made = await db.select({ id: t.serviceRequests.id }).from(t.serviceRequests).where(gt(t.serviceRequests.id, lastRequestBefore));
  const madeIds = new Set(made.map((row) => row.id));
  for (const record of creates) if (record.id === undefined || !madeIds.has(record.id)) verdict.lost.push(`create request ${record.key}`);
  if (createdIds.size < creates.length)
    verdict.doubled.push(`${creates.length - createdIds.size} create keys answered an id another key had`);
  for (const row of made) if (!createdIds.has(row.id)) verdict.doubled.push(`service request ${row.id} made by no answered create`);

  // Items and support messages: each answered text exactly once, and no text of the run beyond them.
  const countTexts = async (kind: 'add item' | 'support message') => {
    const rows =
      kind === 'add item'
        ? await db
            .select({ text: t.serviceItems.problemDescription, n: count() })
            .from(t.serviceItems)
            .where(like(t.serviceItems.problemDescription, `${plan.marker}%`))
            .groupBy(t.serviceItems.problemDescription)
        : await db
            .select({ text: t.supportMessages.message, n: count() })
            .from(t.supportMessages)
            .where(like(t.supportMessages.message, `${plan.marker}%`))
            .groupBy(t.supportMessages.message);
    const found = new Map(rows.map((row) => [row.text, Number(row.n)]));
    const answered = ok(kind);
    for (const record of answered) {
      const n = found.get(record.text ?? '') ?? 0;
      if (n === 0) verdict.lost.push(`${kind} ${record.key}`);
      if (n > 1) verdict.doubled.push(`${kind} ${record.key} ×${n}`);
    }
    const answeredTexts = new Set(answered.map((record) => record.text));
    for (const [text] of found) if (!answeredTexts.has(text)) verdict.doubled.push(`${kind} "${text}" without an answered write`);
  };
  await countTexts('add item');
  await countTexts('support message');

  // Updates: each one applied bumps the record's rowVersion by one, so the versions gained are the 200s answered.
  const checkVersions = (kind: 'update info' | 'warranty edit', before: Map<number, number>, rows: VersionedRecord[]) => {
    for (const row of rows) {
      const applied = ok(kind).filter((record) => record.id === row.id).length;
      const gained = row.rowVersion - before.get(row.id)!;
      if (gained < applied) verdict.lost.push(`${kind} of ${row.id}: ${applied} answered 200, version gained ${gained}`);
      if (gained > applied) verdict.doubled.push(`${kind} of ${row.id}: ${applied} answered 200, version gained ${gained}`);
    }
  };
  const requestsBefore = new Map(plan.clients.flatMap((client) => client.shared).map((record) => [record.id, record.rowVersion]));
  checkVersions(
    'update info',
    requestsBefore,
    requestsBefore.size
      ? await db
          .select({ id: t.serviceRequests.id, rowVersion: t.serviceRequests.rowVersion })
          .from(t.serviceRequests)
          .where(inArray(t.serviceRequests.id, [...requestsBefore.keys()]))
      : [],
  );
  const cardsBefore = new Map(plan.clients.flatMap((client) => client.cards).map((card) => [card.vantageWarrantyId, card.rowVersion]));
  checkVersions(
    'warranty edit',
    cardsBefore,
    cardsBefore.size
      ? await db
          .select({ id: t.warrantyCards.id, rowVersion: t.warrantyCards.rowVersion })
          .from(t.warrantyCards)
          .where(inArray(t.warrantyCards.id, [...cardsBefore.keys()]))
      : [],
  );

  // Claims: each lead answered 200 is claimed, and by one write only (later claims of a claimed lead change nothing).
  const claimed = new Set(ok('claim lead').map((record) => record.id!));
  const leadsBefore = new Map(plan.clients.flatMap((client) => client.leads).map((lead) => [lead.id, lead.rowVersion]));
  const leadRows = claimed.size
    ? await db
        .select({ id: t.leads.id, status: t.leads.status, rowVersion: t.leads.rowVersion })
        .from(t.leads)
        .where(inArray(t.leads.id, [...claimed]))
    : [];
  for (const row of leadRows) {
    const gained = row.rowVersion - leadsBefore.get(row.id)!;
    if (row.status !== 'C' || gained < 1) verdict.lost.push(`claim of lead ${row.id}: status ${row.status}, version gained ${gained}`);
    if (gained > 1) verdict.doubled.push(`claim of lead ${row.id}: version gained ${gained}`);
  }

  // Keys of the run stored once each (a doubled key would be a doubled claim).
  const keys = writes.map((record) => record.key);
  for (let from = 0; from < keys.length; from += 1000) {
    const slice = keys.slice(from, from + 1000);
    const [stored] = await db
      .select({ n: count() })
      .from(t.idempotencyKeys)
      .where(and(inArray(t.idempotencyKeys.key, slice), eq(t.idempotencyKeys.state, 'done')));
    if (Number(stored?.n ?? 0) !== slice.length)
      verdict.lost.push(`${slice.length - Number(stored?.n ?? 0)} answered keys not stored as done`);
  }
  return verdict;
}

const mark = (met: boolean) => (met ? 'met' : 'MISSED');

/** Prints the figures beside their goals; returns the goals missed. */
function report(label: string, outcome: Outcome, hello: Outcome, verdict: Verdict): string[] {
  const perSecond = total(outcome) / outcome.seconds;
  const helloPerSecond = total(hello) / hello.seconds;
  const errors = outcome.errors.length + outcome.replayMismatches.length;
  const writes = outcome.writes.length;
  console.log(
    `${label}: ${perSecond.toFixed(0)} req/s over ${outcome.seconds.toFixed(0)} s (${total(outcome)} requests), ` +
      `${((perSecond / helloPerSecond) * 100).toFixed(1)}% of the hello-world's ${helloPerSecond.toFixed(0)} req/s`,
  );
  for (const kind of KIND_ORDER) {
    const samples = outcome.latencies[kind];
    if (!samples) continue;
    const { n, p50, p99 } = percentiles(samples);
    const statuses = Object.entries(outcome.statuses[kind] ?? {})
      .map(([status, times]) => `${status}×${times}`)
      .join(' ');
    console.log(
      `  ${kind.padEnd(26)} ${String(n).padStart(6)}  p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  [${statuses}]`,
    );
  }
  console.log(
    `  errors ${errors} (goal ${GOALS.errors}: ${mark(errors <= GOALS.errors)}); ` +
      `lost writes ${verdict.lost.length} of ${writes} answered 2xx (goal ${GOALS.lost}: ${mark(verdict.lost.length <= GOALS.lost)}); ` +
      `doubled ${verdict.doubled.length} (goal ${GOALS.doubled}: ${mark(verdict.doubled.length <= GOALS.doubled)}); ` +
      `409 on concurrent updates ${outcome.conflicts} (expected, not errors); replays ${outcome.latencies.replay?.length ?? 0}`,
  );
  for (const line of [
    ...outcome.errors.map((error) => `${error.kind}: ${error.detail}`),
    ...outcome.replayMismatches,
    ...verdict.lost,
    ...verdict.doubled,
  ].slice(0, 10)) {
    console.log(`    ${line}`);
  }
  return [
    errors > GOALS.errors ? `${label}: ${errors} errors` : '',
    verdict.lost.length > GOALS.lost ? `${label}: ${verdict.lost.length} lost writes` : '',
    verdict.doubled.length > GOALS.doubled ? `${label}: ${verdict.doubled.length} doubled writes` : '',
  ].filter(Boolean);
}

export interface MixedLoadOptions {
  clients: number;
  seconds: number;
  password: string;
}

async function oneDatabase(label: string, databaseUrl: string | undefined, hello: Outcome, options: MixedLoadOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'homesite-bench-mixed-'));
  const app = await startServer({ port: 0, dataDir, databaseUrl, quiet: true, distDir: null });
  try {
    const users = await prepareUsers(app, options.password);
    const order = [...WRITERS, ...READERS];
    // Half the clients write (alternately the two writers), the others read and now and then write to support.
    const clients = Array.from({ length: options.clients }, (_, index) => {
      const user = index % 2 === 0 ? WRITERS[(index / 2) % WRITERS.length]! : order[WRITERS.length + (((index - 1) / 2) % READERS.length)]!;
      return { user, ...users.get(user)! };
    });
    const [{ last } = { last: 0 }] = await app.db.select({ last: max(t.serviceRequests.id) }).from(t.serviceRequests);
    const lastRequestBefore = last ?? 0;
    const plan: Plan = {
      mode: 'mixed',
      origin: app.url,
      seconds: options.seconds,
      clients,
      marker: `mixed-load ${randomUUID().slice(0, 8)}`,
    };
    const outcome = await inWorker(plan);
    return report(label, outcome, hello, await verify(app.db, outcome.writes, plan, lastRequestBefore));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The hello-world, then PGlite, then PostgreSQL (a database of its own, see scratchPostgres), all with
 * the same generator; stops with an error naming the goals missed (errors, lost or doubled writes).
 */
export async function benchMixedLoad(options: MixedLoadOptions) {
  const loadAverage = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(
    `${options.clients} clients (${WRITERS.join(', ')} write service requests and warranty cards; ${READERS.join(', ')} read and write to support; ${LEAD_CLAIMERS.join(', ')} claim leads), ` +
      `${options.seconds} s each ` +
      `(MIXED_LOAD_SECONDS), fetch clients in a worker thread; ${cpus().length} CPUs, load average ${loadAverage()} before`,
  );
  const helloServer = await startHelloWorld();
  let hello: Outcome;
  try {
    hello = await inWorker({
      mode: 'hello',
      origin: new URL(helloServer.url).origin,
      seconds: options.seconds,
      clients: Array.from({ length: options.clients }, () => ({
        user: '',
        token: '',
        reads: [],
        homes: [],
        shared: [],
        cards: [],
        leads: [],
      })),
      marker: '',
    });
  } finally {
    await helloServer.close();
  }
  const { p50, p99 } = percentiles(hello.latencies.hello ?? []);
  console.log(
    `bare Hono hello-world: ${(total(hello) / hello.seconds).toFixed(0)} req/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, errors ${hello.errors.length}`,
  );

  const missed = await oneDatabase('PGlite', undefined, hello, options);
  const postgres = await scratchPostgres();
  try {
    missed.push(...(await oneDatabase(`PostgreSQL (${postgres.where})`, postgres.url, hello, options)));
  } finally {
    await postgres.drop();
  }
  console.log(`load average ${loadAverage()} after`);
  if (missed.length > 0) throw new Error(`goals missed: ${missed.join('; ')}`);
}

// Alone: `npx tsx tests/bench/mixed-load.ts` (PostgreSQL from BENCH_DATABASE_URL's server or scripts/test-postgres.sh).
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchMixedLoad({
    clients: Number(process.env.BENCH_CONCURRENCY ?? 50),
    seconds: Number(process.env.MIXED_LOAD_SECONDS ?? 60),
    password: process.env.DEMO_PASSWORD ?? 'Demo#2026!',
  });
}
