import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export const MAX_FAILED_SIGN_INS = 5;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

export const throttledMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Makes the sign-ins of one user name wait for each other until the end of the caller's transaction
 * (the login route runs in one). Without it, guesses sent at the same time all read the count before
 * any of them recorded its failure, and on PostgreSQL (a pool of connections, several instances) 12 at
 * once had 8 passwords checked instead of 5. The lock goes with the transaction, so a crashed request
 * holds nothing; different names do not wait for each other.
 */
export async function serializeSignIns(db: Database, userName: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('homesite.sign-in'), hashtext(${userName}))`);
}

/**
 * Milliseconds until `userName` may try again, or 0. Kept in the database so every instance counts
 * the same attempts: after MAX_FAILED_SIGN_INS failures within the window the name is locked until
 * the oldest of those failures leaves the window.
 */
export async function signInLockedFor(db: Database, userName: string, now: Date): Promise<number> {
  const recent = await db
    .select({ attemptedAt: t.loginAttempts.attemptedAt })
    .from(t.loginAttempts)
    .where(and(eq(t.loginAttempts.userName, userName), gt(t.loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS))))
    .orderBy(desc(t.loginAttempts.attemptedAt))
    .limit(MAX_FAILED_SIGN_INS);
  const oldestCounted = recent[MAX_FAILED_SIGN_INS - 1];
  if (!oldestCounted) return 0;
  return Math.max(0, oldestCounted.attemptedAt.getTime() + FAILED_SIGN_IN_WINDOW_MS - now.getTime());
}

export async function recordFailedSignIn(db: Database, userName: string, now: Date) {
  await db.insert(t.loginAttempts).values({ userName, attemptedAt: now });
}

export async function clearFailedSignIns(db: Database, userName: string) {
  await db.delete(t.loginAttempts).where(eq(t.loginAttempts.userName, userName));
}

export async function pruneLoginAttempts(db: Database, now: Date) {
  await db.delete(t.loginAttempts).where(lt(t.loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS)));
}
