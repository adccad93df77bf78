import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineRuntime, sendOrQueue, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from './helpers';

const call = {
  method: 'POST',
  base: 'api',
  path: '/Support',
  body: { message: 'Door sticks' },
  recordKey: 'support:1',
  label: 'Support request',
  intent: { feature: 'support', kind: 'submit-support-request' },
} as const;

function useRuntime() {
  const db = freshDb();
  // Replay is not under test here: a send that never answers keeps the entry queued.
  setOfflineRuntime(createOfflineRuntime({ db, send: () => new Promise(() => {}) }));
  return db;
}

afterEach(() => {
  setOfflineRuntime(undefined);
  vi.unstubAllGlobals();
});

describe('sendOrQueue', () => {
  it('sends at once when online and queues nothing', async () => {
    const db = useRuntime();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOrQueue(call, true)).resolves.toBe('sent');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues with the SAME Idempotency-Key when the first try got no answer (it may have reached the server)', async () => {
    const db = useRuntime();
    const fetchMock = vi.fn(async (_url: unknown, _init?: RequestInit) => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOrQueue(call, true)).resolves.toBe('queued');
    const sentKey = new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Idempotency-Key');
    const [entry] = await db.outbox.toArray();
    expect(sentKey).toBeTruthy();
    expect(entry!.idempotencyKey).toBe(sentKey);
  });

  it('queues without trying when the browser is offline', async () => {
    const db = useRuntime();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOrQueue(call, false)).resolves.toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });
});
