import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * An HTTP proxy between the browser and the server that can misbehave on purpose. The app calls
 * same-origin relative bases, so the browser loads everything through it: the built app, the service
 * worker and every API call. For each request a rule chooses what happens:
 *
 *   pass          forward it and its answer unchanged (the default)
 *   answer        answer it here with a status (503 maintenance, 401) without asking the server
 *   cut-request   forward it, and after `afterBytes` bytes of its body destroy both connections
 *                 (the server gets a truncated body, the browser no answer)
 *   drop-answer   forward it, let the server answer in full, run `then` (e.g. SIGKILL the server),
 *                 and destroy the browser's connection instead of answering: the server acted, the
 *                 browser never heard
 *   before        run `run` (e.g. revoke the session on the server), then forward it
 *   no-answer     destroy the browser's connection without forwarding: the server is down, the network up
 *
 * When the server cannot be reached the browser's connection is destroyed (no answer), as with a
 * server that is down. Every request is logged with what was done to it and the status it got.
 */

export interface ProxyRequest {
  method: string;
  /** Path and query, as the browser sent it. */
  path: string;
  headers: IncomingHttpHeaders;
}

export type Fault =
  | { kind: 'pass' }
  | { kind: 'answer'; status: number; body?: unknown }
  | { kind: 'cut-request'; afterBytes: number }
  | { kind: 'drop-answer'; then?: () => void | Promise<void> }
  | { kind: 'before'; run: () => void | Promise<void> }
  | { kind: 'no-answer' };

export type FaultRule = (request: ProxyRequest) => Fault | undefined;

export interface ProxyLogEntry {
  method: string;
  path: string;
  fault: Fault['kind'];
  /** The status the browser got; undefined when it got no answer. */
  status: number | undefined;
  /** Request body bytes that reached the server. */
  bodyBytes: number;
  idempotencyKey: string | undefined;
  /** The server answered from its stored response (Idempotent-Replayed): it had done this write before. */
  replayed: boolean;
}

export interface FaultProxy {
  readonly url: string;
  readonly port: number;
  /** Chooses what happens to each request from now on; undefined (or no rule) passes it. */
  setRule(rule: FaultRule | undefined): void;
  readonly log: ProxyLogEntry[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) copy[name] = value;
  return copy;
}

export async function startFaultProxy(options: { targetPort: number; host?: string }): Promise<FaultProxy> {
  const host = options.host ?? '127.0.0.1';
  let rule: FaultRule | undefined;
  const log: ProxyLogEntry[] = [];
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const incoming: ProxyRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers };
    const fault: Fault = rule?.(incoming) ?? { kind: 'pass' };
    const entry: ProxyLogEntry = {
      method: incoming.method,
      path: incoming.path,
      fault: fault.kind,
      status: undefined,
      bodyBytes: 0,
      idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
      replayed: false,
    };
    log.push(entry);
    const noAnswer = () => {
      req.socket.destroy();
    };

    if (fault.kind === 'no-answer') {
      noAnswer();
      return;
    }
    if (fault.kind === 'answer') {
      req.resume();
      const body = JSON.stringify(fault.body ?? { message: `HTTP ${fault.status} from the fault proxy.` });
      entry.status = fault.status;
      res.writeHead(fault.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
      });
      res.end(body);
      return;
    }
    if (fault.kind === 'before') {
      req.pause();
      await fault.run();
    }

    const upstream = httpRequest({
      host,
      port: options.targetPort,
      method: incoming.method,
      path: incoming.path,
      headers: forwardHeaders(req.headers),
      agent: false,
    });
    upstream.on('error', noAnswer);
    req.on('aborted', () => upstream.destroy());

    req.on('data', (chunk: Buffer) => {
      if (fault.kind === 'cut-request' && entry.bodyBytes + chunk.length > fault.afterBytes) {
        const part = chunk.subarray(0, Math.max(0, fault.afterBytes - entry.bodyBytes));
        entry.bodyBytes += part.length;
        upstream.write(part, () => {
          upstream.destroy();
          noAnswer();
        });
        req.pause();
        req.removeAllListeners('data');
        return;
      }
      entry.bodyBytes += chunk.length;
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => upstream.end());
    req.resume();

    upstream.on('response', (answer) => {
      if (fault.kind === 'drop-answer') {
        // Read the whole answer (the server finished its work), then the browser gets nothing.
        answer.resume();
        answer.on('end', () => {
          void Promise.resolve(fault.then?.()).finally(noAnswer);
        });
        answer.on('error', noAnswer);
        return;
      }
      entry.status = answer.statusCode;
      entry.replayed = answer.headers['idempotent-replayed'] === 'true';
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardHeaders(answer.headers));
      answer.pipe(res);
      answer.on('error', noAnswer);
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
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
    port,
    setRule(next) {
      rule = next;
    },
    log,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
