import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxFile } from '../../../src/offline/db';
import { BACKOFF_MAX_MS, MAX_IN_FLIGHT, createOutbox, type Outbox, type SendAnswer } from '../../../src/offline/outbox';
import { findTempIds } from '../../../src/offline/temp-ids';
import { FakeServer } from './fake-server';
import { Clock, addItem, createRecord, freshDb, linkRecords, renameRecord, tempId } from './helpers';

/*
 * Random sequences of offline edits, replays, page reloads and clock jumps, with every send meeting a
 * random fate: fine, lost before the server, lost after the server acted, 503, 500, or the page
 * reloading while the request is out. Whatever happens, once the network is good again and enough
 * replays ran, the server holds exactly the intended records and changes, each once, each record's in
 * the order the user made them.
 *
 * The second property holds every call out until the test answers it, and answers the calls out in a
 * random order with random fates while edits keep being queued: replay goes across records
 * concurrently, so this is where two calls of one record out at once, a dependent sent before its
 * create was answered, or an entry handed out twice would show.
 */

type Fate = 'ok' | 'lostBefore' | 'lostAfter' | '503' | '500' | 'reloadBefore' | 'reloadAfter';
const fates: Fate[] = ['ok', 'lostBefore', 'lostAfter', '503', '500', 'reloadBefore', 'reloadAfter'];

type Command =
  | { kind: 'create'; title: string }
  | { kind: 'rename'; record: number; title: string }
  | { kind: 'item'; record: number; text: string; photo: boolean }
  | { kind: 'link'; record: number; target: number }
  | { kind: 'replay'; force: boolean }
  | { kind: 'reload' }
  | { kind: 'tick'; ms: number };

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), title: word }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), record: fc.nat(), title: word }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('item' as const), record: fc.nat(), text: word, photo: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('link' as const), record: fc.nat(), target: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replay' as const), force: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 2 * BACKOFF_MAX_MS }) }) },
);

interface IntendedRecord {
  /** A temp id for records created offline; the server id for records the device already knew. */
  clientId: string | number;
  title: string;
  items: string[];
  photos: string[];
  links: number[]; // indexes of target records
  /** Every change to this record in the order the user made it. */
  ops: string[];
  /** The Idempotency-Key of its create, for records created offline: how its server record is found. */
  createKey?: string;
}

class Harness {
  readonly db = freshDb();
  readonly server = new FakeServer();
  readonly clock = new Clock();
  outbox!: Outbox;
  private hung: (() => void) | undefined;
  sends = 0;
  /** Bumped by a reload: the old page is gone, so whatever it still tries to send never leaves. */
  private generation = 0;

  constructor(private readonly fateOf: (n: number) => Fate) {
    this.reload();
  }

  reload() {
    const generation = ++this.generation;
    this.outbox = createOutbox({
      db: this.db,
      locks: null,
      now: this.clock.now,
      random: () => 0.5,
      send: (entry, files) => (generation === this.generation ? this.send(entry, files) : new Promise(() => undefined)),
    });
  }

  private send(entry: OutboxEntry, files: OutboxFile[]): Promise<SendAnswer> {
    const fate = this.fateOf(this.sends++);
    switch (fate) {
      case 'lostBefore':
        return Promise.reject(new TypeError('Failed to fetch'));
      case 'lostAfter':
        this.server.handle(entry, files);
        return Promise.reject(new TypeError('Failed to fetch'));
      case '503':
        return Promise.resolve({ status: 503, body: { message: 'Maintenance' } });
      case '500':
        return Promise.resolve({ status: 500, body: { message: 'Oops' } });
      case 'reloadBefore':
      case 'reloadAfter':
        // The page goes away while the request is out: this replay never finishes.
        if (fate === 'reloadAfter') this.server.handle(entry, files);
        this.hung?.();
        return new Promise(() => undefined);
      default:
        return Promise.resolve(this.server.handle(entry, files));
    }
  }

  /** Runs a replay; if the page "reloads" during it, a new outbox takes over as after a real reload. */
  async replay(force: boolean) {
    const hung = new Promise<'hung'>((resolve) => (this.hung = () => resolve('hung')));
    const outcome = await Promise.race([this.outbox.replay({ force }), hung]);
    this.hung = undefined;
    if (outcome === 'hung') this.reload();
  }
}

