import 'fake-indexeddb/auto';
import { asc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASES, paths, type CmhUser } from '../../src/contract';
import { openOfflineDb } from '../../src/offline/db';
import { createFetchSend } from '../../src/offline/fetch-send';
import { createOutbox, type OutboxCall } from '../../src/offline/outbox';
import * as t from '../../src/server/db/schema';
import { STALE_RECORD_MESSAGE } from '../../src/server/http/row-version';
import { createTestContext, type TestContext } from './harness';

/*
 * The outbox against the real server in-process: the real fetch-based `send`, the real
 * Idempotency-Key handling and the real database. Requests are dropped at random before they reach
 * the server or after the server acted (the answer is lost); replays go on until the queue is empty.
 * Through the database: nothing lost, nothing doubled, in order.
 */

type Fate = 'ok' | 'dropBefore' | 'dropAfter';

let ctx: TestContext;
let dbCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** An outbox on a fresh IndexedDB whose `send` is the app's own, over `app.request`, with drops. */
function outboxFor(getToken: () => string | undefined, fates: Fate[] = []) {
  const sent: { fate: Fate; status?: number }[] = [];
  const fetchWithDrops = async (input: RequestInfo | URL, init?: RequestInit) => {
    const fate = fates.shift() ?? 'ok';
    if (fate === 'dropBefore') {
      sent.push({ fate });
      throw new TypeError('fetch failed');
    }
    const response = await ctx.app.request(input instanceof Request ? input : String(input), init);
    const text = await response.text(); // the server has finished with the request
    sent.push({ fate, status: response.status });
    if (fate === 'dropAfter') throw new TypeError('fetch failed');
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const db = openOfflineDb(`api-outbox-${++dbCounter}`);
  const send = createFetchSend({
    resolveBase: (base) => DEFAULT_BASES[base],
    getToken,
    fetch: fetchWithDrops as typeof fetch,
    XMLHttpRequest: undefined,
  });
  return { db, sent, outbox: createOutbox({ db, send, locks: null, random: () => 0.5 }) };
}

const supportCall = (message: string): OutboxCall => ({
  method: 'POST',
  base: paths.support.base,
  path: paths.support.path,
  body: { name: 'Field Tech', phone: '(555) 123-4567', priority: 'Normal', type: 'Question', message },
  recordKey: `support:${message}`,
  label: 'Send support request',
  intent: { feature: 'support', kind: 'submit-support-request' },
});

const logCall = (message: string): OutboxCall => ({
  method: 'POST',
  base: paths.logger.base,
  path: paths.logger.path,
  body: { format: 'info', message },
  recordKey: `log:${message}`,
  label: 'Log message',
  intent: { feature: 'logger', kind: 'log' },
});

const accountCall = (user: Pick<CmhUser, 'rowVersion'>, firstName: string, lastName = 'Outbox'): OutboxCall => ({
  method: 'PUT',
  base: paths.account.base,
  path: paths.account.path,
  body: { firstName, lastName, password: '', confirmPassword: '', rowVersion: user.rowVersion },
  recordKey: 'account:me',
  label: 'Update my account',
  intent: { feature: 'account', kind: 'update-account' },
});

async function profile(token: string): Promise<CmhUser> {
  const result = await ctx.call<CmhUser>('GET', `${DEFAULT_BASES.auth}${paths.profile.path}`, { token });
  expect(result.status).toBe(200);
  return result.body;
}

async function drain(outbox: ReturnType<typeof createOutbox>, db: ReturnType<typeof openOfflineDb>) {
  for (let round = 0; round < 100 && (await db.outbox.where('status').equals('pending').count()) > 0; round++) {
    await outbox.replay({ force: true });
  }
}

describe('outbox against the real server', () => {
  it('delivers support requests, log messages and an account update exactly once through random drops (each its own record: no order between them)', async () => {
    const token = await ctx.login('service');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('support', 'log', 'account'), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom<Fate>('ok', 'dropBefore', 'dropAfter'), { maxLength: 30 }),
        async (kinds, fates) => {
          run += 1;
          const prefix = `outbox run ${run} ${Date.now()}:`;
          const { outbox, db } = outboxFor(() => token, fates);
          const before = await profile(token);
          const supportTexts: string[] = [];
          const logTexts: string[] = [];
          let accountUpdates = 0;
          let expectedFirstName = before.firstName;
          for (const [index, kind] of kinds.entries()) {
            const text = `${prefix} #${index}`;
            if (kind === 'support') {
              supportTexts.push(text);
              await outbox.enqueue(supportCall(text));
            } else if (kind === 'log') {
              logTexts.push(text);
              await outbox.enqueue(logCall(text));
            } else {
              // One account update per run: a second would be made against the version the first replaced.
              if (accountUpdates > 0) continue;
              accountUpdates += 1;
              expectedFirstName = `Run${run}`;
              await outbox.enqueue(accountCall(before, expectedFirstName));
            }
            if (index % 3 === 2) await outbox.replay();
          }
          await drain(outbox, db);

          expect(await db.outbox.toArray()).toEqual([]);
          const support = await ctx.db
            .select({ message: t.supportMessages.message })
            .from(t.supportMessages)
            .where(like(t.supportMessages.message, `${prefix}%`))
            .orderBy(asc(t.supportMessages.id));
          // Different records replay concurrently (outbox.ts): each arrives once, in no set order.
          expect(support.map((row) => row.message).sort()).toEqual([...supportTexts].sort());
          const logs = await ctx.db
            .select({ message: t.logMessages.message })
            .from(t.logMessages)
            .where(like(t.logMessages.message, `${prefix}%`))
            .orderBy(asc(t.logMessages.id));
          expect(logs.map((row) => row.message).sort()).toEqual([...logTexts].sort());
          const after = await profile(token);
          expect(after.rowVersion).toBe(before.rowVersion + accountUpdates);
          expect(after.firstName).toBe(expectedFirstName);
          await db.delete();
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);

  it('parks an update made against a stale rowVersion with the server’s 409 message', async () => {
    const token = await ctx.login('sales');
    const copyOnDevice = await profile(token);
    // Someone saves the account elsewhere first: the device's copy is now one version behind.
    const elsewhere = await ctx.call('PUT', `${DEFAULT_BASES.api}${paths.account.path}`, {
      token,
      body: {
        firstName: 'Elsewhere',
        lastName: copyOnDevice.lastName,
        password: '',
        confirmPassword: '',
        rowVersion: copyOnDevice.rowVersion,
      },
    });
    expect(elsewhere.status).toBe(200);
    const current = await profile(token);
    const { outbox, db } = outboxFor(() => token);
    const stale = await outbox.enqueue(accountCall(copyOnDevice, 'Stale'));
    const result = await outbox.replay();
    expect(result).toMatchObject({ sent: 0, failed: 1, stoppedBy: 'drained' });
    expect(await db.outbox.get(stale.seq!)).toMatchObject({
      status: 'failed',
      lastError: { status: 409, message: STALE_RECORD_MESSAGE },
    });
    const unchanged = await profile(token);
    expect(unchanged).toMatchObject({ firstName: current.firstName, rowVersion: current.rowVersion });

    // Revised against the current version, the change goes through.
    await outbox.revise(stale.seq!, {
      body: { firstName: 'Rebased', lastName: current.lastName, password: '', confirmPassword: '', rowVersion: current.rowVersion },
    });
    expect(await outbox.replay()).toMatchObject({ sent: 1 });
    expect(await profile(token)).toMatchObject({ firstName: 'Rebased', rowVersion: current.rowVersion + 1 });
  });

  it('pauses on 401 without writing anything, and sends once the user has signed in again', async () => {
    let token: string | undefined = 'not-a-valid-token';
    const { outbox, db } = outboxFor(() => token);
    const text = `paused support ${Date.now()}`;
    await outbox.enqueue(supportCall(text));
    await outbox.enqueue(logCall(`${text} log`));
    expect(await outbox.replay()).toMatchObject({ stoppedBy: 'paused', sent: 0 });
    expect(await outbox.pauseState()).toMatchObject({ error: { status: 401 } });
    expect(await outbox.replay({ force: true })).toMatchObject({ stoppedBy: 'paused' });
    const rowsWhilePaused = await ctx.db.select().from(t.supportMessages).where(eq(t.supportMessages.message, text));
    expect(rowsWhilePaused).toHaveLength(0);

    token = await ctx.login('viewer');
    expect(await outbox.resume()).toMatchObject({ sent: 2, stoppedBy: 'drained' });
    expect(await ctx.db.select().from(t.supportMessages).where(eq(t.supportMessages.message, text))).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
