import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/*
 * Throttles kept in the database, so every instance counts the same attempts: failed sign-ins, and "Forgot password?"
 * requests. Each counts by user name and by client address within a window.
 */

interface AttemptLog {
  table: PgTable;
  userName: PgColumn;
  clientAddress: PgColumn;
  at: PgColumn;
  /** Attempts of one user name within the window before it must wait. */
  perName: number;
  /** Attempts from one client address (any user names) within the window. */
  perAddress: number;
  windowMs: number;
  /** The advisory-lock namespace that makes attempts of one name (then address) wait for each other. */
  lockName: string;
}

export const MAX_FAILED_SIGN_INS = 5;
/**
 * Failures from one client address (any user names) within the window before it must wait: enough for an office
 * behind one NAT address mistyping now and then, far too few to try a password against many user names.
 */
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 30;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

const SIGN_INS: AttemptLog = {
  table: t.loginAttempts,
  userName: t.loginAttempts.userName,
  clientAddress: t.loginAttempts.clientAddress,
  at: t.loginAttempts.attemptedAt,
  perName: MAX_FAILED_SIGN_INS,
  perAddress: MAX_FAILED_SIGN_INS_PER_ADDRESS,
  windowMs: FAILED_SIGN_IN_WINDOW_MS,
  lockName: 'homesite.sign-in',
};

/**
 * "Forgot password?": a user's mailbox gets at most 3 links an hour however often their name is typed, and one address
 * cannot ask for more than 20 an hour (an office behind one NAT address, not a script walking a list of names).
 */
export const PASSWORD_RESET_REQUESTS: AttemptLog = {
  table: t.passwordResetRequests,
  userName: t.passwordResetRequests.userName,
  clientAddress: t.passwordResetRequests.clientAddress,
  at: t.passwordResetRequests.requestedAt,
  perName: 3,
  perAddress: 20,
  windowMs: 60 * 60_000,
  lockName: 'homesite.password-reset',
};

/**
 * Wrong codes at the two-factor code step (issue 33 §2), counted like passwords but apart from them: a correct password
 * clears the password failures, and must not clear these.
 */
export const TWO_FACTOR_CODES: AttemptLog = {
  table: t.twoFactorAttempts,
  userName: t.twoFactorAttempts.userName,
  clientAddress: t.twoFactorAttempts.clientAddress,
  at: t.twoFactorAttempts.attemptedAt,
  perName: MAX_FAILED_SIGN_INS,
  perAddress: MAX_FAILED_SIGN_INS_PER_ADDRESS,
  windowMs: FAILED_SIGN_IN_WINDOW_MS,
  lockName: 'homesite.two-factor',
};

export const throttledMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const resetThrottledMessage = (minutes: number) =>
  `Too many requests for a new password. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Makes the attempts of one user name, then of one client address, wait for each other until the end of the caller's
 * transaction (the routes run in one). Without it, guesses sent at the same time all read the count before any of them
 * recorded its failure, and on PostgreSQL (a pool of connections, several instances) 12 at once had 8 passwords
 * checked instead of 5. The locks go with the transaction, so a crashed request holds nothing; they are always taken
 * name first, so two attempts never wait for each other in a circle.
 */
export async function serializeAttempts(db: Database, log: AttemptLog, userName: string, clientAddress: string | null) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${log.lockName}), hashtext(${userName}))`);
  if (clientAddress)
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${log.lockName}-address`}), hashtext(${clientAddress}))`);
}

/** Milliseconds until the oldest of the `limit` newest attempts matching `which` leaves the window, or 0. */
async function lockedFor(db: Database, log: AttemptLog, which: SQL, limit: number, now: Date): Promise<number> {
  const recent = await db
    .select({ at: log.at })
    .from(log.table)
    .where(and(which, gt(log.at, new Date(now.getTime() - log.windowMs))))
    .orderBy(desc(log.at))
    .limit(limit);
  const oldestCounted = recent[limit - 1]?.at as Date | undefined;
  if (!oldestCounted) return 0;
  return Math.max(0, oldestCounted.getTime() + log.windowMs - now.getTime());
}

/**
 * Milliseconds until `userName` may try again from `clientAddress`, or 0: after `perName` attempts of the name, or
 * `perAddress` from the address, within the window, it waits until the oldest of those leaves the window.
 */
export async function attemptsLockedFor(db: Database, log: AttemptLog, userName: string, clientAddress: string | null, now: Date) {
  const byName = await lockedFor(db, log, eq(log.userName, userName), log.perName, now);
  if (!clientAddress) return byName;
  const byAddress = await lockedFor(db, log, eq(log.clientAddress, clientAddress), log.perAddress, now);
  return Math.max(byName, byAddress);
}

export const serializeSignIns = (db: Database, userName: string, clientAddress: string | null) =>
  serializeAttempts(db, SIGN_INS, userName, clientAddress);

export const signInLockedFor = (db: Database, userName: string, clientAddress: string | null, now: Date) =>
  attemptsLockedFor(db, SIGN_INS, userName, clientAddress, now);

export async function recordFailedSignIn(db: Database, userName: string, clientAddress: string | null, now: Date) {
  await db.insert(t.loginAttempts).values({ userName, clientAddress, attemptedAt: now });
}

export async function recordResetRequest(db: Database, userName: string, clientAddress: string | null, now: Date) {
  await db.insert(t.passwordResetRequests).values({ userName, clientAddress, requestedAt: now });
}

export async function recordFailedCode(db: Database, userName: string, clientAddress: string | null, now: Date) {
  await db.insert(t.twoFactorAttempts).values({ userName, clientAddress, attemptedAt: now });
}

export async function clearFailedCodes(db: Database, userName: string) {
  await db.delete(t.twoFactorAttempts).where(eq(t.twoFactorAttempts.userName, userName));
}

export async function clearFailedSignIns(db: Database, userName: string) {
  await db.delete(t.loginAttempts).where(eq(t.loginAttempts.userName, userName));
}

export async function pruneLoginAttempts(db: Database, now: Date) {
  await db.delete(t.loginAttempts).where(lt(t.loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS)));
  await db.delete(t.twoFactorAttempts).where(lt(t.twoFactorAttempts.attemptedAt, new Date(now.getTime() - TWO_FACTOR_CODES.windowMs)));
  await db
    .delete(t.passwordResetRequests)
    .where(lt(t.passwordResetRequests.requestedAt, new Date(now.getTime() - PASSWORD_RESET_REQUESTS.windowMs)));
}
