import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Account, ChangeRetailerAnswer, CmhUser, TermsDocument } from '../../src/contract';
import { verify } from 'hono/jwt';
import { users, loginAttempts } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const credentials = (userName: string, password = 'Demo#2026!') => ({ Username: userName, Password: password });

describe('POST /auth/api/Account/Token (login)', () => {
  it('answers the Account with a signed 12-hour token carrying the user and current retailer', async () => {
    const result = await t.call('POST', '/auth/api/Account/Token', { body: credentials('Sales@Demo.HomeSite.test') });
    expect(result.status).toBe(200);
    const account = v.parse(Account, result.body);
    expect(account).toMatchObject({ firstName: 'Sky', lastName: 'Patel', email: 'sales@demo.homesite.test' });
    const claims = await verify(account.bearerToken, t.config.tokenSecret, 'HS256');
    expect(claims).toMatchObject({ userName: 'sales@demo.homesite.test', retailerNumber: '4217' });
    expect(typeof claims.sub).toBe('string');
    expect(typeof claims.jti).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(12 * 60 * 60);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrongPassword = await t.call('POST', '/auth/api/Account/Token', {
      body: credentials('viewer@demo.homesite.test', 'Wrong#Pass1'),
    });
    const unknownUser = await t.call('POST', '/auth/api/Account/Token', { body: credentials('nobody@demo.homesite.test') });
    for (const result of [wrongPassword, unknownUser]) {
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ message: 'The user name or password is incorrect.' });
    }
  });

  it('locks a user name after 5 failures in 15 minutes, even for the right password, and counts in the database', async () => {
    const name = 'driver@demo.homesite.test';
    const start = new Date('2030-01-01T10:00:00Z');
    try {
      for (let minute = 0; minute < 5; minute++) {
        t.setNow(new Date(start.getTime() + minute * 60_000));
        const result = await t.call('POST', '/auth/api/Account/Token', { body: credentials(name, `Wrong#${minute}aaa`) });
        expect(result.status).toBe(400);
      }
      expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.userName, name))).toHaveLength(5);

      t.setNow(new Date(start.getTime() + 5 * 60_000));
      const locked = await t.call('POST', '/auth/api/Account/Token', { body: credentials(name) });
      expect(locked.status).toBe(429);
      // The first failure (10:00) leaves the window at 10:15; it is 10:05.
      expect(locked.body).toEqual({ message: 'Too many failed sign-in attempts. Try again in 10 minutes.' });
      expect(locked.headers.get('retry-after')).toBe('600');

      t.setNow(new Date(start.getTime() + 14 * 60_000 + 30_000));
      const lastMinute = await t.call('POST', '/auth/api/Account/Token', { body: credentials(name) });
      expect(lastMinute.body).toEqual({ message: 'Too many failed sign-in attempts. Try again in 1 minute.' });

      t.setNow(new Date(start.getTime() + 15 * 60_000 + 1));
      const afterWindow = await t.call('POST', '/auth/api/Account/Token', { body: credentials(name) });
      expect(afterWindow.status).toBe(200);
      expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.userName, name))).toHaveLength(0);
    } finally {
      t.setNow(null);
    }
  });

  it('refuses an inactive user even with the right password', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.userName, 'viewer@demo.homesite.test'));
    try {
      const result = await t.call('POST', '/auth/api/Account/Token', { body: credentials('viewer@demo.homesite.test') });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ message: 'This account is inactive. Please contact your administrator.' });
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.userName, 'viewer@demo.homesite.test'));
    }
  });

  it('stops accepting the tokens of a user who became inactive', async () => {
    const token = await t.login('viewer');
    await t.db.update(users).set({ isActive: false }).where(eq(users.userName, 'viewer@demo.homesite.test'));
    try {
      expect((await t.call('GET', '/auth/api/Account/User', { token })).status).toBe(401);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.userName, 'viewer@demo.homesite.test'));
    }
  });

  it('needs no Idempotency-Key', async () => {
    const result = await t.call('POST', '/auth/api/Account/Token', {
      body: credentials('service@demo.homesite.test'),
      idempotencyKey: null,
    });
    expect(result.status).toBe(200);
  });
});