async function run(commands: Command[], fateList: Fate[]) {
  const harness = new Harness((n) => fateList[n] ?? 'ok');
  // Two records that exist on the server and that the device already knows by their ids.
  const intended: IntendedRecord[] = [1, 2].map((id) => {
    harness.server.records.set(id, { id, title: `existing ${id}`, items: [], links: [], photos: [] });
    return { clientId: id, title: `existing ${id}`, items: [], photos: [], links: [], ops: [] };
  });
  let nextTemp = 1;
  const enqueue = async (call: Parameters<Outbox['enqueue']>[0]) => (await harness.outbox.enqueue(call)).idempotencyKey;

  for (const cmd of commands) {
    const target = intended.length ? intended['record' in cmd ? cmd.record % intended.length : 0] : undefined;
    switch (cmd.kind) {
      case 'create': {
        const clientId = tempId(nextTemp++);
        const record: IntendedRecord = { clientId, title: cmd.title, items: [], photos: [], links: [], ops: [`create ${cmd.title}`] };
        intended.push(record);
        record.createKey = await enqueue(createRecord(clientId, cmd.title));
        break;
      }
      case 'rename':
        if (!target) break;
        target.title = cmd.title;
        target.ops.push(`rename ${cmd.title}`);
        await enqueue(renameRecord(target.clientId, cmd.title));
        break;
      case 'item': {
        if (!target) break;
        target.items.push(cmd.text);
        target.ops.push(`item ${cmd.text}`);
        const call = addItem(target.clientId, cmd.text);
        if (cmd.photo) {
          target.photos.push(cmd.text);
          await enqueue({ ...call, files: [{ field: 'photo', blob: new Blob([cmd.text]), name: `${cmd.text}.jpg` }] });
        } else {
          await enqueue(call);
        }
        break;
      }
      case 'link': {
        if (!target) break;
        const to = cmd.target % intended.length;
        target.links.push(to);
        target.ops.push(`link ${to}`);
        await enqueue(linkRecords(target.clientId, intended[to]!.clientId));
        break;
      }
      case 'replay':
        await harness.replay(cmd.force);
        break;
      case 'reload':
        harness.reload();
        break;
      case 'tick':
        harness.clock.advance(cmd.ms);
        break;
    }
  }

  // The network is good again: replays (with time passing) drain the queue. An entry parked after
  // repeated 500s is retried, as the user would from the pending-changes screen.
  for (let round = 0; round < 200 && (await harness.db.outbox.count()) > 0; round++) {
    harness.clock.advance(BACKOFF_MAX_MS * 2);
    for (const parked of await harness.db.outbox.where('status').equals('failed').toArray()) {
      expect(parked.lastError?.status).toBe(500);
      await harness.outbox.retry(parked.seq!);
    }
    await harness.replay(false);
  }

  expect(await harness.db.outbox.count()).toBe(0);
  expect(await harness.db.files.count()).toBe(0);
  verifyServer(harness.server, intended);
}

/**
 * The server holds exactly the intended records and changes: each change applied once, each record's
 * changes in the order the user made them, links to the right records. Across records the order is
 * free (replay goes concurrently), so records created offline are found by the key of their create.
 */
function verifyServer(server: FakeServer, intended: IntendedRecord[]) {
  const appliedKeys = server.applied.map((call) => call.idempotencyKey);
  expect(new Set(appliedKeys).size).toBe(appliedKeys.length);
  expect(server.applied).toHaveLength(intended.reduce((sum, r) => sum + r.ops.length, 0));
  expect(server.records.size).toBe(intended.length);

  const serverIdOf = (index: number): number => {
    const wanted = intended[index]!;
    if (wanted.createKey === undefined) return wanted.clientId as number;
    const create = server.applied.find((call) => call.idempotencyKey === wanted.createKey);
    expect(create, `the create of ${wanted.title}`).toBeDefined();
    return create!.recordId!;
  };
  const records = intended.map((_, index) => server.records.get(serverIdOf(index))!);
  records.forEach((record, index) => {
    const wanted = intended[index]!;
    expect(record).toBeDefined();
    expect(record.title).toBe(wanted.title);
    expect(record.items).toEqual(wanted.items);
    expect(record.photos.map((p) => p.text)).toEqual(wanted.photos);
    expect(record.links).toEqual(wanted.links.map(serverIdOf));
  });

  const opsByRecord = new Map<number, string[]>();
  for (const call of server.applied) {
    const body = call.body as Record<string, unknown>;
    const op =
      call.path === '/records'
        ? `create ${String(body.title)}`
        : call.method === 'PUT'
          ? `rename ${String(body.title)}`
          : call.path.endsWith('/items')
            ? `item ${String(body.text)}`
            : `link ${records.findIndex((r) => r.id === body.target)}`;
    opsByRecord.set(call.recordId!, [...(opsByRecord.get(call.recordId!) ?? []), op]);
  }
  records.forEach((record, index) => expect(opsByRecord.get(record.id) ?? []).toEqual(intended[index]!.ops));
}

