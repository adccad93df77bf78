import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PlantNumber, paths } from '../../src/contract';
import { createApp } from '../../src/server/app';
import { route } from '../../src/server/http/route';
import { allRoutes } from '../../src/server/routes';
import { callerFor, createTestContext, type TestContext } from './harness';

let t: TestContext;
let dist: string;
let call: ReturnType<typeof callerFor>;
const reported: unknown[] = [];

/** Endpoints that exist only here, to exercise each kind of declaration. */
const probes = [
  route({
    method: 'GET',
    endpoint: { base: 'api', path: '/test/admins-only' },
    roles: ['Rtl_Admin'],
    handle: ({ c }) => c.json({ ok: true }),
  }),
  route({
    method: 'GET',
    endpoint: { base: 'api', path: '/test/leads' },
    flag: 'canViewLeads',
    handle: ({ c }) => c.json({ ok: true }),
  }),
  route({
    method: 'GET',
    endpoint: { base: 'api', path: '/test/plants/:plantNumber/Serials/:serial' },
    params: v.object({ plantNumber: PlantNumber, serial: v.string() }),
    scope: 'plant',
    handle: ({ c, params }) => c.json(params),
  }),
  route({
    method: 'POST',
    endpoint: { base: 'api', path: '/test/echo' },
    body: v.unknown(),
    handle: ({ c, body }) => c.json({ body }),
  }),
  route({
    method: 'POST',
    endpoint: { base: 'api', path: '/test/store-amount' },
    body: v.object({ amount: v.number() }),
    // A value the schema let through but the column cannot hold, as a route without a bound would.
    handle: async ({ c, db, body }) => c.json(await db.execute(sql`select ${body.amount}::numeric(8, 2) as amount`)),
  }),
  route({
    method: 'GET',
    endpoint: { base: 'api', path: '/test/explode' },
    handle: () => {
      throw new Error('secret internals at /srv/app/db.ts:42');
    },
  }),
];

beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), 'homesite-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>HomeSite</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"HomeSite"}');
  const app = createApp({
    db: t.db,
    routes: [...allRoutes, ...probes],
    config: {
      ...t.config,
      distDir: dist,
      clientBases: { images: 'https://images.example.test/v1' },
      externalLinks: { Prospects: 'https://prospects.example.test' },
      reportError: (error) => reported.push(error),
    },
  });
  call = callerFor(app);
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

describe('route declarations', () => {
  it('roles: 403 without one of them, the handler with one', async () => {
    const viewer = await call('GET', '/api/test/admins-only', { token: await t.login('viewer') });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toEqual({ message: 'You do not have the appropriate permissions.' });
    expect((await call('GET', '/api/test/admins-only', { token: await t.login('admin') })).status).toBe(200);
    expect((await call('GET', '/api/test/admins-only')).status).toBe(401);
  });

  it('flag: derived flags decide (leads hidden for a company-owned retailer despite the role)', async () => {
    expect((await call('GET', '/api/test/leads', { token: await t.login('sales') })).status).toBe(200);
    expect((await call('GET', '/api/test/leads', { token: await t.login('company') })).status).toBe(403);
  });

  it('plant scope: a plant user only reaches their facilities; path parameters keep their case', async () => {
    const plant = await t.login('plant');
    const own = await call('GET', '/API/TEST/PLANTS/931/serials/CLW012345TNab', { token: plant });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ plantNumber: '931', serial: 'CLW012345TNab' });
    const other = await call('GET', '/api/test/plants/944/serials/X', { token: plant });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Facility 944 is not one of your facilities.' });
    // Retailer users are scoped by retailer, not by plant.
    expect((await call('GET', '/api/test/plants/944/serials/X', { token: await t.login('service') })).status).toBe(200);
  });

  it("declares every route of the server from an entry of the contract's paths, and serves every entry", () => {
    const entries = Object.entries(paths).map(([name, entry]) => [name, 'template' in entry ? entry.template : entry] as const);
    const fromPaths = new Set(entries.map(([, endpoint]) => endpoint));
    // The very object of `paths`: an endpoint written out again in a route file would not be in the set.
    for (const route of allRoutes) expect(fromPaths.has(route.endpoint), `${route.method} ${route.path}`).toBe(true);
    const served = new Set(allRoutes.map((route) => route.endpoint));
    expect(entries.filter(([, endpoint]) => !served.has(endpoint)).map(([name]) => name)).toEqual([]);
  });

  it('refuses to declare roles on a route anyone may call', () => {
    expect(() =>
      route({ method: 'GET', endpoint: { base: 'api', path: '/x' }, auth: 'none', roles: ['Rtl_Admin'], handle: ({ c }) => c.json({}) }),
    ).toThrow();
  });
});

