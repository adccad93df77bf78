import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * How many proxies in front of the server are trusted (TRUST_PROXY): 0 trusts none, so X-Forwarded-* headers are
 * ignored (anyone could send them); N takes the client from the Nth address counted from the right of
 * X-Forwarded-For, since each trusted proxy appends the address it was reached from.
 */
export type TrustedProxyHops = number;

const incomingOf = (c: Context): IncomingMessage | undefined => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

export function clientAddress(c: Context, trustedHops: TrustedProxyHops): string | null {
  const socketAddress = incomingOf(c)?.socket.remoteAddress ?? null;
  if (trustedHops <= 0) return socketAddress;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedHops] ?? forwarded[0] ?? socketAddress;
}

/** Whether the client reached us over HTTPS: our own TLS socket, or a trusted proxy's X-Forwarded-Proto. */
export function isSecureRequest(c: Context, trustedHops: TrustedProxyHops): boolean {
  if ((incomingOf(c)?.socket as TLSSocket | undefined)?.encrypted) return true;
  if (trustedHops <= 0) return false;
  const protocols = (c.req.header('x-forwarded-proto') ?? '').split(',').map((part) => part.trim().toLowerCase());
  return protocols[0] === 'https';
}

/** A request id from a trusted proxy is kept (one id across the proxy's log and ours) if it is short and plain. */
export const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;
