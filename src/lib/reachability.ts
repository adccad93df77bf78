/*
 * Whether the server answers. `navigator.onLine` only knows about the network: with the network up and the server
 * down (or a lot connection that passes nothing) it stays true while every call fails, and Firefox has been seen to
 * send no 'online' event on reconnect. So every call reports here whether it got an answer (the http client and the
 * outbox's send): after FAILURES_TO_UNREACHABLE calls in a row with no answer the server counts as unreachable, and
 * the first answer of any call brings it back (issue 19).
 */

export type Connection = 'online' | 'offline' | 'unreachable';

/** One lost call is a blip; two in a row with no answer between are an outage worth telling the user. */
export const FAILURES_TO_UNREACHABLE = 2;

/** Statuses that mean a gateway answered for a server it could not reach. */
const GATEWAY_STATUSES = new Set([502, 504]);

export type ReachabilityEvent =
  /** The connection state changed. */
  | 'changed'
  /** A call was answered after one or more went unanswered: whatever waited for the server can go now. */
  | 'recovered';

let failures = 0;
/** An answer came since the browser last said it went offline: the browser's flag is stale (Firefox). */
let answeredSinceOffline = false;
/** The state last told to listeners, to tell them only of changes. */
let told: Connection = settled();
const listeners = new Set<(event: ReachabilityEvent) => void>();

function browserOnline() {
  return globalThis.navigator?.onLine ?? true;
}

function settled(): Connection {
  if (!browserOnline() && !answeredSinceOffline) return 'offline';
  return failures >= FAILURES_TO_UNREACHABLE ? 'unreachable' : 'online';
}

function tell(event?: ReachabilityEvent) {
  const now = settled();
  const changed = now !== told;
  told = now;
  if (changed) for (const listener of listeners) listener('changed');
  if (event) for (const listener of listeners) listener(event);
}

/** A call got an answer from the server (any status but a gateway's 502/504). */
export function reportAnswer(status: number) {
  if (GATEWAY_STATUSES.has(status)) return reportNoAnswer();
  const recovered = failures > 0 || settled() !== 'online';
  failures = 0;
  answeredSinceOffline = true;
  tell(recovered ? 'recovered' : undefined);
}

/** A call got no answer: a network error, a timeout, or a gateway that could not reach the server. */
export function reportNoAnswer() {
  failures += 1;
  tell();
}

/** The browser's own 'online' / 'offline' events. */
function onBrowserEvent(event: Event) {
  if (event.type === 'offline') answeredSinceOffline = false;
  // A new network is a new chance: the calls it makes decide whether the server answers there.
  if (event.type === 'online') failures = 0;
  tell();
}

export const currentConnection = (): Connection => settled();

export function subscribeReachability(listener: (event: ReachabilityEvent) => void): () => void {
  if (listeners.size === 0) {
    globalThis.addEventListener?.('online', onBrowserEvent);
    globalThis.addEventListener?.('offline', onBrowserEvent);
    told = settled();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      globalThis.removeEventListener?.('online', onBrowserEvent);
      globalThis.removeEventListener?.('offline', onBrowserEvent);
    }
  };
}

/** Back to what the browser says, forgetting every call (tests, sign-out). */
export function resetReachability() {
  failures = 0;
  answeredSinceOffline = false;
  told = settled();
}
