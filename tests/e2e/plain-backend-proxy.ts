import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { IDEMPOTENCY_HEADER } from '../../src/contract/bases';
import { SYNC_CURSOR_HEADER } from '../../src/contract/sync';

/*
 * A proxy that makes our server answer as a plain backend would: one that implements the spec's REST calls but
 * none of our extensions (README "A plain backend"). The app calls same-origin relative bases, so the browser loads
 * everything through it, the built app and every API call alike.
 *
 *   - no delta sync: `since` and `limit` leave the query, so a list call answers the spec's whole list;
 *   - no ETag, no 304: If-None-Match is dropped on the way in, ETag on the way out;
 *   - no X-Sync-Cursor on the way out;
 *   - no deduplication: each Idempotency-Key is replaced by one the server has never seen (ours refuses a signed-in
 *     write without a key), so a write sent twice is written twice; Idempotent-Replayed never comes back.
 *
 * Every request is logged as the browser sent it and as the server got it, with the status it was answered.
 */

export interface PlainBackendLogEntry {
  method: string;
  /** Path and query as the browser sent them. */
  path: string;
  /** Path and query as the server got them. */
  forwardedPath: string;
  /** The Idempotency-Key the browser sent (the server got another). */
  browserKey: string | undefined;
  /** The browser asked If-None-Match (dropped). */
  conditional: boolean;
  /** The status the browser got; undefined when it got no answer. */
  status: number | undefined;
}

export interface PlainBackendProxy {
  readonly url: string;
  readonly log: PlainBackendLogEntry[];
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];
const DROPPED_REQUEST_HEADERS = new Set([...HOP_BY_HOP, 'if-none-match', IDEMPOTENCY_HEADER.toLowerCase()]);
const DROPPED_ANSWER_HEADERS = new Set([...HOP_BY_HOP, 'etag', SYNC_CURSOR_HEADER.toLowerCase(), 'idempotent-replayed']);

function without(headers: IncomingHttpHeaders, dropped: ReadonlySet<string>): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!dropped.has(name) && value !== undefined) copy[name] = value;
  return copy;
}

/** The path a plain backend is asked: a list call's delta-sync parameters are gone. */
function withoutDeltaSync(path: string): string {
  const url = new URL(path, 'http://proxy');
  if (!url.searchParams.has('since')) return path;
  url.searchParams.delete('since');
  url.searchParams.delete('limit');
  return url.pathname + url.search;
}

export async function startPlainBackendProxy(options: { targetPort: number; host?: string }): Promise<PlainBackendProxy> {
  const host = options.host ?? '127.0.0.1';
  const log: PlainBackendLogEntry[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const browserKey = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    const entry: PlainBackendLogEntry = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      forwardedPath: withoutDeltaSync(req.url ?? '/'),
      browserKey: typeof browserKey === 'string' ? browserKey : undefined,
      conditional: req.headers['if-none-match'] !== undefined,
      status: undefined,
    };
    log.push(entry);
    const headers = without(req.headers, DROPPED_REQUEST_HEADERS);
    if (entry.browserKey !== undefined) headers[IDEMPOTENCY_HEADER.toLowerCase()] = randomUUID();

    const upstream = httpRequest({
      host,
      port: options.targetPort,
      method: entry.method,
      path: entry.forwardedPath,
      headers,
      agent: false,
    });
    const noAnswer = () => req.socket.destroy();
    upstream.on('error', noAnswer);
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
    upstream.on('response', (answer) => {
      entry.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, without(answer.headers, DROPPED_ANSWER_HEADERS));
      answer.pipe(res);
      answer.on('error', noAnswer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((listening) => server.listen(0, host, () => listening()));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}`,
    log,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
