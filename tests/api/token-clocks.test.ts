// Issue 22 §4, one clock: two instances over one database whose clocks disagree by minutes (each app's config.clock,
// and the process clock while it serves a request, which is what signs tokens). A password change ends the older
// tokens of the user on both, and no newer token, whichever instance made the change or issued the token.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CmhUser, ManagedUser } from '../../src/contract';
import { createApp } from '../../src/server/app';
import { users } from '../../src/server/db/schema';
import { callerFor, createTestContext, type CallOptions, type TestContext } from './harness';

const PROFILE = '/auth/api/Account/User';
const PASSWORD = 'Welcome#2026';
const SKEW_MS = 5 * 60_000;
const realNow = Date.now.bind(Date);

let t: TestContext;
let adminToken: string;
type Instance = ReturnType<typeof instanceWithClockOff>;
let behind: Instance;
let ahead: Instance;

/** An app over the test's database whose clock is `offsetMs` off: its config.clock, and Date.now while it answers. */
function instanceWithClockOff(offsetMs: number) {
  const call = callerFor(createApp({ db: t.db, config: { ...t.config, clock: () => new Date(realNow() + offsetMs) } }));
  return async <T = unknown>(method: string, path: string, options: CallOptions = {}) => {
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
    try {
      return await call<T>(method, path, options);
    } finally {
      clock.mockRestore();
    }
  };
}

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
  behind = instanceWithClockOff(-SKEW_MS);
  ahead = instanceWithClockOff(SKEW_MS);
});
afterAll(() => t.close());

async function signIn(instance: Instance, userName: string, password = PASSWORD) {
  const result = await instance<{ bearerToken: string }>('POST', '/auth/api/Account/Token', {
    body: { Username: userName, Password: password },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.bearerToken;
}

/** A new user (the admin makes it), with My Account. */
async function newUser() {
  const userName = `clock.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
  const created = await t.call('POST', '/api/api/User/', {
    token: adminToken,
    body: {
      firstName: 'Cass',
      lastName: 'Ashe',
      userName,
      isActive: true,
      roles: ['Service_Viewer'],
      retailerNumbers: ['4217'],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return v.parse(ManagedUser, created.body).userName;
}

async function changePassword(instance: Instance, token: string, password: string) {
  const profile = v.parse(CmhUser, (await instance('GET', PROFILE, { token })).body);
  const changed = await instance('PUT', '/api/Account', {
    token,
    body: { firstName: profile.firstName, lastName: profile.lastName, password, confirmPassword: password, rowVersion: profile.rowVersion },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

const statusOn = async (instance: Instance, token: string) => (await instance('GET', PROFILE, { token })).status;

describe('instances whose clocks disagree by minutes', () => {
  it('a token issued by the instance whose clock is ahead works on the one whose clock is behind', async () => {
    const userName = await newUser();
    const token = await signIn(ahead, userName);
    expect(await statusOn(behind, token)).toBe(200);
    expect(await statusOn(ahead, token)).toBe(200);
  });

  it('a password change made on the instance whose clock is behind ends an older token issued by the one ahead', async () => {
    const userName = await newUser();
    const older = await signIn(ahead, userName);
    const changing = await signIn(behind, userName);
    await changePassword(behind, changing, 'Changed#2027');
    expect(await statusOn(ahead, older)).toBe(401);
    expect(await statusOn(behind, older)).toBe(401);
    // The token that made the change stays valid.
    expect(await statusOn(ahead, changing)).toBe(200);
    expect(await statusOn(behind, changing)).toBe(200);
  });

  it('after a password change made on the instance whose clock is ahead, a new sign-in on the one behind works at once', async () => {
    const userName = await newUser();
    const changing = await signIn(ahead, userName);
    await changePassword(ahead, changing, 'Changed#2027');
    const fresh = await signIn(behind, userName, 'Changed#2027');
    expect(await statusOn(behind, fresh)).toBe(200);
    expect(await statusOn(ahead, fresh)).toBe(200);
  });

  it('a password change written by an instance of the previous version (tokens_not_before alone) ends older tokens too', async () => {
    const userName = await newUser();
    const older = await signIn(ahead, userName);
    await t.db
      .update(users)
      .set({ tokensNotBefore: new Date(realNow() - SKEW_MS), tokenKeptJti: null })
      .where(eq(users.userName, userName));
    expect(await statusOn(ahead, older)).toBe(401);
    expect(await statusOn(ahead, await signIn(behind, userName))).toBe(200);
  });
});
