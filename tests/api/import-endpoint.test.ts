import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createApiKey, revokeApiKey } from '../../src/server/auth/api-keys';
import { hashPassword } from '../../src/server/auth/passwords';
import * as schema from '../../src/server/db/schema';
import type { ImportReport } from '../../src/server/import/run-import';
import { allRoutes } from '../../src/server/routes';
import { IMPORT_MESSAGES, importRoutesWith } from '../../src/server/routes/import';
import { createTestContext, type TestContext } from './harness';

/*
 * POST /api/import/{kind} on an empty database (as production starts): an API key is the only way in, the body is the
 * file (raw or multipart), and the answer is the importer's report.
 */

const example = (name: string) => readFileSync(`examples/import/${name}`, 'utf8');

let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  key = (await createApiKey(t.db, 'erp-nightly')).key;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: ImportReport & { message?: string };
  headers: Headers;
}

async function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}, app = t.app): Promise<Answer> {
  const response = await app.request(path, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });
const csv = { 'content-type': 'text/csv' };
const rowsOf = async (table: typeof schema.plants | typeof schema.retailers | typeof schema.users) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('who may call it', () => {
  it("refuses a request without a key, a user's sign-in, an unknown key and a revoked key, and writes nothing", async () => {
    await t.db.insert(schema.users).values({
      userName: 'person@example.com',
      firstName: 'A',
      lastName: 'Person',
      passwordHash: await hashPassword('Person#123'),
      passwordLastChanged: new Date(),
    });
    const userToken = await t.login('person@example.com', 'Person#123');
    const spare = (await createApiKey(t.db, 'to-revoke')).key;
    await revokeApiKey(t.db, 'to-revoke');
    const unknown = `hsk_${'A'.repeat(43)}`;

    for (const [name, headers] of [
      ['no key', {}],
      ['a user token', bearer(userToken)],
      ['an unknown key', bearer(unknown)],
      ['a revoked key', bearer(spare)],
      ['basic auth', { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` }],
    ] as const) {
      const answer = await post('/api/import/plants', example('plants.csv'), { ...csv, ...headers });
      expect(answer.status, name).toBe(401);
    }
    expect((await post('/api/import/plants', example('plants.csv'), { ...csv, ...bearer(userToken) })).body.message).toBe(
      IMPORT_MESSAGES.apiKeyRequired,
    );
    expect(await rowsOf(schema.plants)).toBe(0);
  });

  it('a key is good for this endpoint only: every other endpoint answers it as it answers no token at all', async () => {
    const others = allRoutes.filter((route) => !route.path.startsWith('/api/import/'));
    let refused = 0;
    for (const route of others) {
      const path = route.path.replace(/:(\w+)/g, '1');
      const anonymous = await t.app.request(path, { method: route.method });
      const withKey = await t.app.request(path, { method: route.method, headers: bearer(key) });
      expect(withKey.status, `${route.method} ${route.path}`).toBe(anonymous.status);
      if (withKey.status === 401) refused += 1;
    }
    // Every endpoint that needs a signed-in user (nearly all) refused the key.
    expect(refused).toBeGreaterThan(others.length * 0.8);
  });

  it('notes when a key was last used', async () => {
    const before = new Date(Date.now() - 1000);
    await post('/api/import/plants?dryRun=true', example('plants.csv'), { ...csv, ...bearer(key) });
    const [row] = await t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.name, 'erp-nightly'));
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThan(before.getTime());
  });
});

describe('importing', () => {
  it('a dry run checks and counts, and writes nothing', async () => {
    const answer = await post('/api/import/plants?dryRun=true', example('plants.csv'), { ...csv, ...bearer(key) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'plants', rowsRead: 2, inserted: 2, updated: 0, refused: [], written: false });
    expect(await rowsOf(schema.plants)).toBe(0);
  });

  it('takes a CSV body (Content-Type text/csv), and the same file again changes nothing', async () => {
    const first = await post('/api/import/plants', example('plants.csv'), { ...csv, ...bearer(key) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rowsRead: 2, inserted: 2, updated: 0, unchanged: 0, written: true });
    const again = await post('/api/import/plants', example('plants.csv'), { ...csv, ...bearer(key) });
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, written: true });
    expect(await rowsOf(schema.plants)).toBe(2);
  });

  it('leaves a row the file carries unchanged alone, so an edit made since survives; overwrite=true puts it back', async () => {
    await t.db.update(schema.plants).set({ name: 'Renamed in the app' }).where(eq(schema.plants.plantNumber, '910'));
    const again = await post('/api/import/plants', example('plants.csv'), { ...csv, ...bearer(key) });
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, written: true });
    const overwritten = await post('/api/import/plants?overwrite=true', example('plants.csv'), { ...csv, ...bearer(key) });
    expect(overwritten.body).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, written: true });
    const [plant] = await t.db.select().from(schema.plants).where(eq(schema.plants.plantNumber, '910'));
    expect(plant!.name).toBe('Clinton West');
  });

  it('takes the file as the "file" field of a multipart form, its format from the file name', async () => {
    const form = new FormData();
    form.set('file', new File([example('retailers.csv')], 'retailers.csv'));
    const answer = await post('/api/import/retailers', form, bearer(key));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'retailers', rowsRead: 3, inserted: 3, written: true });
  });

  it('takes JSON Lines (application/x-ndjson, application/jsonl, or ?format=jsonl)', async () => {
    const [first, ...rest] = example('users.jsonl').trim().split('\n');
    const one = await post('/api/import/users', `${first}\n`, { 'content-type': 'application/x-ndjson', ...bearer(key) });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ rowsRead: 1, inserted: 1, written: true });
    const others = await post('/api/import/users', `${rest.join('\n')}\n`, { 'content-type': 'application/jsonl', ...bearer(key) });
    expect(others.body).toMatchObject({ rowsRead: rest.length, inserted: rest.length, written: true });
    const byQuery = await post('/api/import/users?format=jsonl', example('users.jsonl'), {
      'content-type': 'application/octet-stream',
      ...bearer(key),
    });
    expect(byQuery.body).toMatchObject({ unchanged: rest.length + 1, written: true });
  });

  it('answers 422 with the refused rows (line, field, message) and writes nothing; skipInvalid writes the rest', async () => {
    const file = `${example('plants.csv').trim()}\n932,Oak Hill,,OAK,,,1 Road,Oak Hill,TN,37000,(865) 555-0199,,,,,\n933,Bad State,,BAD,,,2 Road,Somewhere,Tennessee,37000,,,,,,\n`;
    const refused = await post('/api/import/plants', file, { ...csv, ...bearer(key) });
    expect(refused.status).toBe(422);
    expect(refused.body.written).toBe(false);
    expect(refused.body.refused).toEqual([{ line: 5, field: 'state', message: expect.any(String) }]);
    expect(await rowsOf(schema.plants)).toBe(2);

    const dry = await post('/api/import/plants?dryRun=1', file, { ...csv, ...bearer(key) });
    expect(dry.status).toBe(422);

    const skipped = await post('/api/import/plants?skipInvalid=true', file, { ...csv, ...bearer(key) });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ inserted: 1, unchanged: 2, written: true, rowsRefused: 1 });
    expect(await rowsOf(schema.plants)).toBe(3);
  });

  it('refuses what it cannot take with a 4xx and a message, and writes nothing', async () => {
    const cases: [string, string, BodyInit | null, Record<string, string>, number][] = [
      ['unknown kind', '/api/import/spaceships', example('plants.csv'), csv, 404],
      ['no format', '/api/import/plants', example('plants.csv'), { 'content-type': 'application/octet-stream' }, 400],
      ['bad format', '/api/import/plants?format=xml', example('plants.csv'), csv, 400],
      ['bad flag', '/api/import/plants?dryRun=maybe', example('plants.csv'), csv, 400],
      ['empty body', '/api/import/plants', '', csv, 400],
      ['unknown column', '/api/import/plants', 'plantNumber,colour\n1,red\n', csv, 400],
      ['not UTF-8', '/api/import/plants', new Uint8Array([0x70, 0xff, 0xfe, 0x0a]), csv, 400],
      [
        'multipart without file',
        '/api/import/plants',
        (() => {
          const form = new FormData();
          form.set('other', 'x');
          return form;
        })(),
        {},
        400,
      ],
      ['broken multipart', '/api/import/plants', '--x\r\nnonsense', { 'content-type': 'multipart/form-data; boundary=x' }, 400],
    ];
    const before = await rowsOf(schema.plants);
    for (const [name, path, body, headers, status] of cases) {
      const answer = await post(path, body, { ...headers, ...bearer(key) });
      expect(answer.status, name).toBe(status);
      expect(answer.body.message, name).toEqual(expect.any(String));
    }
    expect(await rowsOf(schema.plants)).toBe(before);
  });
});

describe('limits', () => {
  const limited = () => createApp({ db: t.db, config: t.config, routes: importRoutesWith({ maxBodyBytes: 1_000, importsAtOnce: 1 }) });

  it('answers 413 to a file over the limit, whether Content-Length says so or the body turns out longer', async () => {
    const app = limited();
    const big = `${example('plants.csv')}${'\n'.repeat(2_000)}`;
    const declared = await post('/api/import/plants', big, { ...csv, ...bearer(key) }, app);
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe(IMPORT_MESSAGES.bodyTooLarge(1_000));

    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(encoder.encode('x'.repeat(100)));
        controller.close();
      },
    });
    const response = await app.request('/api/import/plants', {
      method: 'POST',
      headers: { ...csv, ...bearer(key) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('answers 429 while another import runs, then takes the next one', async () => {
    const app = limited();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let readingStarted!: () => void;
    // The route reads the body once it has taken its place among the imports running.
    const reading = new Promise<void>((resolve) => (readingStarted = resolve));
    const slowBody = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          readingStarted();
          await held;
          controller.enqueue(new TextEncoder().encode(example('plants.csv')));
          controller.close();
        },
      },
      // No read ahead: pull runs only when the route reads.
      { highWaterMark: 0 },
    );
    const first = app.request('/api/import/plants?dryRun=true', {
      method: 'POST',
      headers: { ...csv, ...bearer(key) },
      body: slowBody,
      duplex: 'half',
    } as RequestInit);
    await reading;
    const second = await post('/api/import/plants?dryRun=true', example('plants.csv'), { ...csv, ...bearer(key) }, app);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('10');
    release();
    expect((await first).status).toBe(200);
    expect((await post('/api/import/plants?dryRun=true', example('plants.csv'), { ...csv, ...bearer(key) }, app)).status).toBe(200);
  });
});