describe('outbox under random failures (property)', () => {
  it('delivers every change exactly once, in order, whatever the network does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), fc.array(fc.constantFrom(...fates), { maxLength: 60 }), run),
      { numRuns: 120 },
    );
  }, 120_000);
});

type AnswerFate = 'ok' | 'lostBefore' | 'lostAfter' | '503' | '409';
type Edit = Extract<Command, { kind: 'create' | 'rename' | 'item' | 'link' }>;
type Step =
  | { kind: 'edit'; edit: Edit }
  /** The server answers one of the calls out (chosen by `pick`), in any order. */
  | { kind: 'answer'; pick: number; fate: AnswerFate }
  | { kind: 'replay'; force: boolean }
  | { kind: 'tick'; ms: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), title: word }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), record: fc.nat(), title: word }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('item' as const), record: fc.nat(), text: word, photo: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('link' as const), record: fc.nat(), target: fc.nat() }) },
);
const answerFate = fc.constantFrom<AnswerFate>('ok', 'ok', 'ok', 'lostBefore', 'lostAfter', '503', '409');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), edit }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), fate: answerFate }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), force: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 2 * BACKOFF_MAX_MS }) }) },
);

/** Lets the outbox's IndexedDB work (fake-indexeddb runs on timers) move on. */
const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * A network that keeps every call out until the test answers it. What the outbox must never do is
 * written down here (a throw inside `send` would only read as a lost answer) and checked at the end.
 */
class HeldNetwork {
  readonly server = new FakeServer();
  readonly out: { entry: OutboxEntry; files: OutboxFile[]; resolve: (answer: SendAnswer) => void; reject: (error: Error) => void }[] = [];
  readonly violations: string[] = [];
  maxOut = 0;
  /** Calls of different records were out at the same time. */
  overlapped = false;

  send = (entry: OutboxEntry, files: OutboxFile[]): Promise<SendAnswer> => {
    if (this.out.length >= MAX_IN_FLIGHT) this.violations.push(`more than ${MAX_IN_FLIGHT} calls out`);
    if (this.out.some((call) => call.entry.idempotencyKey === entry.idempotencyKey))
      this.violations.push(`${entry.label} sent twice at once`);
    if (this.out.some((call) => call.entry.recordKey === entry.recordKey))
      this.violations.push(`two calls of ${entry.recordKey} out at once`);
    if (findTempIds(entry.path, entry.query, entry.body).length) this.violations.push(`${entry.label} sent before its temp id was known`);
    if (this.out.length > 0) this.overlapped = true;
    return new Promise((resolve, reject) => {
      this.out.push({ entry, files, resolve, reject });
      this.maxOut = Math.max(this.maxOut, this.out.length);
    });
  };

  answer(pick: number, fate: AnswerFate) {
    const [call] = this.out.splice(pick % this.out.length, 1);
    if (!call) return;
    const lost = () => call.reject(new TypeError('Failed to fetch'));
    switch (fate) {
      case 'lostBefore':
        return lost();
      case 'lostAfter':
        this.server.handle(call.entry, call.files); // the server acted; the answer never came
        return lost();
      case '503':
        return call.resolve({ status: 503, body: { message: 'Maintenance' } });
      case '409':
        // A key the server has applied gets its stored answer, never a refusal: like the real server.
        if (this.server.applied.some((applied) => applied.idempotencyKey === call.entry.idempotencyKey)) {
          return call.resolve(this.server.handle(call.entry, call.files));
        }
        return call.resolve({ status: 409, body: { message: 'Changed meanwhile' } });
      default:
        return call.resolve(this.server.handle(call.entry, call.files));
    }
  }
}

