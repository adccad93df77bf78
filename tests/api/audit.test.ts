import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq, like } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AuditPage, ErrorBody, ManagedUser, type AuditEvent } from '../../src/contract';
import { recordAudit } from '../../src/server/audit/audit';
import { pruneExpiredRows } from '../../src/server/db/maintenance';
import * as schema from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 29 §5: the audit log, GET {api}/api/Audit (newest first, a page at a time, filtered) and its CSV export:
 * administrators only, a retailer's admin seeing the events of their own retail centers' users, an internal admin all.
 */

const AUDIT = '/api/api/Audit';
const AUDIT_CSV = '/api/api/Audit/csv';
const PASSWORD = 'Welcome#2026';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestContext({ config: { trustedProxyHops: 1 } });
  adminToken = await t.login('admin');
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

const someNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

async function auditPage(token: string, query: Record<string, string> = {}) {
  const result = await t.call('GET', AUDIT, { token, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return v.parse(AuditPage, result.body);
}

const signIn = (userName: string, password: string) =>
  t.call('POST', '/auth/api/Account/Token', { body: { Username: userName, Password: password } });

/**
 * A user made by the admin at `start`, then six sign-ins a minute apart (wrong, right, wrong, right…): seven events
 * about them, the creation by the admin first.
 */
async function userWithHistory(start: Date) {
  const userName = `rowan.ashby.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
  t.setNow(start);
  const created = await t.call('POST', '/api/api/User/', {
    token: adminToken,
    body: {
      firstName: 'Rowan',
      lastName: 'Ashby',
      userName,
      isActive: true,
      roles: ['Service_Viewer'],
      retailerNumbers: ['4217'],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (let minute = 1; minute <= 6; minute++) {
    t.setNow(new Date(start.getTime() + minute * MINUTE_MS));
    expect((await signIn(userName, minute % 2 ? 'Wrong#Guess2027' : PASSWORD)).status).toBe(minute % 2 ? 400 : 200);
  }
  t.setNow(null);
  return { userName, cmhUserId: v.parse(ManagedUser, created.body).cmhUserId };
}

describe('GET {api}/api/Audit', () => {
  it('lists events newest first, a page at a time', async () => {
    const start = someNow();
    const { userName } = await userWithHistory(start);
    const all = await auditPage(adminToken, { user: userName });
    expect(all.nextBefore).toBeNull();
    expect(all.items.map((event) => event.action)).toEqual([
      'sign-in.succeeded',
      'sign-in.failed',
      'sign-in.succeeded',
      'sign-in.failed',
      'sign-in.succeeded',
      'sign-in.failed',
      'user.created',
    ]);
    const ids = all.items.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.items.map((event) => event.at)).toEqual(
      Array.from({ length: 7 }, (_, n) => new Date(start.getTime() + (6 - n) * MINUTE_MS).toISOString()),
    );
    expect(all.items.at(-1)).toMatchObject({
      actorKind: 'user',
      actorName: 'admin@demo.homesite.test',
      targetName: userName,
      details: { roles: ['Service_Viewer'], retailerNumbers: ['4217'], isActive: true },
    });

    const pages: AuditEvent[][] = [];
    let before: number | null | undefined;
    do {
      const page = await auditPage(adminToken, { user: userName, limit: '3', ...(before ? { before: String(before) } : {}) });
      pages.push(page.items);
      before = page.nextBefore;
      if (before !== null) expect(before).toBe(page.items.at(-1)!.id);
    } while (before !== null && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all.items);

    // A page that ends exactly at the last event says there is no next one.
    const exact = await auditPage(adminToken, { user: userName, limit: '7' });
    expect(exact.items).toHaveLength(7);
    expect(exact.nextBefore).toBeNull();
  });

  it('filters by user (actor or target, part of the name, any case), action and time', async () => {
    const start = someNow();
    const { userName } = await userWithHistory(start);
    const fragment = userName.slice('rowan.ashby.'.length, 'rowan.ashby.'.length + 8).toUpperCase();
    const byFragment = await auditPage(adminToken, { user: fragment });
    expect(byFragment.items).toHaveLength(7);
    expect(byFragment.items.every((event) => event.targetName === userName)).toBe(true);

    // The creation is the admin's: found by the actor's name too.
    const byActor = await auditPage(adminToken, { user: 'ADMIN@demo.homesite', action: 'user.created' });
    expect(byActor.items.some((event) => event.targetName === userName)).toBe(true);
    expect(byActor.items.every((event) => event.actorName === 'admin@demo.homesite.test' && event.action === 'user.created')).toBe(true);
    // And the user's own sign-ins by the user as the actor (the failed ones have none: nobody was signed in).
    const succeeded = await auditPage(adminToken, { user: fragment, action: 'sign-in.succeeded' });
    expect(succeeded.items.map((event) => [event.actorName, event.actorKind])).toEqual(Array(3).fill([userName, 'user']));
    const failed = await auditPage(adminToken, { user: fragment, action: 'sign-in.failed' });
    expect(failed.items.map((event) => [event.actorName, event.actorKind, event.details])).toEqual(
      Array(3).fill([null, 'anonymous', { reason: 'wrong-credentials' }]),
    );

    // from is inclusive, to exclusive.
    const window = await auditPage(adminToken, {
      user: fragment,
      from: new Date(start.getTime() + 2 * MINUTE_MS).toISOString(),
      to: new Date(start.getTime() + 4 * MINUTE_MS).toISOString(),
    });
    expect(window.items.map((event) => event.at)).toEqual([
      new Date(start.getTime() + 3 * MINUTE_MS).toISOString(),
      new Date(start.getTime() + 2 * MINUTE_MS).toISOString(),
    ]);
    const offset = await auditPage(adminToken, {
      user: fragment,
      from: new Date(start.getTime() + 5 * MINUTE_MS).toISOString().replace('Z', '+00:00'),
    });
    expect(offset.items).toHaveLength(2);

    // A user name matched as text, not as a pattern.
    expect((await auditPage(adminToken, { user: 'rowan_ashby' })).items).toEqual([]);
    expect((await auditPage(adminToken, { user: '%' })).items).toEqual([]);
  });

  it('refuses an unknown action, a bad instant or limit, and callers who are not admins', async () => {
    for (const [query, message] of [
      [{ action: 'user.exploded' }, 'Unknown action.'],
      [{ from: 'yesterday' }, 'Must be a date and time (ISO 8601).'],
      [{ to: '2026-13-01T00:00:00Z' }, 'Must be a date and time (ISO 8601).'],
      [{ limit: '0' }, undefined],
      [{ limit: '501' }, undefined],
      [{ before: 'x' }, 'Must be digits.'],
    ] as const) {
      for (const path of [AUDIT, AUDIT_CSV]) {
        const result = await t.call('GET', path, { token: adminToken, query });
        expect(result.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        if (message) expect(v.parse(ErrorBody, result.body).issues?.map((issue) => issue.message)).toEqual([message]);
      }
    }
    const service = await t.login('service');
    for (const path of [AUDIT, AUDIT_CSV]) {
      expect((await t.call('GET', path, { token: service })).status).toBe(403);
      expect((await t.call('GET', path)).status).toBe(401);
    }
  });

  it("shows a retailer's admin the events of their retail centers' users only; an internal admin all", async () => {
    // company@ works only at 7740, none of admin@'s centers; plant@ shares 4217 with admin@ and 5123 with Blue Ridge.
    expect((await signIn('company@demo.homesite.test', 'Demo#2026!')).status).toBe(200);
    expect((await signIn('plant@demo.homesite.test', 'Demo#2026!')).status).toBe(200);
    expect((await signIn('admin@demo.homesite.test', 'Demo#2026!')).status).toBe(200);

    expect((await auditPage(adminToken, { user: 'company@demo' })).items).toEqual([]);
    expect((await auditPage(adminToken, { user: 'plant@demo', action: 'sign-in.succeeded' })).items.length).toBeGreaterThan(0);
    const everything = await auditPage(adminToken, { limit: '500' });
    expect(everything.items.some((event) => [event.actorName, event.targetName].includes('company@demo.homesite.test'))).toBe(false);
    const csv = await t.call<string>('GET', AUDIT_CSV, { token: adminToken, query: { user: 'company@demo' } });
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.body)).toHaveLength(1);

    const blueRidge = await t.login('rhett.calloway@blueridgehousing.test');
    expect((await auditPage(blueRidge, { user: 'plant@demo', action: 'sign-in.succeeded' })).items.length).toBeGreaterThan(0);
    expect((await auditPage(blueRidge, { user: 'admin@demo' })).items).toEqual([]);
    expect((await auditPage(blueRidge, { user: 'company@demo' })).items).toEqual([]);

    // internal@ (internal staff) made an administrator: isAdmin is Rtl_Admin and not a plant user.
    const [internal] = await t.db.select().from(schema.users).where(eq(schema.users.userName, 'internal@demo.homesite.test'));
    const [rtlAdmin] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Rtl_Admin'));
    await t.db.insert(schema.userRoles).values({ userId: internal!.id, roleId: rtlAdmin!.id });
    const internalAdmin = await t.login('internal');
    const seen = await auditPage(internalAdmin, { user: 'company@demo', action: 'sign-in.succeeded' });
    expect(seen.items.length).toBeGreaterThan(0);
    expect(seen.items[0]).toMatchObject({ actorName: 'company@demo.homesite.test', targetName: 'company@demo.homesite.test' });
    expect((await auditPage(internalAdmin, { user: 'plant@demo', action: 'sign-in.succeeded' })).items.length).toBeGreaterThan(0);
    const internalCsv = await t.call<string>('GET', AUDIT_CSV, { token: internalAdmin, query: { user: 'company@demo' } });
    expect(parseCsv(internalCsv.body).length).toBeGreaterThan(1);
  });
});

describe('GET {api}/api/Audit/csv', () => {
  it('downloads every matching event as CSV: a header line, then one line per event, newest first', async () => {
    const start = someNow();
    const { userName } = await userWithHistory(start);
    const result = await t.call<string>('GET', AUDIT_CSV, { token: adminToken, query: { user: userName, limit: '2' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(result.headers.get('content-disposition')).toMatch(/^attachment; filename="homesite-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(result.body.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = parseCsv(result.body) as string[][];
    expect(header).toEqual([
      'Time (UTC)',
      'Action',
      'Action code',
      'Actor kind',
      'Actor',
      'User',
      'Details',
      'Client address',
      'Request id',
    ]);

    const events = (await auditPage(adminToken, { user: userName })).items;
    expect(events).toHaveLength(7);
    // Every event, not a page of them.
    expect(lines).toHaveLength(events.length);
    expect(lines.map((line) => line.slice(0, 6))).toEqual(
      events.map((event) => [
        event.at,
        AUDIT_ACTIONS[event.action],
        event.action,
        event.actorKind,
        event.actorName ?? '',
        event.targetName ?? '',
      ]),
    );
    expect(lines.map((line) => line[8])).toEqual(events.map((event) => event.requestId));
    expect(JSON.parse(lines.at(-1)![6]!)).toEqual(events.at(-1)!.details);

    const failedOnly = await t.call<string>('GET', AUDIT_CSV, { token: adminToken, query: { user: userName, action: 'sign-in.failed' } });
    expect((parseCsv(failedOnly.body) as string[][]).slice(1).map((line) => line[2])).toEqual(Array(3).fill('sign-in.failed'));
  });
});

describe('retention', () => {
  it('prunes events older than the retention days and keeps newer ones', async () => {
    const now = someNow();
    const name = (label: string) => `retention.${label}.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
    const old = name('old');
    const recent = name('recent');
    const origin = { actor: { kind: 'cli' as const, name: 'operator' } };
    await recordAudit(t.db, { ...origin, action: 'user.created', target: { name: old }, at: new Date(now.getTime() - 10 * DAY_MS - 1000) });
    await recordAudit(t.db, {
      ...origin,
      action: 'user.created',
      target: { name: recent },
      at: new Date(now.getTime() - 10 * DAY_MS + 60_000),
    });
    const stored = () => t.db.select().from(schema.auditEvents).where(like(schema.auditEvents.targetName, 'retention.%'));
    expect((await stored()).map((row) => row.targetName).sort()).toEqual([old, recent].sort());

    await pruneExpiredRows(t.db, now, 10);
    expect((await stored()).map((row) => row.targetName)).toEqual([recent]);
    // The default keeps 400 days: the recent one stays.
    await pruneExpiredRows(t.db, now);
    expect((await stored()).map((row) => row.targetName)).toEqual([recent]);
  });
});
