import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export const MAX_FAILED_SIGN_INS = 5;
/**
 * Failures from one client address (any user names) within the window before it must wait: enough for an office
 * behind one NAT address mistyping now and then, far too few to try a password against many user names.
 */
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 30;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

export const throttledMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Makes the sign-ins of one user name, then of one client address, wait for each other until the end of the
 * caller's transaction (the login route runs in one). Without it, guesses sent at the same time all read the count
 * before any of them recorded its failure, and on PostgreSQL (a pool of connections, several instances) 12 at once
 * had 8 passwords checked instead of 5. The locks go with the transaction, so a crashed request holds nothing; they
 * are always taken name first, so two sign-ins never wait for each other in a circle.
 */
export async function serializeSignIns(db: Database, userName: string, clientAddress: string | null) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('homesite.sign-in'), hashtext(${userName}))`);
  if (clientAddress) await db.execute(sql`select pg_advisory_xact_lock(hashtext('homesite.sign-in-address'), hashtext(${clientAddress}))`);
}

/** Milliseconds until the oldest of the `limit` newest failures matching `which` leaves the window, or 0. */
async function lockedFor(db: Database, which: SQL, limit: number, now: Date): Promise<number> {
  const recent = await db
    .select({ attemptedAt: t.loginAttempts.attemptedAt })
    .from(t.loginAttempts)
    .where(and(which, gt(t.loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS))))
    .orderBy(desc(t.loginAttempts.attemptedAt))
    .limit(limit);
  const oldestCounted = recent[limit - 1];
  if (!oldestCounted) return 0;
  return Math.max(0, oldestCounted.attemptedAt.getTime() + FAILED_SIGN_IN_WINDOW_MS - now.getTime());
}

/**
 * Milliseconds until `userName` may try again from `clientAddress`, or 0. Kept in the database so every instance
 * counts the same attempts: after MAX_FAILED_SIGN_INS failures of the name, or MAX_FAILED_SIGN_INS_PER_ADDRESS from
 * the address, within the window, the sign-in waits until the oldest of those failures leaves the window.
 */
export async function signInLockedFor(db: Database, userName: string, clientAddress: string | null, now: Date): Promise<number> {
  const byName = await lockedFor(db, eq(t.loginAttempts.userName, userName), MAX_FAILED_SIGN_INS, now);
  if (!clientAddress) return byName;
  const byAddress = await lockedFor(db, eq(t.loginAttempts.clientAddress, clientAddress), MAX_FAILED_SIGN_INS_PER_ADDRESS, now);
  return Math.max(byName, byAddress);
}

export async function recordFailedSignIn(db: Database, userName: string, clientAddress: string | null, now: Date) {
  await db.insert(t.loginAttempts).values({ userName, clientAddress, attemptedAt: now });
}

export async function clearFailedSignIns(db: Database, userName: string) {
  await db.delete(t.loginAttempts).where(eq(t.loginAttempts.userName, userName));
}

export async function pruneLoginAttempts(db: Database, now: Date) {
  await db.delete(t.loginAttempts).where(lt(t.loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS)));
}
