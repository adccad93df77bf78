import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const request = { name: 'Pat Owens', phone: '', priority: 'Normal', type: 'Question', message: 'Where do I find the parts catalog?' };
const rowsWith = async (message: string) =>
  (await t.db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.message, message)))[0]?.n ?? 0;

describe('POST /api/Support (the support form, spec 1 §2, §5)', () => {
  it('takes a request without a phone number from any signed-in user, internal ones included', async () => {
    for (const key of ['plant', 'internal']) {
      const token = await t.login(key);
      const body = { ...request, message: `${request.message} ${randomUUID()}` };
      const result = await t.call('POST', '/api/Support', { token, body });
      expect(result.status).toBe(201);
      expect(await rowsWith(body.message)).toBe(1);
    }
  });

  it('needs a name (the form defaults it to the full name)', async () => {
    const token = await t.login('plant');
    const result = await t.call<{ field: string; message: string }>('POST', '/api/Support', { token, body: { ...request, name: '  ' } });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe('name');
    expect(result.body.message).toContain('Please enter your name.');
  });

  it('a request replayed from the offline outbox with its key is stored once', async () => {
    const token = await t.login('plant');
    const key = randomUUID();
    const body = { ...request, message: `queued offline ${key}` };
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/Support', { token, body, idempotencyKey: key })));
    // A repeat that arrives while the first still runs is told to retry (503), never stored a second time.
    expect(answers.map((answer) => answer.status).every((status) => status === 201 || status === 503)).toBe(true);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    const replay = await t.call('POST', '/api/Support', { token, body, idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(await rowsWith(body.message)).toBe(1);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const body = { ...request, message: `anonymous ${randomUUID()}` };
    expect((await t.call('POST', '/api/Support', { body })).status).toBe(401);
    expect(await rowsWith(body.message)).toBe(0);
  });
});
