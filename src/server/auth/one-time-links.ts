import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { LinkPurpose, LinkRefusal, LinkStatus } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/*
 * One-time links (issue 29 §4): 32 random bytes, of which only the SHA-256 is stored. A link is used once; a newer
 * link for the same user ends the older ones; deactivating the user ends them; it lasts INVITE_TTL_HOURS (invitation)
 * or RESET_TTL_MINUTES (reset). Ended rows stay a while, so that the page can say why a link no longer works.
 */

export const DEFAULT_INVITE_TTL_HOURS = 7 * 24;
export const DEFAULT_RESET_TTL_MINUTES = 60;
/** Ended and expired links are kept this long for the page's "used" or "expired" answer, then pruned. */
const ENDED_LINKS_KEPT_MS = 30 * 86_400_000;

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedLink {
  token: string;
  expiresAt: Date;
}

/** Issues a link for the user and ends their older ones (replaced). */
export async function issueLink(db: Database, userId: number, purpose: LinkPurpose, now: Date, ttlMs: number): Promise<IssuedLink> {
  await endOpenLinks(db, userId, 'replaced', now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(t.oneTimeLinks).values({ userId, purpose, tokenHash: hashLinkToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

export async function endOpenLinks(db: Database, userId: number, because: 'replaced' | 'deactivated', now: Date) {
  await db
    .update(t.oneTimeLinks)
    .set({ endedAt: now, endedBecause: because })
    .where(and(eq(t.oneTimeLinks.userId, userId), isNull(t.oneTimeLinks.endedAt)));
}

export interface LinkUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
}

export type LinkLookup =
  | { ok: true; linkId: number; purpose: LinkPurpose; expiresAt: Date; user: LinkUser }
  | { ok: false; reason: LinkRefusal; user: LinkUser | null };

/**
 * What a token is worth now. `lock` takes the link's row for the caller's transaction, so two uses at once of one link
 * run one after the other and the second finds it used.
 */
export async function lookUpLink(db: Database, token: string, now: Date, options: { lock?: boolean } = {}): Promise<LinkLookup> {
  const query = db
    .select({
      id: t.oneTimeLinks.id,
      purpose: t.oneTimeLinks.purpose,
      expiresAt: t.oneTimeLinks.expiresAt,
      endedBecause: t.oneTimeLinks.endedBecause,
      user: {
        id: t.users.id,
        userName: t.users.userName,
        firstName: t.users.firstName,
        lastName: t.users.lastName,
        isActive: t.users.isActive,
      },
    })
    .from(t.oneTimeLinks)
    .innerJoin(t.users, eq(t.users.id, t.oneTimeLinks.userId))
    .where(eq(t.oneTimeLinks.tokenHash, hashLinkToken(token)));
  const [link] = options.lock ? await query.for('update', { of: t.oneTimeLinks }) : await query;
  if (!link) return { ok: false, reason: 'unknown', user: null };
  if (!link.user.isActive) return { ok: false, reason: 'deactivated', user: link.user };
  if (link.endedBecause) return { ok: false, reason: link.endedBecause, user: link.user };
  if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', user: link.user };
  return { ok: true, linkId: link.id, purpose: link.purpose, expiresAt: link.expiresAt, user: link.user };
}

export const linkStatusOf = (lookup: LinkLookup): LinkStatus =>
  lookup.ok
    ? {
        state: 'valid',
        purpose: lookup.purpose,
        userName: lookup.user.userName,
        firstName: lookup.user.firstName,
        expiresAt: lookup.expiresAt.toISOString(),
      }
    : { state: 'refused', reason: lookup.reason, userName: lookup.user?.userName ?? null };

export async function markLinkUsed(db: Database, linkId: number, now: Date) {
  await db.update(t.oneTimeLinks).set({ endedAt: now, endedBecause: 'used' }).where(eq(t.oneTimeLinks.id, linkId));
}

/**
 * Whether the user has an open invitation (unused, unexpired): `user invite --all-without-password` skips them. Written
 * with its own alias: drizzle leaves table names off columns in a select list, which would make the subquery compare
 * the link with itself.
 */
export const openInvitation = (now: Date) =>
  sql`exists (select 1 from "one_time_links" "open_link" where "open_link"."user_id" = "users"."id"
    and "open_link"."purpose" = 'invitation' and "open_link"."ended_at" is null and "open_link"."expires_at" > ${now})`;

export async function pruneLinks(db: Database, now: Date) {
  await db.delete(t.oneTimeLinks).where(lt(t.oneTimeLinks.expiresAt, new Date(now.getTime() - ENDED_LINKS_KEPT_MS)));
}