describe('errors', () => {
  it('answers 500 with a generic message and no internals, and reports the error', async () => {
    const result = await call('GET', '/api/test/explode', { token: await t.login('viewer') });
    expect(result.status).toBe(500);
    const body = result.body as { message: string; requestId: string };
    expect(body.message).toBe('Something went wrong on the server. Please try again or contact support.');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(reported).toHaveLength(1);
    // The answer's request id is the one the error was reported under.
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((reported[0] as { requestId?: string }).requestId).toBe(body.requestId);
  });

  it('refuses control characters and deep nesting in any input with a 400 naming the field (one rule for every route)', async () => {
    const token = await t.login('viewer');
    const refused = async (path: string, body: unknown) => {
      const result = await call('POST', path, { token, body });
      expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      return (result.body as { message: string; field: string }).field;
    };
    expect(await refused('/api/test/echo', { name: 'nul\u0000here' })).toBe('name');
    expect(await refused('/api/test/echo', { list: [{ note: 'bell\u0007' }] })).toBe('list.0.note');
    expect(await refused('/api/test/echo', { ['key\u0001']: 'x' })).toBe('(body)');
    expect(await refused('/api/test/echo', JSON.parse('['.repeat(40) + ']'.repeat(40)))).toMatch(/^0(\.0)+$/);
    // Tabs and line breaks are text.
    const fine = await call('POST', '/api/test/echo', { token, body: { note: 'line one\r\nline two\tend' } });
    expect(fine.status).toBe(200);
    // Query strings and path parameters too.
    const query = await call('GET', '/api/test/admins-only', { token: await t.login('admin'), query: { q: 'a\u0000b' } });
    expect(query.status).toBe(400);
  });

  it('answers 400, not 500, when the database refuses a value the schema let through', async () => {
    const before = reported.length;
    const result = await call('POST', '/api/test/store-amount', { token: await t.login('viewer'), body: { amount: 1e20 } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'A value of the request is out of range or not valid.' });
    expect(reported).toHaveLength(before);
    expect((await call('POST', '/api/test/store-amount', { token: await t.login('viewer'), body: { amount: 12.5 } })).status).toBe(200);
  });

  it('answers JSON 404 for an unknown API path, whatever it accepts', async () => {
    for (const path of ['/api/NoSuchThing', '/auth/api/Account/Nope', '/images/x.png']) {
      const result = await call('GET', path, { headers: { accept: 'text/html' } });
      expect(result.status, path).toBe(404);
      expect(result.body).toEqual({ message: 'Not found.' });
    }
    expect((await call('DELETE', '/api/Support', { token: await t.login('viewer') })).status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on every answer: API, errors and the app', async () => {
    const token = await t.login('viewer');
    const answers = [
      await call('GET', '/auth/api/Account/User', { token }),
      await call('GET', '/auth/api/Account/User'),
      await call('GET', '/api/NoSuchThing'),
      await call('GET', '/api/test/explode', { token }),
      await call('GET', '/home', { headers: { accept: 'text/html' } }),
    ];
    for (const answer of answers) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' blob: data: https://images.example.test");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("connect-src 'self' https://images.example.test");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('the built app', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const result = await call('GET', '/assets/index-AbC123.js');
    expect(result.status).toBe(200);
    expect(result.body).toBe('console.log("app")');
    expect(result.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(result.headers.get('content-type')).toContain('javascript');
  });

  it('serves sw.js and the manifest with their types, revalidated every time', async () => {
    const sw = await call('GET', '/sw.js');
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await call('GET', '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers index.html for client routes asked as HTML, with the bases and links cookies', async () => {
    for (const path of ['/', '/home', '/admin/users/12', '/myAccount?passwordExpired=true']) {
      const result = await call('GET', path, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(result.status, path).toBe(200);
      expect(result.body).toContain('<div id="root">');
      expect(result.headers.get('cache-control')).toBe('no-cache');
      const cookies = result.headers.getSetCookie();
      expect(cookies).toContainEqual(
        expect.stringContaining(`HomeSite.bases=${encodeURIComponent(JSON.stringify({ images: 'https://images.example.test/v1' }))}`),
      );
      expect(cookies).toContainEqual(
        expect.stringContaining(`HomeSite.links=${encodeURIComponent(JSON.stringify({ Prospects: 'https://prospects.example.test' }))}`),
      );
    }
  });

  it('answers 404 for a missing file not asked as HTML, and never serves outside distDir', async () => {
    expect((await call('GET', '/assets/missing.js')).status).toBe(404);
    expect((await call('GET', '/assets/INDEX-ABC123.JS')).status).toBe(404);
    expect((await call('GET', '/../package.json')).status).toBe(404);
    expect((await call('GET', '/%2e%2e/package.json')).status).toBe(404);
  });
});
