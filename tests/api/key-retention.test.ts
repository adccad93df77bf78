import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, supportMessages } from '../../src/server/db/schema';
import { pruneExpiredRows } from '../../src/server/db/maintenance';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 22 §5: the daily prune (pruneExpiredRows, db/maintenance.ts) keeps Idempotency-Keys 30 days and no less. A
 * device offline for up to 30 days that replays its outbox is answered from the first write, not served a second one.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const support = { name: 'Sam Rivera', phone: '(865) 555-0142', priority: 'High', type: 'Problem' };

async function supportRows(message: string) {
  const [row] = await t.db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.message, message));
  return row?.n ?? 0;
}

describe('pruneExpiredRows and Idempotency-Keys', () => {
  it('keeps a key 30 days less a minute old, answering its repeat from the store; a key 30 days and a minute old is gone', async () => {
    const token = await t.login('service');
    const now = new Date();
    const keys = { young: randomUUID(), old: randomUUID() };
    const body = (key: string) => ({ ...support, message: `kept ${key}` });
    for (const key of Object.values(keys)) {
      expect((await t.call('POST', '/api/Support', { token, body: body(key), idempotencyKey: key })).status).toBe(201);
    }
    const ageKey = (key: string, ageMs: number) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(now.getTime() - ageMs) })
        .where(eq(idempotencyKeys.key, key));
    await ageKey(keys.young, 30 * DAY_MS - MINUTE_MS);
    await ageKey(keys.old, 30 * DAY_MS + MINUTE_MS);

    await pruneExpiredRows(t.db, now);

    const kept = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(kept.map((row) => row.key)).toContain(keys.young);
    expect(kept.map((row) => row.key)).not.toContain(keys.old);

    const repeat = await t.call('POST', '/api/Support', { token, body: body(keys.young), idempotencyKey: keys.young });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await supportRows(body(keys.young).message)).toBe(1);

    // Past its 30 days the key no longer decides anything: the same call is a new write.
    const late = await t.call('POST', '/api/Support', { token, body: body(keys.old), idempotencyKey: keys.old });
    expect(late.status).toBe(201);
    expect(late.headers.get('idempotent-replayed')).toBeNull();
    expect(await supportRows(body(keys.old).message)).toBe(2);
  });
});
