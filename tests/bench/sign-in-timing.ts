// Sign-in timing (issue 22 §5): does an unknown user name answer as fast as a known one with a wrong password? If it
// answered faster, user names could be told apart by timing. Both are failures ending in the same 400; the app is
// in process (no network), PGlite in memory with one user. The two kinds alternate, so that the machine's noise falls
// on both alike, and the failures are cleared between sign-ins (untimed) so that no throttle answers instead.
// Figures, not pass/fail: tests/api/sign-in-timing.test.ts checks the structural fact (both run one Argon2 verify of
// the same cost). Alone: `npx tsx tests/bench/sign-in-timing.ts` (SIGN_IN_TIMING_RUNS, default 200 of each kind).
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/passwords';
import { openDatabase } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';

const USER_NAME = 'timing@demo.homesite.test';
const PASSWORD = 'Right#Password2026';
const WARM_UP = 10;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export async function benchSignInTiming({ runs = Number(process.env.SIGN_IN_TIMING_RUNS ?? 200) }: { runs?: number } = {}) {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(t.users).values({ userName: USER_NAME, firstName: 'Tim', lastName: 'Ing', passwordHash: await hashPassword(PASSWORD) });
    const app = createApp({ db, config: { tokenSecret: randomBytes(32).toString('base64url') } });

    async function signIn(userName: string, password: string) {
      const began = performance.now();
      const response = await app.request('/auth/api/Account/Token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Username: userName, Password: password }),
      });
      await response.text();
      const ms = performance.now() - began;
      if (response.status !== 400) throw new Error(`a failed sign-in answered ${response.status}, not 400`);
      await db.delete(t.loginAttempts);
      return ms;
    }
    const unknownUser = (n: number) => signIn(`nobody-${n}@demo.homesite.test`, PASSWORD);
    const wrongPassword = (n: number) => signIn(USER_NAME, `Wrong#Password${n}`);

    // The first unknown name also hashes the decoy once; neither kind's first calls are counted.
    for (let n = 0; n < WARM_UP; n++) {
      await unknownUser(-n - 1);
      await wrongPassword(-n - 1);
    }
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let n = 0; n < runs; n++) {
      // Alternating which kind goes first, so that neither always follows the other.
      if (n % 2 === 0) {
        unknown.push(await unknownUser(n));
        wrong.push(await wrongPassword(n));
      } else {
        wrong.push(await wrongPassword(n));
        unknown.push(await unknownUser(n));
      }
    }
    const figures = (values: number[]) => `median ${median(values).toFixed(2)} ms, p90 ${percentile(values, 0.9).toFixed(2)} ms`;
    console.log(`unknown user name: ${figures(unknown)} (${runs} sign-ins)`);
    console.log(`known user, wrong password: ${figures(wrong)} (${runs} sign-ins)`);
    console.log(`ratio of the medians (unknown / wrong password): ${(median(unknown) / median(wrong)).toFixed(3)}`);
    return { unknownMedianMs: median(unknown), wrongPasswordMedianMs: median(wrong) };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('# Sign-in timing: unknown user name vs wrong password (PGlite in memory)');
  await benchSignInTiming();
}
