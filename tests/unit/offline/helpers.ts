import { openOfflineDb, type OfflineDb, type OutboxEntry, type OutboxFile } from '../../../src/offline/db';
import { createOutbox, type OutboxEvent, type OutboxOptions, type SendAnswer } from '../../../src/offline/outbox';
import { FakeServer } from './fake-server';

let dbCounter = 0;

/** A fresh IndexedDB (fake-indexeddb) per test. */
export function freshDb(): OfflineDb {
  dbCounter += 1;
  return openOfflineDb(`outbox-test-${dbCounter}-${Math.random().toString(36).slice(2)}`);
}

export class Clock {
  constructor(public time = 1_700_000_000_000) {}
  now = () => this.time;
  advance(ms: number) {
    this.time += ms;
  }
}

export type Mode = 'ok' | 'network' | 'lostAfter' | '503' | '500';

/**
 * A `send` that hands calls to the fake server, except as told by `modes` (consumed one per call):
 * 'network' fails before the server sees it, 'lostAfter' lets the server act and loses the answer,
 * '503'/'500' answer that status without acting.
 */
export function faultySend(server: FakeServer, modes: Mode[] = []) {
  const calls: OutboxEntry[] = [];
  const send = async (entry: OutboxEntry, files: OutboxFile[]): Promise<SendAnswer> => {
    calls.push(entry);
    const mode = modes.shift() ?? 'ok';
    if (mode === 'network') throw new TypeError('Failed to fetch');
    if (mode === '503') return { status: 503, body: { message: 'Down for maintenance' } };
    if (mode === '500') return { status: 500, body: { message: 'Boom' } };
    const answer = server.handle(entry, files);
    if (mode === 'lostAfter') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { send, calls, modes };
}

export function setup(options: Partial<OutboxOptions> & { modes?: Mode[] } = {}) {
  const db = options.db ?? freshDb();
  const server = new FakeServer();
  const clock = new Clock();
  const faulty = faultySend(server, options.modes);
  const events: OutboxEvent[] = [];
  const outbox = createOutbox({
    db,
    send: faulty.send,
    now: clock.now,
    random: () => 0.5,
    locks: null,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { db, server, clock, outbox, events, calls: faulty.calls, modes: faulty.modes };
}

export const createRecord = (tempId: string, title: string) => ({
  method: 'POST' as const,
  base: 'api' as const,
  path: '/records',
  body: { title },
  recordKey: `record:${tempId}`,
  label: `Create ${title}`,
  intent: { feature: 'records', kind: 'create' },
  createsTempId: tempId,
});

export const renameRecord = (id: string | number, title: string) => ({
  method: 'PUT' as const,
  base: 'api' as const,
  path: `/records/${id}`,
  body: { title },
  recordKey: `record:${id}`,
  label: `Rename to ${title}`,
  intent: { feature: 'records', kind: 'rename' },
});

export const addItem = (id: string | number, text: string) => ({
  method: 'POST' as const,
  base: 'api' as const,
  path: `/records/${id}/items`,
  body: { recordId: id, text },
  recordKey: `record:${id}`,
  label: `Add ${text}`,
  intent: { feature: 'records', kind: 'add-item' },
});

export const linkRecords = (from: string | number, to: string | number) => ({
  method: 'POST' as const,
  base: 'api' as const,
  path: `/records/${from}/links`,
  body: { target: to },
  recordKey: `record:${from}`,
  label: `Link ${from} to ${to}`,
  intent: { feature: 'records', kind: 'link' },
});

export const tempId = (n: number) => `tmp_00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A minimal LockManager: exclusive locks granted in request order. */
export function fakeLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  const manager = {
    requests: 0,
    request(name: string, _options: unknown, callback: () => Promise<unknown>) {
      manager.requests += 1;
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(() => callback());
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
  return manager as typeof manager & LockManager;
}
