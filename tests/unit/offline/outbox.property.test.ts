import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxFile } from '../../../src/offline/db';
import { BACKOFF_MAX_MS, createOutbox, type Outbox, type SendAnswer } from '../../../src/offline/outbox';
import { FakeServer } from './fake-server';
import { Clock, addItem, createRecord, freshDb, linkRecords, renameRecord, tempId } from './helpers';

/*
 * Random sequences of offline edits, replays, page reloads and clock jumps, with every send meeting a
 * random fate: fine, lost before the server, lost after the server acted, 503, 500, or the page
 * reloading while the request is out. Whatever happens, once the network is good again and enough
 * replays ran, the server holds exactly the intended records and changes, each once, in order.
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
}

class Harness {
  readonly db = freshDb();
  readonly server = new FakeServer();
  readonly clock = new Clock();
  outbox!: Outbox;
  private hung: (() => void) | undefined;
  sends = 0;

  constructor(private readonly fateOf: (n: number) => Fate) {
    this.reload();
  }

  reload() {
    this.outbox = createOutbox({
      db: this.db,
      locks: null,
      now: this.clock.now,
      random: () => 0.5,
      send: (entry, files) => this.send(entry, files),
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
  const enqueuedKeys: string[] = [];
  const enqueue = async (call: Parameters<Outbox['enqueue']>[0]) => enqueuedKeys.push((await harness.outbox.enqueue(call)).idempotencyKey);

  for (const cmd of commands) {
    const target = intended.length ? intended['record' in cmd ? cmd.record % intended.length : 0] : undefined;
    switch (cmd.kind) {
      case 'create': {
        const clientId = tempId(nextTemp++);
        intended.push({ clientId, title: cmd.title, items: [], photos: [], links: [], ops: [`create ${cmd.title}`] });
        await enqueue(createRecord(clientId, cmd.title));
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

  let parkedAny = false;
  // The network is good again: replays (with time passing) drain the queue. An entry parked after
  // repeated 500s is retried, as the user would from the pending-changes screen.
  for (let round = 0; round < 200 && (await harness.db.outbox.count()) > 0; round++) {
    harness.clock.advance(BACKOFF_MAX_MS * 2);
    for (const parked of await harness.db.outbox.where('status').equals('failed').toArray()) {
      expect(parked.lastError?.status).toBe(500);
      parkedAny = true;
      await harness.outbox.retry(parked.seq!);
    }
    await harness.replay(false);
  }

  expect(await harness.db.outbox.count()).toBe(0);
  expect(await harness.db.files.count()).toBe(0);

  // Exactly the intended records, in the order they were created.
  const records = [...harness.server.records.values()];
  expect(records.map((r) => r.title)).toEqual(intended.map((r) => r.title));
  const serverIdOf = (index: number) => records[index]!.id;
  records.forEach((record, index) => {
    const wanted = intended[index]!;
    expect(record.items).toEqual(wanted.items);
    expect(record.photos.map((p) => p.text)).toEqual(wanted.photos);
    expect(record.links).toEqual(wanted.links.map(serverIdOf));
  });

  // Each change applied once, and each record's changes in the order the user made them.
  const opsByRecord = new Map<number, string[]>();
  for (const call of harness.server.applied) {
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
  expect(harness.server.applied).toHaveLength(intended.reduce((sum, r) => sum + r.ops.length, 0));
  // Transient failures never let a later change overtake an earlier one: the server saw them in queue
  // order (a parked entry lets other records go ahead: then only the per-record order above holds).
  if (!parkedAny) expect(harness.server.applied.map((call) => call.idempotencyKey)).toEqual(enqueuedKeys);
}

describe('outbox under random failures (property)', () => {
  it('delivers every change exactly once, in order, whatever the network does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), fc.array(fc.constantFrom(...fates), { maxLength: 60 }), run),
      { numRuns: 120 },
    );
  }, 120_000);
});
