import { BASES_COOKIE, TOKEN_COOKIE } from '../contract';
import { parseBases } from '../lib/config';
import { otherAuthor } from '../lib/pending-mark';
import { readTokenClaims, sessionTag } from '../lib/session-token';
import { META_SENT_IN_BACKGROUND } from './background-sends';
import type { OfflineDb } from './db';
import { createFetchSend } from './fetch-send';
import { createOutbox, type ReplayResult } from './outbox';

/*
 * The service worker's drain of the outbox (issue 23 §2, Chromium's Background Sync with no page open). It is the
 * page's outbox core (./outbox.ts) on the same database under the same Web Lock, so exactly-once (Idempotency-Key),
 * per-record order and temp-id remapping are the page's own, and a page that opens meanwhile waits for the lock
 * instead of sending what the drain has out. Uploads go through fetch (a worker has no XMLHttpRequest, and nobody
 * watches a progress bar).
 *
 * The session is the page's `Bearer` cookie, read through the Cookie Store API (a worker has no document.cookie)
 * afresh before every call: sign-in, refresh and sign-out are in step by construction, with no second copy of the
 * token to keep. With no token nothing is sent; a call whose author is not the signed-in user is not sent either and
 * pauses the queue as the page's 401 does.
 */

export interface BackgroundDrainOptions {
  db: OfflineDb;
  /** The origin's cookies as they are now (name → decoded value). */
  readCookies: () => Promise<ReadonlyMap<string, string>>;
  fetch?: typeof fetch;
  /** The Web Locks the page's outbox uses (the worker's navigator.locks); null only in tests. */
  locks?: LockManager | null;
  now?: () => number;
}

const userOf = (token: string | undefined) => (token ? readTokenClaims(token).userName : undefined);

/** The signed-in session's token among the origin's cookies, unless it has expired. */
export function signedInToken(cookies: ReadonlyMap<string, string>, now: number): string | undefined {
  const token = cookies.get(TOKEN_COOKIE);
  const expiresAt = token ? readTokenClaims(token).expiresAt : undefined;
  return token && (!expiresAt || expiresAt.getTime() > now) ? token : undefined;
}

/**
 * Sends what the outbox holds, as the page's `online` trigger does (retry delays ignored). Answers the run's result,
 * or undefined when nothing was tried: no one is signed in, or the queue is paused for the session signed in now.
 */
export async function drainInBackground(options: BackgroundDrainOptions): Promise<ReplayResult | undefined> {
  const now = options.now ?? Date.now;
  let cookies = await options.readCookies();
  const liveToken = () => signedInToken(cookies, now());
  let token = liveToken();
  if (!token) return undefined;

  const send = createFetchSend({
    resolveBase: (base) => parseBases(cookies.get(BASES_COOKIE))[base],
    getToken: () => token,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    XMLHttpRequest: undefined,
  });
  const outbox = createOutbox({
    db: options.db,
    now,
    ...(options.locks === undefined ? {} : { locks: options.locks }),
    currentUser: () => userOf(token),
    currentSession: () => (token ? sessionTag(token) : undefined),
    tallySentUnder: META_SENT_IN_BACKGROUND,
    async send(entry, files, sendOptions) {
      cookies = await options.readCookies();
      token = liveToken();
      // Signed out, or another user signed in, since the drain began: the call does not go out under that session.
      if (!token || otherAuthor(entry.owner, userOf(token))) return { status: 401, body: undefined };
      return send(entry, files, sendOptions);
    },
  });

  const pause = await outbox.pauseState();
  // As on the page (./sync.ts): a 401's pause is lifted by a new sign-in, never by the session that met it.
  if (pause) return pause.session === sessionTag(token) ? undefined : outbox.resume();
  return outbox.replay({ force: true });
}
