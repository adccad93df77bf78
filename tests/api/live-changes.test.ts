/**
 * Live changes (issue 23 §1, "Scope"): the stream of GET /api/sync/live names the kept lists that changed in the
 * user's own scope, never another user's, and ends with the session (sign-out, deactivation, password change).
 * Writes are plain SQL updates: the triggers tell the stream whatever code path wrote the row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChangesEvent } from '../../src/contract';
import { createSessionCache } from '../../src/server/auth/session-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { permits } from '../../src/server/http/route';
import { KEPT_LISTS } from '../../src/server/routes/live-changes';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

type Received = LiveChangesEvent | 'ended';

/** An open stream: its events in order, read as they come. */
async function openStream(token: string) {
  const response = await t.app.request('/api/sync/live', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const received: Received[] = [];
  let buffered = '';
  let wake: (() => void) | undefined;
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) {
        received.push('ended');
        wake?.();
        return;
      }
      buffered += value;
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: changed$/m.test(block) && data) received.push(JSON.parse(data) as LiveChangesEvent);
      }
      wake?.();
    }
  })();
  let read = 0;
  return {
    /** The next event, or 'ended'; fails after `ms`. */
    async next(ms = 5_000): Promise<Received> {
      const deadline = Date.now() + ms;
      while (read >= received.length) {
        if (Date.now() > deadline) throw new Error(`no event within ${ms} ms`);
        await new Promise<void>((done) => {
          wake = done;
          setTimeout(done, 50);
        });
      }
      return received[read++]!;
    },
    close: () => reader.cancel(),
  };
}

/** Writes one row of `table` in `retailerNumber` again (the stamp trigger gives it a new position), as any write would. */
async function touch(table: 'service_requests' | 'warranty_cards', retailerNumber: string) {
  const result =
    table === 'service_requests'
      ? await t.db.execute(
          sql`update service_requests set sync_xid = 0 where id = (select id from service_requests where retailer_number = ${retailerNumber} order by id limit 1) returning id`,
        )
      : await t.db.execute(
          sql`update warranty_cards set sync_xid = 0 where id = (select c.id from warranty_cards c join homes h on h.id = c.home_id where h.retailer_number = ${retailerNumber} order by c.id limit 1) returning id`,
        );
  expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1);
}

describe('GET /api/sync/live', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.request('/api/sync/live')).status).toBe(401);
  });

  it("names the lists that changed in the user's scope, and never a list of another retail center", async () => {
    const service4217 = await openStream(await t.login('service'));
    const company7740 = await openStream(await t.login('company'));
    try {
      await touch('service_requests', '4217');
      expect(await service4217.next()).toEqual({ lists: ['workOrders'] });
      // 7740's stream was not told of 4217's work order: its first event is its own change.
      await touch('warranty_cards', '7740');
      expect(await company7740.next()).toEqual({ lists: ['homeowners'] });
      await touch('warranty_cards', '4217');
      expect(await service4217.next()).toEqual({ lists: ['homeowners'] });
    } finally {
      await service4217.close();
      await company7740.close();
    }
  });

  it('tells of a change only once the delta call can deliver it: not while an older transaction still runs (PostgreSQL)', async (ctx) => {
    // PGlite has one connection: no transaction can run beside another there.
    if (t.kind !== 'postgres') ctx.skip();
    const stream = await openStream(await t.login('service'));
    let finishOlder!: () => void;
    const olderStarted = new Promise<void>((started) => {
      void t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        started();
        await new Promise<void>((done) => (finishOlder = done));
      });
    });
    await olderStarted;
    try {
      await touch('service_requests', '4217');
      // Committed, but above the horizon: a `?since=` now would not deliver it yet, so the device is not told yet.
      await expect(stream.next(400)).rejects.toThrow(/no event/);
    } finally {
      finishOlder();
    }
    expect(await stream.next()).toEqual({ lists: ['workOrders'] });
    await stream.close();
  });

  it('ends when its token is signed out, when its user is deactivated, and when the password changes elsewhere', async () => {
    const token = await t.login('viewer');
    const [signedOut, stayingOn] = [await openStream(token), await openStream(await t.login('viewer'))];
    expect((await t.call('POST', '/auth/api/Account/Logout', { token })).status).toBe(204);
    expect(await signedOut.next()).toBe('ended');
    // Another device of the same user stays on.
    await touch('service_requests', '4217');
    expect(await stayingOn.next()).toEqual({ lists: ['workOrders'] });
    await stayingOn.close();

    const deactivated = await openStream(await t.login('viewer'));
    try {
      await t.db.execute(sql`update users set is_active = false where user_name = 'viewer@demo.homesite.test'`);
      expect(await deactivated.next()).toBe('ended');
    } finally {
      await t.db.execute(sql`update users set is_active = true where user_name = 'viewer@demo.homesite.test'`);
    }

    // A password change ends every token issued before it but the changing one (auth/tokens.ts cutOffTokens).
    const cutOff = await openStream(await t.login('viewer'));
    await new Promise((done) => setTimeout(done, 5));
    await t.db.execute(sql`update users set tokens_not_before = now() where user_name = 'viewer@demo.homesite.test'`);
    expect(await cutOff.next()).toBe('ended');
  });

  it("watches a list exactly when the user may read it (the list's GET route answers 200)", async () => {
    const listPaths: Record<string, string> = {
      workOrders: '/api/service',
      partsOrders: '/api/parts',
      homeowners: '/api/Warranty/Homeowners',
      quotes: '/api/Quote',
      salesOrders: '/api/order',
      leads: '/api/Lead',
      inventory: '/api/Inventory',
    };
    expect(Object.keys(listPaths).sort()).toEqual(KEPT_LISTS.map((list) => list.name).sort());
    const tokens = createTokenService(t.config.tokenSecret);
    const sessions = createSessionCache(t.db);
    for (const key of ['admin', 'service', 'viewer', 'sales', 'plant', 'driver', 'internal', 'company']) {
      const token = await t.login(key);
      const claims = (await tokens.verifySignature(token))!;
      const profile = (await sessions.signedIn(Number(claims.sub), claims))!;
      for (const list of KEPT_LISTS) {
        const answer = await t.call('GET', listPaths[list.name]!, { token, query: { since: '0', limit: '1' } });
        const watched = permits({ user: profile.user, flags: profile.flags, claims }, list.access);
        expect(watched, `${key} ${list.name}: ${answer.status}`).toBe(answer.status === 200);
      }
    }
  });
});
