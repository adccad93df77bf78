import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { SYNC_CURSOR_HEADER } from '../../contract/sync';
import type { Database } from '../db/client';
import { parseIfNoneMatch } from '../http/conditional';
import { decodeCursor, encodeCursor, fingerprint, MAX_CURSOR_CHARS, type CursorState, type Position } from './cursor';
import { probe } from './probe';
import type { SyncSource } from './source';

interface CachedList {
  /** The position the answer was read at: it is current while nothing of the list changed past it. */
  at: Position;
  gzipped: Uint8Array<ArrayBuffer>;
  /** The JSON itself, kept for clients that take no gzip when it is small; a big one is unzipped for them. */
  json: string | undefined;
}

interface ListCache {
  answers: Map<string, CachedList>;
  /** Answers being read: the requests that need one while it is read wait for it instead of reading the list again. */
  building: Map<string, Promise<CachedList>>;
}

/** Plain list answers by database, then list and scope, newest last. */
const listCaches = new WeakMap<Database, ListCache>();
const LIST_CACHE_SIZE = 32;
/** A bigger answer (a 50,000-row list is about 3 MB gzipped) is not kept, but still shared while it is read. */
const LIST_CACHE_MAX_GZIPPED = 8 * 1024 * 1024;
const PLAIN_JSON_MAX_CHARS = 2 * 1024 * 1024;
const gzipAsync = promisify(gzip);

async function buildList(at: Position, read: () => Promise<unknown>): Promise<CachedList> {
  const json = JSON.stringify(await read());
  const gzipped = new Uint8Array(await gzipAsync(json)) as Uint8Array<ArrayBuffer>;
  return { at, gzipped, json: json.length <= PLAIN_JSON_MAX_CHARS ? json : undefined };
}

/**
 * The position an If-None-Match names for this list and scope: the first of its tags that is one of our cursors (weak
 * or not). `*` names none: a list answer is only current for a position the client says it has.
 */
function followableCursor(ifNoneMatch: string | undefined, scope: string): CursorState | undefined {
  const tags = parseIfNoneMatch(ifNoneMatch);
  if (tags === '*') return undefined;
  for (const tag of tags) {
    const cursor = tag.opaque.length <= MAX_CURSOR_CHARS ? decodeCursor(tag.opaque) : undefined;
    if (cursor?.scope === scope) return cursor;
  }
  return undefined;
}

/**
 * A plain list GET (the spec's array): X-Sync-Cursor, and an ETag naming the same position, no later than what the
 * answer holds (anything newer comes again in the next delta). One statement decides: a client whose ETag names a
 * position nothing changed after gets 304; otherwise the answer last built for this list and scope is sent again
 * (gzipped once) while nothing changed past it, or the one being built is waited for — fifty technicians of one retail
 * center share one build — else the list is read. Only a cache: every instance asks the database on every call.
 */
export async function answerList(c: Context, db: Database, source: SyncSource<unknown>, read: () => Promise<unknown>): Promise<Response> {
  const scope = fingerprint(source);
  const followable = followableCursor(c.req.header('if-none-match'), scope);
  let cache = listCaches.get(db);
  if (!cache) listCaches.set(db, (cache = { answers: new Map(), building: new Map() }));
  const cached = cache.answers.get(scope);
  const { horizon, pruned, changed } = await probe(db, source, followable ?? cached?.at);
  const now: Position = { xid: horizon, id: 0 };
  // Private (per user and scope) and always revalidated: the browser asks If-None-Match.
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'authorization, accept-encoding');
  const position = (at: Position) => {
    const text = encodeCursor({ scope, ...at });
    c.header(SYNC_CURSOR_HEADER, text);
    c.header('etag', `W/"${text}"`);
  };
  if (followable && followable.xid >= pruned && !changed) {
    position(now);
    return c.body(null, 304);
  }

  let answer: CachedList;
  if (!followable && cached && !changed) answer = { ...cached, at: now };
  else {
    let building = cache.building.get(scope);
    if (!building) {
      building = buildList(now, read);
      cache.building.set(scope, building);
      const { answers, building: inFlight } = cache;
      void building
        .then((built) => {
          answers.delete(scope);
          if (built.gzipped.byteLength > LIST_CACHE_MAX_GZIPPED) return;
          answers.set(scope, built);
          if (answers.size > LIST_CACHE_SIZE) answers.delete(answers.keys().next().value!);
        })
        .catch(() => undefined)
        .finally(() => inFlight.delete(scope));
    }
    answer = await building;
  }
  position(answer.at);
  c.header('content-type', 'application/json; charset=UTF-8');
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('content-encoding', 'gzip');
    return c.body(answer.gzipped);
  }
  return c.body(answer.json ?? gunzipSync(answer.gzipped).toString('utf8'));
}
