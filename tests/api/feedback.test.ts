import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackResponses } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const survey = {
  satisfaction: 4,
  worksWell: 'Switching retail centers is quick.',
  improve: 'Show order status on the home screen.',
  mayContact: true,
};
const rowCount = async () => (await t.db.select({ n: count() }).from(feedbackResponses))[0]?.n ?? 0;

describe('POST /api/Survey/Feedback', () => {
  it('stores the answers with the user and the current retailer, trimmed', async () => {
    const token = await t.login('sales');
    const result = await t.call<{ id: number }>('POST', '/api/Survey/Feedback', {
      token,
      body: { ...survey, worksWell: `  ${survey.worksWell}  ` },
    });
    expect(result.status).toBe(201);
    const [row] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, result.body.id));
    expect(row).toMatchObject({ ...survey, retailerNumber: '4217' });
    expect(row?.userId).toBeGreaterThan(0);
  });

  it('accepts empty comments: only the rating is required', async () => {
    const token = await t.login('internal');
    const result = await t.call('POST', '/api/Survey/Feedback', {
      token,
      body: { satisfaction: 1, worksWell: '', improve: '', mayContact: false },
    });
    expect(result.status).toBe(201);
  });

  it.each([
    [{ ...survey, satisfaction: 0 }, 'satisfaction', 'Please rate your overall satisfaction from 1 to 5.'],
    [{ ...survey, satisfaction: 6 }, 'satisfaction', 'Please rate your overall satisfaction from 1 to 5.'],
    [{ ...survey, satisfaction: 2.5 }, 'satisfaction', 'Please rate your overall satisfaction from 1 to 5.'],
    [{ ...survey, satisfaction: undefined }, 'satisfaction', undefined],
    [{ ...survey, improve: 'x'.repeat(2001) }, 'improve', 'What we could improve can be no longer than 2000 characters.'],
    [{ ...survey, worksWell: 7 }, 'worksWell', undefined],
    [{ ...survey, mayContact: 'yes' }, 'mayContact', undefined],
  ])('answers 400 naming the field and stores nothing (%#)', async (body, field, message) => {
    const token = await t.login('service');
    const before = await rowCount();
    const result = await t.call<{ message: string; field: string }>('POST', '/api/Survey/Feedback', { token, body });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe(field);
    if (message) expect(result.body.message).toContain(message);
    expect(await rowCount()).toBe(before);
  });

  it('is idempotent: a repeated key answers the first id and stores one row', async () => {
    const token = await t.login('viewer');
    const key = randomUUID();
    const body = { ...survey, improve: `once ${key}` };
    const first = await t.call<{ id: number }>('POST', '/api/Survey/Feedback', { token, body, idempotencyKey: key });
    const again = await t.call<{ id: number }>('POST', '/api/Survey/Feedback', { token, body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await t.db.select({ n: count() }).from(feedbackResponses).where(eq(feedbackResponses.improve, body.improve));
    expect(rows[0]?.n).toBe(1);
  });

  it('answers 400 without an Idempotency-Key and 401 without a token, storing nothing', async () => {
    const token = await t.login('viewer');
    const before = await rowCount();
    const noKey = await t.call('POST', '/api/Survey/Feedback', { token, body: survey, idempotencyKey: null });
    expect(noKey.status).toBe(400);
    expect((await t.call('POST', '/api/Survey/Feedback', { body: survey })).status).toBe(401);
    expect(await rowCount()).toBe(before);
  });
});
