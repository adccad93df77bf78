import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CmhUser, ConflictBody } from '../../src/contract';
import { users } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function signedIn(key: string) {
  const token = await t.login(key);
  const profile = await t.call('GET', '/auth/api/Account/User', { token });
  return { token, user: v.parse(CmhUser, profile.body) };
}

const userRow = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0]!;

describe('PUT /api/Account', () => {
  it('updates the own first and last name, bumps rowVersion and answers the CmhUser', async () => {
    const { token, user } = await signedIn('viewer');
    const result = await t.call('PUT', '/api/Account', {
      token,
      body: { firstName: ' Valerie ', lastName: 'Chen-Ross', password: '', confirmPassword: '', rowVersion: user.rowVersion },
    });
    expect(result.status).toBe(200);
    const updated = v.parse(CmhUser, result.body);
    expect(updated).toMatchObject({ firstName: 'Valerie', lastName: 'Chen-Ross', rowVersion: user.rowVersion + 1 });
    expect(updated.passwordLastChanged).toBe(user.passwordLastChanged);
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { token, user } = await signedIn('expiring');
    const changedAt = new Date('2032-02-02T09:00:00.000Z');
    t.setNow(changedAt);
    try {
      const result = await t.call<CmhUser>('PUT', '/api/Account', {
        token,
        body: {
          firstName: user.firstName,
          lastName: user.lastName,
          password: 'Fresh#Start9',
          confirmPassword: 'Fresh#Start9',
          rowVersion: user.rowVersion,
        },
      });
      expect(result.status).toBe(200);
      expect(result.body.passwordLastChanged).toBe(changedAt.toISOString());
    } finally {
      t.setNow(null);
    }
    const row = await userRow('expiring@demo.homesite.test');
    expect(row.passwordHash?.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain('Fresh#Start9');
    await expect(t.login('expiring', 'Fresh#Start9')).resolves.toEqual(expect.any(String));
    expect(
      (await t.call('POST', '/auth/api/Account/Token', { body: { Username: 'expiring@demo.homesite.test', Password: 'Demo#2026!' } }))
        .status,
    ).toBe(400);
  });

  it('answers 409 with the current record for a stale rowVersion, and writes nothing', async () => {
    const first = await signedIn('service');
    const second = await signedIn('service');
    const saved = await t.call('PUT', '/api/Account', {
      token: first.token,
      body: { firstName: 'Samuel', lastName: 'Rivera', rowVersion: first.user.rowVersion },
    });
    expect(saved.status).toBe(200);

    const stale = await t.call('PUT', '/api/Account', {
      token: second.token,
      body: { firstName: 'Sammy', lastName: 'Rivers', rowVersion: second.user.rowVersion },
    });
    expect(stale.status).toBe(409);
    const conflict = v.parse(ConflictBody, stale.body);
    expect(conflict.message).toBe('This record was changed by someone else. Reload to see the latest version.');
    expect(v.parse(CmhUser, conflict.current)).toMatchObject({
      firstName: 'Samuel',
      lastName: 'Rivera',
      rowVersion: first.user.rowVersion + 1,
    });
    expect(await userRow('service@demo.homesite.test')).toMatchObject({ firstName: 'Samuel', lastName: 'Rivera' });
  });

  it('refuses internal users (they have no My Account) with 403', async () => {
    const { token, user } = await signedIn('internal');
    const result = await t.call('PUT', '/api/Account', {
      token,
      body: { firstName: 'Ingrid', lastName: 'Changed', rowVersion: user.rowVersion },
    });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: 'You do not have the appropriate permissions.' });
    expect((await userRow('internal@demo.homesite.test')).lastName).toBe('Holt');
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('PUT', '/api/Account', { body: { firstName: 'A', lastName: 'B', rowVersion: 0 } })).status).toBe(401);
  });

  it.each([
    [{ firstName: '', lastName: 'Patel', rowVersion: 0 }, 'firstName', 'First name is required.'],
    [{ firstName: 'Sky', lastName: 'P'.repeat(21), rowVersion: 0 }, 'lastName', 'Last name can be no longer than 20 characters.'],
    [{ firstName: 'Sky', lastName: 'Patel', password: 'short', confirmPassword: 'short', rowVersion: 0 }, 'password', undefined],
    [
      { firstName: 'Sky', lastName: 'Patel', password: 'Longer#Pass1', confirmPassword: 'Longer#Pass2', rowVersion: 0 },
      'confirmPassword',
      'Passwords do not match.',
    ],
    [{ firstName: 'Sky', lastName: 'Patel' }, 'rowVersion', undefined],
  ])('answers 400 naming the field for %j and writes nothing', async (body, field, message) => {
    const { token } = await signedIn('sales');
    const before = await userRow('sales@demo.homesite.test');
    const result = await t.call<{ message: string; field: string }>('PUT', '/api/Account', { token, body });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe(field);
    if (message) expect(result.body.message).toContain(message);
    expect(await userRow('sales@demo.homesite.test')).toEqual(before);
  });
});
