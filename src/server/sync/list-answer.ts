import type { Context } from 'hono';
import { SYNC_CURSOR_HEADER } from '../../contract/sync';
import type { Database } from '../db/client';
import { parseIfNoneMatch } from '../http/conditional';
import { decodeCursor, encodeCursor, fingerprint, MAX_CURSOR_CHARS, type CursorState, type Position } from './cursor';
import { probe } from './probe';
import type { SyncSource } from './source';
import { jsonArray, LIST_PAGE_ROWS, streamList, type ListPages } from './stream-list';

interface CachedList {
  /** The position the answer was read at: it is current while nothing of the list changed past it. */
  at: Position;
  gzipped: Uint8Array<ArrayBuffer>;
}

interface ListCache {
  answers: Map<string, CachedList>;
  /**
   * Answers being read that may fit the cache: the requests that need one meanwhile wait for it instead of reading the
   * list again. Undefined as soon as it is known not to fit (or failed): they read the list themselves.
   */
  building: Map<string, Promise<CachedList | undefined>>;
}

/** Plain list answers by database, then list and scope, least recently used first. */
const listCaches = new WeakMap<Database, ListCache>();
const LIST_CACHE_SIZE = 32;

/**
 * How list answers are read and kept. Tests lower them to see many pages and a list too big for the cache without
 * seeding one; nothing else changes them.
 */
export const listAnswerLimits = {
  /** Rows per query while a list is streamed. */
  pageRows: LIST_PAGE_ROWS,
  /** A bigger answer (a 50,000-row list is about 3 MB gzipped) is streamed to each request and not kept. */
  cacheMaxGzipped: 8 * 1024 * 1024,
};

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

const samePosition = (a: Position, b: Position) => a.xid === b.xid && a.id === b.id;

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(chunks.reduce((bytes, chunk) => bytes + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * A plain list GET (the spec's array): X-Sync-Cursor, and an ETag naming the same position, no later than what the
 * answer holds (anything newer comes again in the next delta). One statement decides both: a client whose ETag names
 * a position nothing changed after gets 304; the answer last kept for this list and scope is sent again (to a client
 * with any ETag, or none) while nothing changed past it. Otherwise the one being read is waited for — fifty
 * technicians of one retail center share one read — or the list is read and streamed page by page (stream-list.ts),
 * gzipped for a client that takes it, and kept when its gzip fits `cacheMaxGzipped`. Only a cache: every instance asks
 * the database on every call.
 */
export function answerList<Item>(
  c: Context,
  db: Database,
  source: SyncSource<Item>,
  pages: ListPages<Item>,
  reportError: (error: unknown) => void,
): Promise<Response> {
  return answerJson(c, db, source, () => jsonArray(pages(listAnswerLimits.pageRows)), reportError);
}

/** answerList for a list answered as one JSON value built whole (the parts catalog's tree: bounded, one plant's). */
export function answerDocument(
  c: Context,
  db: Database,
  source: SyncSource<unknown>,
  read: () => Promise<unknown>,
  reportError: (error: unknown) => void,
): Promise<Response> {
  return answerJson(
    c,
    db,
    source,
    async function* () {
      yield JSON.stringify(await read());
    },
    reportError,
  );
}

async function answerJson<Item>(
  c: Context,
  db: Database,
  source: SyncSource<Item>,
  json: () => AsyncIterable<string>,
  reportError: (error: unknown) => void,
): Promise<Response> {
  const scope = fingerprint(source);
  const followable = followableCursor(c.req.header('if-none-match'), scope);
  let cache = listCaches.get(db);
  if (!cache) listCaches.set(db, (cache = { answers: new Map(), building: new Map() }));
  const cached = cache.answers.get(scope);
  // Both asked in one turn: one statement answers them (probe.ts).
  const [probed, cachedProbe] = await Promise.all([
    probe(db, source as SyncSource<unknown>, followable),
    cached && !(followable && samePosition(followable, cached.at)) ? probe(db, source as SyncSource<unknown>, cached.at) : undefined,
  ]);
  const { horizon, pruned, changed } = probed;
  // Private (per user and scope) and always revalidated: the browser asks If-None-Match.
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'authorization, accept-encoding');
  const position = (at: Position) => {
    const text = encodeCursor({ scope, ...at });
    c.header(SYNC_CURSOR_HEADER, text);
    c.header('etag', `W/"${text}"`);
  };
  if (followable && followable.xid >= pruned && !changed) {
    position({ xid: horizon, id: 0 });
    return c.body(null, 304);
  }
  c.header('content-type', 'application/json; charset=UTF-8');
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');

  let answer: CachedList | undefined;
  const cachedState = cachedProbe ?? probed;
  if (cached && cached.at.xid >= cachedState.pruned && !cachedState.changed) {
    // Nothing changed from its position to the horizon: it is the answer at the horizon.
    answer = { ...cached, at: { xid: cachedState.horizon, id: 0 } };
    cache.answers.delete(scope);
    cache.answers.set(scope, answer);
  } else if (cached) cache.answers.delete(scope);
  let shared = false;
  const building = answer ? undefined : cache.building.get(scope);
  if (building) {
    answer = await building;
    shared = true;
  }
  if (answer) {
    position(answer.at);
    if (gzip) {
      c.header('content-encoding', 'gzip');
      return c.body(answer.gzipped);
    }
    // Unzipped as it is sent, off the main thread (zlib's own threads).
    return c.body(new Blob([answer.gzipped]).stream().pipeThrough(new DecompressionStream('gzip')));
  }

  const at: Position = { xid: horizon, id: 0 };
  const onError = (error: unknown) => {
    if (error instanceof Error) Object.assign(error, { requestId: c.get('requestId') });
    reportError(error);
    // The stream's error alone is not enough on @hono/node-server: caught while it waits for the socket to drain, it
    // ends the response cleanly (with the error's text). Cut the connection: the client sees a broken answer.
    (c.env as { outgoing?: { destroy: () => void } } | undefined)?.outgoing?.destroy();
  };
  // A request that waited for an answer too big to keep reads its own without trying to keep it again.
  const keep = gzip && !shared && listAnswerLimits.cacheMaxGzipped > 0;
  const streamed = streamList(json(), {
    gzip,
    keepBytes: keep ? listAnswerLimits.cacheMaxGzipped : 0,
    onError,
  });
  if (keep) {
    const { answers, building: inFlight } = cache;
    const built = streamed
      .then(({ kept }) => kept)
      .then((chunks) => (chunks ? { at, gzipped: concat(chunks) } : undefined))
      .catch(() => undefined);
    inFlight.set(scope, built);
    void built.then((answer) => {
      if (inFlight.get(scope) === built) inFlight.delete(scope);
      if (!answer) return;
      answers.delete(scope);
      answers.set(scope, answer);
      if (answers.size > LIST_CACHE_SIZE) answers.delete(answers.keys().next().value!);
    });
  }
  const { body } = await streamed;
  position(at);
  if (gzip) c.header('content-encoding', 'gzip');
  return c.body(body);
}
