import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** A route's body limit unless it declares its own (RouteDeclaration.maxBodyBytes). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** How much of an unread body the server reads and discards before it answers: this many times the route's limit. */
export const UNREAD_BODY_BOUND_FACTOR = 4;

declare module 'hono' {
  interface ContextVariableMap {
    /** The body limit of the route answering (set by http/route.ts, and by routes that read their body themselves). */
    bodyLimit: number;
  }
}

/**
 * The body's bytes, or null once they pass `limit` (whatever Content-Length said): the rest is left unread, and the
 * stream unlocked, for drainUnreadBody to discard.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array[] | null> {
  const chunks: Uint8Array[] = [];
  if (!request.body) return chunks;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      total += value.byteLength;
      if (total > limit) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reads the stream to its end, discarding it; false when it passes `bound` bytes (or fails) first. */
async function discard(body: ReadableStream<Uint8Array>, bound: number): Promise<boolean> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > bound) return false;
    }
  } catch {
    return false;
  } finally {
    reader.releaseLock();
  }
}

/**
 * An answer given before the request's body was read (a 413 on its Content-Length, a 401, a refusal half way through
 * an upload) waits until the rest of the body has arrived, read and thrown away, up to UNREAD_BODY_BOUND_FACTOR times
 * the route's limit (issue 34 §2). Otherwise the client, still sending, finds the connection cut under it (a broken
 * pipe) and never reads the answer: a device's outbox would count a 413 as a network failure and retry it for ever.
 * A body past the bound (or declared so) is not read: its answer goes at once, and the connection closes after it.
 * Only over a real listener (@hono/node-server's bindings); in-process requests have no connection to keep.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  // Nothing to wait for once the whole request has arrived (complete: a GET, or a body already in the buffers, unread
  // or not), or in-process.
  if (!incoming || incoming.complete || incoming.readableEnded || incoming.destroyed) return;
  const bound = UNREAD_BODY_BOUND_FACTOR * (c.get('bodyLimit') ?? DEFAULT_MAX_BODY_BYTES);
  const declared = Number(incoming.headers['content-length'] ?? 0);
  const body = c.req.raw.body;
  const drained = declared <= bound && body !== null && !body.locked && (await discard(body, bound));
  if (!drained) c.header('connection', 'close');
};
