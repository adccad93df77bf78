/**
 * Plain list answers streamed page by page (issue 31 §1, server/sync/stream-list.ts and list-answer.ts): the same
 * rows in the same order whatever the page size, gzipped or not; answers kept only while they fit the cache, a stale
 * If-None-Match answered from a kept answer that is current; `?since=` without `limit` answers one default page; and
 * the stream itself: backpressure, a client that leaves, an error after the first byte.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYNC_CURSOR_HEADER, SYNC_DEFAULT_LIMIT, type Lead, type ServiceRequestSummary, type SyncPage } from '../../src/contract';
import * as schema from '../../src/server/db/schema';
import { answerList, listAnswerLimits } from '../../src/server/sync/list-answer';
import type { SyncSource } from '../../src/server/sync/source';
import { streamList, type ListPages } from '../../src/server/sync/stream-list';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};
const reported: unknown[] = [];
const LIMITS = { ...listAnswerLimits };

beforeAll(async () => {
  t = await createTestContext({ config: { reportError: (error) => reported.push(error) } });
  for (const key of ['admin', 'service', 'plant']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());
afterEach(() => {
  Object.assign(listAnswerLimits, LIMITS);
  expect(reported).toEqual([]);
});

interface Answer {
  status: number;
  headers: Headers;
  /** The JSON text, unzipped when it came gzipped. */
  text: string;
}

async function get(path: string, options: { token?: string; gzip?: boolean; etag?: string; query?: Record<string, string> } = {}) {
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await t.app.request(`${path}${search}`, {
    headers: {
      authorization: `Bearer ${options.token ?? tokens.admin}`,
      ...(options.gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
      ...(options.etag ? { 'if-none-match': options.etag } : {}),
    },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const zipped = response.headers.get('content-encoding') === 'gzip';
  expect(zipped).toBe(Boolean(options.gzip) && response.status === 200);
  return { status: response.status, headers: response.headers, text: (zipped ? gunzipSync(bytes) : bytes).toString('utf8') } as Answer;
}

const rowsOf = <Row>(answer: Answer): Row[] => {
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text) as Row[];
};

/** The plain lists of the spec, as one user of the seed who sees each. */
const LISTS = [
  { name: 'work orders', path: '/api/service', token: 'service' },
  { name: 'work orders of a plant user', path: '/api/service', token: 'plant' },
  { name: 'parts orders', path: '/api/parts', token: 'admin' },
  { name: 'warranty cards', path: '/api/Warranty/Homeowners', token: 'admin' },
  { name: 'quotes', path: '/api/Quote', token: 'admin' },
  { name: 'orders', path: '/api/order', token: 'admin' },
  { name: 'leads', path: '/api/Lead', token: 'admin' },
  { name: 'inventory', path: '/api/Inventory', token: 'admin' },
] as const;

/**
 * A write to `table` that moves no sync position (its triggers off for the write; the test's role owns the table, where
 * session_replication_role would need a superuser on PostgreSQL): a kept answer still shows the row as it was.
 */
async function writeUnseen(table: string, statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
    await tx.execute(statement);
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
  });
}

