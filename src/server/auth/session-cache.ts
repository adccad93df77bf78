import { sql } from 'drizzle-orm';
import type { CmhUser } from '../../contract';
import { deriveFlags, type DerivedFlags } from '../../lib/permissions';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { loadCmhUser } from './profile';
import { tokenGenerationOf, tokenRefused, type TokenClaims } from './tokens';

/** What a request knows of its signed-in user. Shared between requests: never mutate it. */
export interface SignedInProfile {
  user: CmhUser;
  flags: DerivedFlags;
  /** users.profile_version the profile was loaded at. */
  version: number;
}

export interface SessionCache {
  /**
   * The profile of `userId` when that user exists, is active and the token (its jti and generation)
   * is not refused (revoked, or of an older generation than the user's: auth/tokens.ts tokenRefused); null
   * otherwise.
   * One indexed statement when the profile is cached at the user's current profile_version (shared by
   * the requests that arrive in the same turn of the event loop); the profile is loaded (once, however
   * many requests ask at the same time) when it is not.
   */
  signedIn: (userId: number, token: Pick<TokenClaims, 'jti' | 'gen'>) => Promise<SignedInProfile | null>;
  /** Profiles held (tests, benchmarks). */
  readonly size: number;
}

export interface SessionCacheOptions {
  /** Most profiles kept; the least recently used goes first. */
  capacity?: number;
}

export const DEFAULT_SESSION_CACHE_CAPACITY = 5_000;

/** Freezes the shared profile so that a handler changing it fails loudly instead of leaking into other requests. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** What the session statement says of one (user, token). */
interface SessionState {
  version: number;
  isActive: boolean;
  /** Revoked, or of an older generation than the user's and not the token the last password change kept. */
  revoked: boolean;
}

/** Checks answered by one statement at most; more wait for the next. */
const MAX_CHECKS_PER_STATEMENT = 500;
/** users.id is an int4: a larger number would fail the whole statement, and with it the other requests in it. */
const MAX_USER_ID = 2_147_483_647;

interface QueuedCheck {
  userId: number;
  jti: string;
  /** tokenGenerationOf the token. */
  generation: number;
  waiters: { resolve: (state: SessionState | null) => void; reject: (error: unknown) => void }[];
}

/**
 * The session check of every request: users.profile_version and is_active, and whether the token is
 * refused (revoked, or of a generation older than the user's token_generation and not token_kept_jti: two columns
 * of the same users row), by primary keys (the `limit 1` keeps the lateral lookup a per-row index probe instead of a
 * join the planner may hash over the whole users table). Requests that arrive while a check is running are answered together by the
 * next statement (one row each), so under load a request costs less than a statement, and when idle
 * exactly one. A statement starts only after every request it answers arrived, so each sees every
 * commit made before it came.
 */
function createSessionChecks(db: Database) {
  // Prepared once: on PostgreSQL a named statement, parsed and planned once per pooled connection.
  const statement = db
    .select({
      n: sql<number>`k.n`,
      version: sql<number | string>`s.version`,
      isActive: sql<boolean>`s.is_active`,
      revoked: sql<boolean>`s.revoked`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder('checks')}::jsonb) as k(n int, user_id int, jti text, generation int)
        cross join lateral (
          select ${t.users.profileVersion} as version, ${t.users.isActive} as is_active,
            ${tokenRefused(sql`k.jti`, sql`k.generation`)} as revoked
          from ${t.users} where ${t.users.id} = k.user_id
          limit 1
        ) s`,
    )
    .prepare('homesite_session_checks');

  const queued = new Map<string, QueuedCheck>();
  let flushing = false;

  async function flush() {
    while (queued.size > 0) {
      const batch: QueuedCheck[] = [];
      for (const [key, check] of queued) {
        queued.delete(key);
        batch.push(check);
        if (batch.length === MAX_CHECKS_PER_STATEMENT) break;
      }
      try {
        const rows = await statement.execute({
          checks: JSON.stringify(batch.map((check, n) => ({ n, user_id: check.userId, jti: check.jti, generation: check.generation }))),
        });
        const states: (SessionState | null)[] = batch.map(() => null);
        for (const row of rows) states[row.n] = { version: Number(row.version), isActive: row.isActive, revoked: row.revoked };
        batch.forEach((check, n) => check.waiters.forEach((waiter) => waiter.resolve(states[n] ?? null)));
      } catch (error) {
        for (const check of batch) for (const waiter of check.waiters) waiter.reject(error);
      }
    }
    flushing = false;
  }

  return (userId: number, jti: string, generation: number) =>
    new Promise<SessionState | null>((resolve, reject) => {
      const key = `${userId} ${generation} ${jti}`;
      let check = queued.get(key);
      if (!check) {
        check = { userId, jti, generation, waiters: [] };
        queued.set(key, check);
      }
      check.waiters.push({ resolve, reject });
      if (!flushing) {
        flushing = true;
        // After the I/O of this turn of the event loop: requests read from other sockets in the same turn
        // join this statement (PGlite answers within microtasks, so a microtask would go one by one).
        setImmediate(() => void flush());
      }
    });
}

/**
 * In-process profiles, one cache per app (createApp). Never stale across instances sharing one
 * database: every request reads users.profile_version, which database triggers (migration 0007) move
 * on every change of what a profile holds, and a cached profile is used only at exactly that version.
 */
export function createSessionCache(db: Database, options: SessionCacheOptions = {}): SessionCache {
  const capacity = Math.max(1, options.capacity ?? DEFAULT_SESSION_CACHE_CAPACITY);
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  const profiles = new Map<number, SignedInProfile>();
  const loading = new Map<string, Promise<SignedInProfile | null>>();
  const sessionState = createSessionChecks(db);

  function remember(userId: number, profile: SignedInProfile) {
    const held = profiles.get(userId);
    // A slower load of an older version must not replace a newer one.
    if (held && held.version > profile.version) return;
    profiles.delete(userId);
    profiles.set(userId, profile);
    if (profiles.size > capacity) {
      const oldest = profiles.keys().next().value;
      if (oldest !== undefined) profiles.delete(oldest);
    }
  }

  async function load(userId: number, version: number): Promise<SignedInProfile | null> {
    // Read after `version` was: it holds that version's profile or a later one, whose version differs,
    // so the next request loads again rather than use something older than what it saw.
    const user = await loadCmhUser(db, userId);
    if (!user) return null;
    const profile = deepFreeze({ user, flags: deriveFlags(user), version });
    remember(userId, profile);
    return profile;
  }

  function loadShared(userId: number, version: number) {
    // Keyed by version too: a request that saw a newer version must not wait for a load begun before it.
    const key = `${userId}:${version}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = load(userId, version).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  return {
    async signedIn(userId, token) {
      if (!Number.isSafeInteger(userId) || userId < 1 || userId > MAX_USER_ID) return null;
      const state = await sessionState(userId, token.jti, tokenGenerationOf(token));
      if (!state || state.revoked || !state.isActive) return null;
      const cached = profiles.get(userId);
      if (cached && cached.version === state.version) {
        profiles.delete(userId);
        profiles.set(userId, cached);
        return cached;
      }
      const profile = await loadShared(userId, state.version);
      return profile?.user.isActive ? profile : null;
    },
    get size() {
      return profiles.size;
    },
  };
}
