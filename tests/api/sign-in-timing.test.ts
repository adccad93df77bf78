import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 22 §5: a sign-in with an unknown user name takes as long as one with a wrong password, so that user names
 * cannot be told apart by timing. The time is measured in tests/bench/sign-in-timing.ts (medians of many sign-ins of
 * each kind, not asserted here); this asserts what makes it so: both paths run exactly one Argon2 verify, against a
 * hash of the same algorithm and cost, and answer the same 400.
 */

const argon2 = vi.hoisted(() => ({ verifies: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifies.push(String(args[0]));
      return original.verify(...args);
    },
  };
});

/** An encoded Argon2 hash's algorithm, version and cost ($argon2id$v=19$m=19456,t=2,p=1), without its salt and digest. */
const costOf = (encoded: string) => encoded.split('$').slice(1, 4).join('$');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(() => {
  argon2.verifies.length = 0;
});

async function failedSignIn(userName: string, password: string) {
  const answer = await t.call('POST', '/auth/api/Account/Token', { body: { Username: userName, Password: password } });
  const verified = [...argon2.verifies];
  argon2.verifies.length = 0;
  return { status: answer.status, body: answer.body, verified };
}

describe('sign-in: an unknown user name costs what a wrong password does', () => {
  it('runs one Argon2 verify of the same cost on both paths, and answers the same', async () => {
    const wrongPassword = await failedSignIn('service@demo.homesite.test', 'Not#ThePassword1');
    const unknownUser = await failedSignIn('nobody.at.all@demo.homesite.test', 'Not#ThePassword1');

    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.verified).toHaveLength(1);
    expect(unknownUser.verified).toHaveLength(1);
    expect(costOf(unknownUser.verified[0]!)).toMatch(/^argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+$/);
    expect(costOf(unknownUser.verified[0]!)).toBe(costOf(wrongPassword.verified[0]!));
  });
});
