import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PortalMetadata } from '../../src/contract';
import { logMessages, loginAttempts, supportMessages } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const rowCount = async (table: typeof supportMessages | typeof logMessages | typeof loginAttempts) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const support = {
  name: 'Alex Morgan',
  phone: '(865) 555-0101',
  priority: 'Normal',
  type: 'Question',
  message: 'How do I add a retail center?',
};

describe('POST /api/Support', () => {
  it('stores the request with the user and the current retailer and answers its id', async () => {
    const token = await t.login('admin');
    const result = await t.call<{ id: number }>('POST', '/api/Support', { token, body: support });
    expect(result.status).toBe(201);
    const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, result.body.id));
    expect(row).toMatchObject({ ...support, retailerNumber: '4217' });
    expect(row?.userId).toBeGreaterThan(0);
  });

  it.each([
    [{ ...support, message: '' }, 'message', 'Please enter an issue description.'],
    [{ ...support, message: 'x'.repeat(2001) }, 'message', 'Description can be no longer than 2000 characters.'],
    [{ ...support, phone: '865-555-0101' }, 'phone', 'Phone must be in the format (999) 999-9999.'],
    [{ ...support, priority: 'Whenever' }, 'priority', undefined],
    [{ ...support, type: undefined }, 'type', undefined],
  ])('answers 400 naming the field and stores nothing (%#)', async (body, field, message) => {
    const token = await t.login('admin');
    const before = await rowCount(supportMessages);
    const result = await t.call<{ message: string; field: string }>('POST', '/api/Support', { token, body });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe(field);
    if (message) expect(result.body.message).toContain(message);
    expect(await rowCount(supportMessages)).toBe(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const token = await t.login('admin');
    const result = await t.call('POST', '/api/Support', { token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 413 for a body over the limit', async () => {
    const token = await t.login('admin');
    const result = await t.call('POST', '/api/Support', { token, body: { ...support, message: 'x'.repeat(1_100_000) } });
    expect(result.status).toBe(413);
  });
});

describe('POST /api/api/Logger', () => {
  it('stores a signed-in user’s message with the user', async () => {
    const token = await t.login('sales');
    const body = { format: 'error', message: 'Failed to load quotes', exception: 'HttpError: 500' };
    const result = await t.call<{ id: number }>('POST', '/api/api/Logger', { token, body, headers: { 'user-agent': 'vitest' } });
    expect(result.status).toBe(201);
    const [row] = await t.db.select().from(logMessages).where(eq(logMessages.id, result.body.id));
    expect(row).toMatchObject({ ...body, userAgent: 'vitest' });
    expect(row?.userId).toBeGreaterThan(0);
  });

  it('stores a message without a session (a failed login is logged too), or with an expired one', async () => {
    for (const headers of [{}, { authorization: 'Bearer expired.or.revoked' }] as Record<string, string>[]) {
      const result = await t.call<{ id: number }>('POST', '/api/api/Logger', {
        headers,
        body: { format: 'info', message: 'login page opened' },
      });
      expect(result.status).toBe(201);
      const [row] = await t.db.select().from(logMessages).where(eq(logMessages.id, result.body.id));
      expect(row?.userId).toBeNull();
    }
  });

  it.each([
    [{ format: 'warn', message: 'x' }, 'format'],
    [{ format: 'info', message: '' }, 'message'],
    [{ format: 'info' }, 'message'],
  ])('answers 400 naming the field and stores nothing for %j', async (body, field) => {
    const before = await rowCount(logMessages);
    const result = await t.call<{ field: string }>('POST', '/api/api/Logger', { body });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe(field);
    expect(await rowCount(logMessages)).toBe(before);
  });
});

describe('POST /auth/api/Account/Token bad bodies', () => {
  it.each([
    [{ Password: 'Demo#2026!' }, 'Username'],
    [{ Username: 'admin@demo.homesite.test' }, 'Password'],
    [{ Username: '   ', Password: 'x' }, 'Username'],
  ])('answers 400 naming the field and records no attempt for %j', async (body, field) => {
    const before = await rowCount(loginAttempts);
    const result = await t.call<{ field: string }>('POST', '/auth/api/Account/Token', { body });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe(field);
    expect(await rowCount(loginAttempts)).toBe(before);
  });
});

describe('GET /api/service/hxstatus/{retailerNumber}', () => {
  it('answers the portal metadata of one of the user’s retailers', async () => {
    const token = await t.login('admin');
    const partner = await t.call('GET', '/api/service/hxstatus/4219', { token });
    expect(partner.status).toBe(200);
    expect(v.parse(PortalMetadata, partner.body)).toMatchObject({ partnerPortal: true, deployPortal: true });
    const regular = await t.call('GET', '/API/Service/HxStatus/4217', { token });
    expect(v.parse(PortalMetadata, regular.body)).toMatchObject({ partnerPortal: false });
  });

  it('answers false and empty metadata for a retailer without a portal (spec 3 §3 defaults)', async () => {
    const token = await t.login('internal');
    const result = await t.call('GET', '/api/service/hxstatus/5123', { token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id: null,
      developerName: '',
      businessUnit: '',
      businessUnitNumber: '',
      deployWorkflow: false,
      deployDispatch: false,
      deployPortal: false,
      partnerPortal: false,
    });
  });

  it('refuses a retailer outside the user’s scope with 403, and a malformed number with 400', async () => {
    const token = await t.login('service');
    const outside = await t.call('GET', '/api/service/hxstatus/7740', { token });
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({ message: 'Retailer 7740 is not one of your retail centers.' });
    const malformed = await t.call<{ field: string }>('GET', '/api/service/hxstatus/47a1', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('retailerNumber');
    expect((await t.call('GET', '/api/service/hxstatus/4217')).status).toBe(401);
  });
});