/** `offline`: edits queued before the device comes back online; `online`: what happens once it has. */
async function runConcurrent(offline: Edit[], online: Step[]) {
  const network = new HeldNetwork();
  const { server } = network;
  const db = freshDb();
  const clock = new Clock();
  const outbox = createOutbox({ db, locks: null, now: clock.now, random: () => 0.5, send: network.send });
  const failures: unknown[] = [];
  const replay = (force: boolean) => void outbox.replay({ force }).catch((error: unknown) => failures.push(error));

  // Eight records the device already knows, so that there is room for MAX_IN_FLIGHT calls at once.
  const intended: IntendedRecord[] = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => {
    server.records.set(id, { id, title: `existing ${id}`, items: [], links: [], photos: [] });
    return { clientId: id, title: `existing ${id}`, items: [], photos: [], links: [], ops: [] };
  });
  let nextTemp = 1;

  const apply = async (cmd: Edit) => {
    const target = intended[cmd.kind === 'create' ? 0 : cmd.record % intended.length]!;
    let call: Parameters<Outbox['enqueue']>[0];
    if (cmd.kind === 'create') {
      const record: IntendedRecord = {
        clientId: tempId(nextTemp++),
        title: cmd.title,
        items: [],
        photos: [],
        links: [],
        ops: [`create ${cmd.title}`],
      };
      intended.push(record);
      record.createKey = (await outbox.enqueue(createRecord(record.clientId as string, cmd.title))).idempotencyKey;
      return;
    } else if (cmd.kind === 'rename') {
      target.title = cmd.title;
      target.ops.push(`rename ${cmd.title}`);
      call = renameRecord(target.clientId, cmd.title);
    } else if (cmd.kind === 'item') {
      target.items.push(cmd.text);
      target.ops.push(`item ${cmd.text}`);
      call = addItem(target.clientId, cmd.text);
      if (cmd.photo) {
        target.photos.push(cmd.text);
        call = { ...call, files: [{ field: 'photo', blob: new Blob([cmd.text]), name: `${cmd.text}.jpg` }] };
      }
    } else {
      const to = cmd.target % intended.length;
      target.links.push(to);
      target.ops.push(`link ${to}`);
      call = linkRecords(target.clientId, intended[to]!.clientId);
    }
    await outbox.enqueue(call);
  };

  for (const cmd of offline) await apply(cmd);
  replay(true); // back online
  for (const next of online) {
    if (next.kind === 'edit') {
      await apply(next.edit);
      replay(false); // as the sync triggers do after something is queued
    } else if (next.kind === 'answer') {
      if (network.out.length) network.answer(next.pick, next.fate);
    } else if (next.kind === 'replay') {
      replay(next.force);
    } else {
      clock.advance(next.ms);
    }
    await settle();
  }

  // The network is good again: every call out is answered, refused changes are retried by the user,
  // and replays run until the queue is empty.
  for (let round = 0; round < 5_000; round++) {
    if (network.out.length) {
      network.answer(round, 'ok'); // still in no particular order
    } else if (!outbox.isReplaying()) {
      if ((await db.outbox.count()) === 0) break;
      for (const parked of await db.outbox.where('status').equals('failed').toArray()) {
        expect(parked.lastError?.status).toBe(409);
        await outbox.retry(parked.seq!);
        // A refused call goes again under a new key (nothing was written under the old one).
        const created = intended.find((record) => record.clientId === parked.createsTempId);
        if (created) created.createKey = (await db.outbox.get(parked.seq!))!.idempotencyKey;
      }
      clock.advance(BACKOFF_MAX_MS * 2);
      replay(false);
    }
    await settle();
  }

  expect(failures).toEqual([]);
  expect(network.violations).toEqual([]);
  expect(network.out).toEqual([]);
  expect(await db.outbox.count()).toBe(0);
  expect(await db.files.count()).toBe(0);
  verifyServer(server, intended);
  return network;
}

describe('outbox replaying across records concurrently (property)', () => {
  it('answers in any order, lost or failed: per-record order, dependencies and exactly-once hold', async () => {
    let overlapped = 0;
    let maxOut = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 30 }), fc.array(step, { minLength: 1, maxLength: 60 }), async (offline, online) => {
        const network = await runConcurrent(offline, online);
        if (network.overlapped) overlapped += 1;
        maxOut = Math.max(maxOut, network.maxOut);
      }),
      { numRuns: 80 },
    );
    // The property means something only if calls really were out together, up to the limit.
    expect(overlapped).toBeGreaterThan(10);
    expect(maxOut).toBe(MAX_IN_FLIGHT);
  }, 180_000);
});