async function idsOf(query: ReturnType<typeof sql>): Promise<number[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

describe('a plain list answer is the same, whatever its pages', () => {
  it.each(LISTS)('$name: one page or pages of three rows, gzipped or not, the same rows in the same order', async (list) => {
    listAnswerLimits.cacheMaxGzipped = 0;
    listAnswerLimits.pageRows = 1_000_000;
    const whole = await get(list.path, { token: tokens[list.token] });
    const rows = rowsOf<unknown>(whole);
    expect(rows.length).toBeGreaterThan(0);

    listAnswerLimits.pageRows = 3;
    for (const gzip of [false, true]) {
      const paged = await get(list.path, { token: tokens[list.token], gzip });
      expect(paged.text).toBe(whole.text);
      expect(paged.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(paged.headers.get('cache-control')).toBe('private, no-cache');
      expect(paged.headers.get('vary')).toBe('authorization, accept-encoding');
      expect(paged.headers.get('etag')).toBe(`W/"${paged.headers.get(SYNC_CURSOR_HEADER)}"`);
    }
  });

  it('work orders: the rows of a direct read of the table, newest first, for a retail center and for a plant user', async () => {
    listAnswerLimits.pageRows = 4;
    const retail = rowsOf<ServiceRequestSummary>(await get('/api/service', { token: tokens.service, gzip: true }));
    expect(retail.length).toBeGreaterThan(8);
    expect(retail.map((row) => row.serviceRequestId)).toEqual(
      await idsOf(sql`select id from service_requests where retailer_number = '4217' order by id desc`),
    );
    const plant = rowsOf<ServiceRequestSummary>(await get('/api/service', { token: tokens.plant }));
    expect(plant.map((row) => row.serviceRequestId)).toEqual(
      await idsOf(sql`select id from service_requests where plant_number in ('910', '931') order by id desc`),
    );
  });

  it('an empty list is []', async () => {
    const asset = await get('/api/service', { token: tokens.service, query: { assetId: '999999999' } });
    expect(asset.text).toBe('[]');
    expect((await get('/api/service', { token: tokens.service, query: { assetId: '999999999' }, gzip: true })).text).toBe('[]');
  });
});

describe('kept answers', () => {
  /** The home of the newest work order of retail center 4217: the list shows its homeowner's name. */
  const newestHome = sql`(select home_id from service_requests where retailer_number = '4217' order by id desc limit 1)`;
  const renameUnseen = (name: string) =>
    writeUnseen('homes', sql`update homes set homeowner_first_name = ${name} where id = ${newestHome}`);
  const setTechnician = (technician: string) =>
    t.db.execute(
      sql`update service_requests set technician = ${technician} where id = (select max(id) from service_requests where retailer_number = '4217')`,
    );
  /** Puts the name back, seen: the list moves on, and no kept answer shows the unseen name any more. */
  const renameSeen = (name: string) => t.db.execute(sql`update homes set homeowner_first_name = ${name} where id = ${newestHome}`);
  const firstName = (answer: Answer) => rowsOf<ServiceRequestSummary>(answer)[0]!.homeownerName.split(' ')[0];

  it('sends the kept answer to a stale If-None-Match when nothing changed after it, and to a client without gzip', async () => {
    listAnswerLimits.pageRows = 5;
    const before = await get('/api/service', { token: tokens.service, gzip: true });
    const staleEtag = before.headers.get('etag')!;
    const technician = rowsOf<ServiceRequestSummary>(before)[0]!.technician;
    // A visible change: the next answer is read afresh and kept.
    await setTechnician('Kept answer test');
    const current = await get('/api/service', { token: tokens.service, gzip: true, etag: staleEtag });
    expect(current.headers.get('etag')).not.toBe(staleEtag);
    expect(rowsOf<ServiceRequestSummary>(current)[0]!.technician).toBe('Kept answer test');
    const name = firstName(current);

    await renameUnseen('Unseen');
    // The stale tag again: its list changed since, but the kept answer is current → sent as kept (no read).
    const kept = await get('/api/service', { token: tokens.service, gzip: true, etag: staleEtag });
    expect(kept.text).toBe(current.text);
    expect(firstName(kept)).toBe(name);
    const plain = await get('/api/service', { token: tokens.service });
    expect(plain.text).toBe(current.text);
    // Its own tag: 304.
    const notModified = await get('/api/service', { token: tokens.service, gzip: true, etag: kept.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect((await get('/api/service', { token: tokens.service, etag: current.headers.get('etag')! })).status).toBe(304);

    // A change after it: read again, and the unseen name shows.
    await setTechnician(technician);
    expect(firstName(await get('/api/service', { token: tokens.service, gzip: true, etag: staleEtag }))).toBe('Unseen');
    await renameSeen(name!);
  });

  it('streams an answer bigger than the cache to each request, and keeps none of it', async () => {
    listAnswerLimits.pageRows = 3;
    listAnswerLimits.cacheMaxGzipped = 256;
    // Whatever answer was kept is not current any more.
    await setTechnician(rowsOf<ServiceRequestSummary>(await get('/api/service', { token: tokens.service }))[0]!.technician);
    const [first, second] = await Promise.all([
      get('/api/service', { token: tokens.service, gzip: true }),
      get('/api/service', { token: tokens.service, gzip: true }),
    ]);
    expect(Buffer.byteLength(first.text)).toBeGreaterThan(4096);
    expect(second.text).toBe(first.text);
    const name = firstName(first);

    await renameUnseen('Streamed');
    const again = await get('/api/service', { token: tokens.service, gzip: true, etag: first.headers.get('etag')! });
    // Nothing moved its position: still 304 to the client that has it …
    expect(again.status).toBe(304);
    // … but a client without it is read the list afresh: nothing was kept.
    expect(firstName(await get('/api/service', { token: tokens.service, gzip: true }))).toBe('Streamed');
    await renameSeen(name!);
  });

  it('shares one read among requests that arrive while it is read, and keeps it', async () => {
    listAnswerLimits.pageRows = 2;
    await t.db.execute(sql`update parts_orders set status = status where id = (select max(id) from parts_orders)`);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => get('/api/parts', { gzip: n % 2 === 0 })));
    for (const answer of answers) expect(answer.text).toBe(answers[0]!.text);
  });
});

describe('?since= without limit', () => {
  const LEADS = SYNC_DEFAULT_LIMIT + 123;

  beforeAll(async () => {
    // Many leads of one retail center, dated in groups of 50 to the microsecond: pages end inside a group.
    await t.db.execute(sql`
      insert into leads (independent_lead_id, retailer_number, lead_date, first_name, last_name)
      select 900000 + g, '4217', timestamptz '2026-02-03 04:05:06.123456+00' - (g / 50) * interval '1 microsecond', 'Many', 'Lead ' || g
      from generate_series(1, ${LEADS}) g`);
  });

  it(`answers at most SYNC_DEFAULT_LIMIT (${SYNC_DEFAULT_LIMIT}) rows, and more: true until the last page`, async () => {
    const all = await idsOf(sql`select id from leads where retailer_number = '4217'`);
    expect(all.length).toBeGreaterThan(SYNC_DEFAULT_LIMIT);
    const first = await t.call<SyncPage<Lead>>('GET', '/api/Lead', { token: tokens.admin, query: { since: '0' } });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(SYNC_DEFAULT_LIMIT);
    expect(first.body.more).toBe(true);
    expect(first.body.total).toBe(all.length);
    const rest = await t.call<SyncPage<Lead>>('GET', '/api/Lead', { token: tokens.admin, query: { since: first.body.cursor } });
    expect(rest.body.more).toBe(false);
    expect(new Set([...first.body.items, ...rest.body.items].map((lead) => lead.leadId))).toEqual(new Set(all));
  });

  it('the plain list of those leads: latest first, equal dates by id, none twice across pages', async () => {
    listAnswerLimits.pageRows = 333;
    listAnswerLimits.cacheMaxGzipped = 64 * 1024;
    const leads = rowsOf<Lead>(await get('/api/Lead', { gzip: true }));
    expect(leads.map((lead) => lead.leadId)).toEqual(
      await idsOf(sql`select id from leads where retailer_number = '4217' order by lead_date desc, id desc`),
    );
  });

  it('a client that leaves in the middle of a list stops it, and the server goes on answering', async () => {
    listAnswerLimits.pageRows = 50;
    listAnswerLimits.cacheMaxGzipped = 0;
    const server = await listening(t.app.fetch);
    try {
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest({ port, path: '/api/Lead', headers: { authorization: `Bearer ${tokens.admin}` } }, (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        request.end();
      });
      const after = await fetch(`http://localhost:${port}/api/Lead`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      expect(((await after.json()) as Lead[]).length).toBeGreaterThan(SYNC_DEFAULT_LIMIT);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

function listening(fetchHandler: (request: Request) => Response | Promise<Response>) {
  return new Promise<ServerType>((resolve) => {
    const server = serve({ fetch: fetchHandler, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

describe('streamList', () => {
  /** Pieces of about 64 KB of JSON, counting how many were read. */
  function pieces(count: number, failAt?: number) {
    const read = { pieces: 0, finished: false };
    async function* generate() {
      try {
        for (let n = 0; n < count; n++) {
          if (n === failAt) throw new Error('the database went away');
          read.pieces += 1;
          await Promise.resolve();
          yield `${n === 0 ? '[' : ','}${JSON.stringify('x'.repeat(64 * 1024))}`;
        }
        yield ']';
      } finally {
        read.finished = true;
      }
    }
    return { read, generate };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('reads no further than the client took, and stops when it leaves', async () => {
    const { read, generate } = pieces(1000);
    const { body, kept } = await streamList(generate(), { gzip: false, keepBytes: 0, onError: vi.fn() });
    await settle();
    // The stream holds about 1 MB for a client that takes nothing.
    expect(read.pieces).toBeLessThan(40);
    const reader = body.getReader();
    await reader.read();
    await settle();
    expect(read.pieces).toBeLessThan(40);
    await reader.cancel();
    await settle();
    expect(read.finished).toBe(true);
    expect(read.pieces).toBeLessThan(40);
    expect(await kept).toBeUndefined();
  });

  it('reads ahead while the answer may be kept, then waits for the client', async () => {
    const { read, generate } = pieces(1000);
    const keepBytes = 4 * 1024 * 1024;
    const { body, kept } = await streamList(generate(), { gzip: false, keepBytes, onError: vi.fn() });
    expect(await kept).toBeUndefined();
    await settle();
    expect(read.pieces).toBeGreaterThanOrEqual(keepBytes / (65 * 1024));
    expect(read.pieces).toBeLessThan(keepBytes / (64 * 1024) + 40);
    const text = await new Response(body).text();
    expect(JSON.parse(text)).toHaveLength(1000);
    expect(read.finished).toBe(true);
  });

  it('keeps a gzipped answer that fits, the same bytes as sent', async () => {
    const { generate } = pieces(10);
    const { body, kept } = await streamList(generate(), { gzip: true, keepBytes: 1024 * 1024, onError: vi.fn() });
    const sent = Buffer.from(await new Response(body).arrayBuffer());
    const chunks = await kept;
    expect(Buffer.concat(chunks!)).toEqual(sent);
    expect(JSON.parse(gunzipSync(sent).toString('utf8'))).toHaveLength(10);
  });

  it('an error before the first byte is thrown (a 500)', async () => {
    await expect(streamList(pieces(10, 0).generate(), { gzip: true, keepBytes: 0, onError: vi.fn() })).rejects.toThrow(
      'the database went away',
    );
  });
});

describe('a list that fails while it is read', () => {
  /** A list of its own (no seeded row changes it) whose pages fail at `failAt`. */
  const source: SyncSource<string> = {
    table: 'leads',
    scope: ['a list that fails'],
    tombstones: sql`false`,
    changes: { from: sql`${schema.leads}`, where: sql`false`, xid: schema.leads.syncXid, id: schema.leads.id },
    rows: () => Promise.resolve([]),
    count: () => Promise.resolve(0),
  };
  const failing = (failAt: number): ListPages<string> =>
    async function* () {
      for (let n = 0; n < 100; n++) {
        if (n === failAt) throw new Error('the database went away');
        await Promise.resolve();
        yield [`${n}`.padEnd(64 * 1024, 'x')];
      }
    };

  it('over HTTP: reads no further than the client took, and stops when it leaves', async () => {
    const read = { pages: 0, finished: false };
    const pages: ListPages<string> = async function* () {
      try {
        for (let n = 0; n < 1000; n++) {
          read.pages += 1;
          await Promise.resolve();
          yield [`${n}`.padEnd(64 * 1024, 'x')];
        }
      } finally {
        read.finished = true;
      }
    };
    const app = new Hono().get('/slow', (c) => answerList(c, t.db, source, pages, (error) => reported.push(error)));
    const server = await listening(app.fetch);
    try {
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest({ port, host: '127.0.0.1', path: '/slow' }, (response) => {
          response.once('data', () => {
            // Not reading on: only what the stream and the sockets hold is read (64 MB in all would be).
            response.pause();
            setTimeout(() => {
              expect(read.pages).toBeLessThan(200);
              expect(read.finished).toBe(false);
              request.destroy();
              resolve();
            }, 300);
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        request.end();
      });
      await vi.waitFor(() => expect(read.finished).toBe(true));
      expect(read.pages).toBeLessThan(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is a 500 when its first page fails; after it, the connection is cut (no whole-looking answer) and the error reported', async () => {
    const errors: unknown[] = [];
    const app = new Hono().get('/broken', (c) =>
      answerList(c, t.db, source, failing(Number(c.req.query('at'))), (error) => errors.push(error)),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await listening(app.fetch);
    try {
      const port = (server.address() as AddressInfo).port;
      expect((await fetch(`http://127.0.0.1:${port}/broken?at=0`)).status).toBe(500);
      for (const encoding of ['identity', 'gzip']) {
        const response = await fetch(`http://127.0.0.1:${port}/broken?at=30`, { headers: { 'accept-encoding': encoding } });
        expect(response.status).toBe(200);
        await expect(response.text()).rejects.toThrow();
      }
      expect(errors).toHaveLength(2);
      expect(String(errors[0])).toContain('the database went away');
    } finally {
      consoleError.mockRestore();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
