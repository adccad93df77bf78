import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/offline/db';
import type { SendAnswer } from '../../../src/offline/outbox';
import { WriteRefusedError, createOfflineRuntime, getOffline, setOfflineRuntime, submitWrite } from '../../../src/offline/runtime';
import { freshDb } from './helpers';

const call = (recordKey = 'service-request:41', label = 'Add service item') =>
  ({
    method: 'POST',
    base: 'api',
    path: '/service/41/items',
    body: { problemDescription: 'Door' },
    recordKey,
    label,
    intent: { feature: 'records', kind: 'add-item' },
  }) as const;

function useRuntime(answer: (entry: OutboxEntry) => Promise<SendAnswer>) {
  const db = freshDb();
  const sent: OutboxEntry[] = [];
  setOfflineRuntime(
    createOfflineRuntime({
      db,
      send: (entry) => {
        sent.push(entry);
        return answer(entry);
      },
    }),
  );
  return { db, sent };
}

afterEach(() => setOfflineRuntime(undefined));

describe('submitWrite: every offline-capable write goes through the outbox', () => {
  it('online: sends at once and answers with the server body; nothing stays queued', async () => {
    const { db, sent } = useRuntime(async () => ({ status: 201, body: { serviceRequestItemId: 9 } }));
    const outcome = await submitWrite(call(), true);
    expect(outcome).toMatchObject({ status: 'sent', body: { serviceRequestItemId: 9 } });
    expect(sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('online: a refusal is thrown with the server message and taken back out of the queue', async () => {
    const { db } = useRuntime(async () => ({ status: 400, body: { message: 'Action taken is required.' } }));
    const error = await submitWrite(call(), true).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WriteRefusedError);
    expect((error as WriteRefusedError).error).toEqual({ status: 400, message: 'Action taken is required.' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline: queued, not sent', async () => {
    const { db, sent } = useRuntime(async () => ({ status: 201, body: {} }));
    expect((await submitWrite(call(), false)).status).toBe('queued');
    expect(sent).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('online but no answer: queued with its key, to be retried by the outbox', async () => {
    const { db } = useRuntime(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await submitWrite(call(), true);
    expect(outcome.status).toBe('queued');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, idempotencyKey: outcome.entry.idempotencyKey });
  });

  it('online: a change never overtakes an earlier refused change of its record; it waits queued', async () => {
    let refuse = true;
    const { db, sent } = useRuntime(async () =>
      refuse ? { status: 409, body: { message: 'Changed meanwhile' } } : { status: 201, body: {} },
    );
    await submitWrite(call('service-request:41', 'first'), false);
    await getOffline().outbox.replay({ force: true });
    refuse = false;
    const outcome = await submitWrite(call('service-request:41', 'second'), true);
    expect(outcome.status).toBe('queued');
    expect(sent.map((entry) => entry.label)).toEqual(['first']);
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => [entry.label, entry.status])).toEqual([
      ['first', 'failed'],
      ['second', 'pending'],
    ]);
  });
});