describe('GET /auth/api/Account/User', () => {
  it('answers the own CmhUser, editable by its owner', async () => {
    const token = await t.login('service');
    const result = await t.call('GET', '/auth/api/Account/User', { token });
    expect(result.status).toBe(200);
    const user = v.parse(CmhUser, result.body);
    expect(user).toMatchObject({ userName: 'service@demo.homesite.test', allowEdit: true, isActive: true, rowVersion: 0 });
  });

  it('answers 401 without a token, with a malformed one and with one signed by another secret', async () => {
    const token = await t.login('service');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.c2lnbmVkLWJ5LXNvbWVvbmUtZWxzZQ`;
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${forged}`, `Basic ${token}`]) {
      const result = await t.call('GET', '/auth/api/Account/User', { headers: authorization ? { authorization } : {} });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ message: 'Authorization has been denied for this request.' });
    }
  });

  it('matches contract paths case-insensitively, with or without the trailing slash', async () => {
    const token = await t.login('service');
    for (const path of ['/AUTH/API/ACCOUNT/USER', '/auth/api/account/user', '/Auth/Api/Account/User/']) {
      const result = await t.call('GET', path, { token });
      expect(result.status, path).toBe(200);
      expect((result.body as CmhUser).userName).toBe('service@demo.homesite.test');
    }
  });
});

describe('GET /auth/api/Account/ChangeRetailerNumber', () => {
  it('switches to one of the user’s retail centers, persists it and answers a new token and the user', async () => {
    const token = await t.login('admin');
    const result = await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token, query: { retailerNumber: '4218' } });
    expect(result.status).toBe(200);
    const answer = v.parse(ChangeRetailerAnswer, result.body);
    expect(answer.user.currentRetailer).toEqual({
      retailerNumber: '4218',
      name: 'Smoky Mountain Homes',
      retailerType: 'I',
      retailerCity: 'Maryville',
      webEnabled: true,
      // Maryville, Tennessee (ZIP 378…): Eastern, the zone of the retail center's business day.
      timeZone: 'America/New_York',
    });
    expect(answer.user.retailerNumber).toBe('4218');
    expect((await verify(answer.bearerToken, t.config.tokenSecret, 'HS256')).retailerNumber).toBe('4218');

    const later = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: answer.bearerToken });
    expect(later.body.currentRetailer?.retailerNumber).toBe('4218');
    const nextLogin = await t.call<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
      body: credentials('admin@demo.homesite.test'),
    });
    expect((await verify(nextLogin.body.bearerToken, t.config.tokenSecret, 'HS256')).retailerNumber).toBe('4218');

    await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token, query: { retailerNumber: '4217' } });
  });

  it('refuses a retailer outside the user’s retail centers with 403 and changes nothing', async () => {
    const token = await t.login('admin');
    const result = await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token, query: { retailerNumber: '7740' } });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: 'Retailer 7740 is not one of your retail centers.' });
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin@demo.homesite.test'));
    expect(admin?.currentRetailerNumber).toBe('4217');
  });

  it('answers 400 naming retailerNumber when it is missing or not digits', async () => {
    const token = await t.login('admin');
    for (const query of [{}, { retailerNumber: '42a' }] as Record<string, string>[]) {
      const result = await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token, query });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ field: 'retailerNumber' });
    }
  });
});

describe('terms of use', () => {
  it('answers the document dates in the /Date(ms)/ format', async () => {
    const token = await t.login('service');
    const result = await t.call('GET', '/api/FileStream/GetTermsOfUseDocumentDetails/', { token });
    expect(result.status).toBe(200);
    expect(v.parse(TermsDocument, result.body)).toEqual({
      CreateDate: `/Date(${Date.parse('2024-03-01T14:00:00Z')})/`,
      ModifyDate: `/Date(${Date.parse('2025-06-15T14:00:00Z')})/`,
    });
    expect((await t.call('GET', '/api/FileStream/GetTermsOfUseDocumentDetails/')).status).toBe(401);
  });

  it('records the acceptance now and shows it on the profile', async () => {
    const token = await t.login('company');
    const before = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token });
    expect(before.body.termsAcceptanceDate).toBeNull();

    const acceptedAt = new Date('2031-05-04T12:00:00.000Z');
    t.setNow(acceptedAt);
    try {
      const result = await t.call('POST', '/auth/api/Account/Terms/', { token });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ termsAcceptanceDate: acceptedAt.toISOString() });
    } finally {
      t.setNow(null);
    }
    const after = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token });
    expect(after.body.termsAcceptanceDate).toBe(acceptedAt.toISOString());
    expect(after.body.rowVersion).toBe(before.body.rowVersion);
  });
});

describe('POST /auth/api/Account/Logout', () => {
  it('revokes this token only', async () => {
    const token = await t.login('sales');
    const other = await t.login('sales');
    const result = await t.call('POST', '/auth/api/Account/Logout', { token });
    expect(result.status).toBe(204);
    expect((await t.call('GET', '/auth/api/Account/User', { token })).status).toBe(401);
    expect((await t.call('POST', '/auth/api/Account/Logout', { token })).status).toBe(401);
    expect((await t.call('GET', '/auth/api/Account/User', { token: other })).status).toBe(200);
  });
});
