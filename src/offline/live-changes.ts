import * as v from 'valibot';
import { LIVE_CHANGES, LiveChangesEvent, paths } from '../contract';
import { readBases } from '../lib/config';
import { currentConnection, subscribeReachability } from '../lib/reachability';
import { readToken } from '../lib/session-token';

/*
 * Live changes on the device (issue 23 §1; the server's side is server/sync/live.ts). One stream per browser: the tabs
 * ask for one Web Lock, and the tab that holds it (the leader) opens the stream and passes each event to the others
 * on a BroadcastChannel; when the leader closes, the lock goes to another tab, which opens the stream anew. Each tab
 * then pulls the delta of the named lists it holds (offline/kept-lists.ts syncKeptLists).
 *
 * The stream is read with fetch, not EventSource: EventSource cannot send the bearer token. It reconnects with
 * backoff, and every time it opens, every kept list is pulled once: whatever changed while it was down comes then, so
 * nothing is missed. No stream is opened while offline or signed out; without one the usual triggers (focus, the
 * list's interval) refresh the lists as before. Where Web Locks or BroadcastChannel are missing nothing starts.
 */

export type LiveChangesState = 'connected' | 'reconnecting' | 'off';

/** Every kept list: the stream (re)opened, and anything may have changed while it was down. */
export const ALL_LISTS = 'all';
export type ChangedLists = readonly string[] | typeof ALL_LISTS;

export const LIVE_CHANGES_LOCK = 'homesite-live-changes';
const CHANNEL = 'homesite-live-changes';

type TabMessage = { type: 'changed'; lists: ChangedLists } | { type: 'state'; state: LiveChangesState } | { type: 'ask-state' };

/** Backoff after a failed or short-lived stream: 1 s doubling to 30 s, each wait between half and all of it. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
/** A stream that stayed open this long was healthy: the backoff starts again from the shortest wait. */
export const HEALTHY_STREAM_MS = 10_000;
/** No byte for this long (heartbeats come every LIVE_CHANGES.heartbeatSeconds): the connection is dead. */
const SILENCE_MS = LIVE_CHANGES.heartbeatSeconds * 2_500;
/** While signed out or refused, how often to look for a (new) token. */
const TOKEN_POLL_MS = 5_000;

export interface LiveChangesOptions {
  /** The stream's URL (the api base and paths.liveChanges). */
  url: () => string;
  getToken: () => string | undefined;
  isOnline: () => boolean;
  /** Calls back when the connection state may have changed; answers the unsubscribe. */
  subscribeOnline: (listener: () => void) => () => void;
  /** Called in every tab with the lists that changed. */
  onChanged: (lists: ChangedLists) => void;
  locks?: LockManager | undefined;
  openChannel?: (() => BroadcastChannel) | undefined;
  fetch?: typeof fetch;
  random?: () => number;
  now?: () => number;
}

let state: LiveChangesState = 'off';
const stateListeners = new Set<() => void>();

/** The live-changes state of this browser, as the device-status screen shows it (useSyncExternalStore). */
export const liveChangesState = {
  current: (): LiveChangesState => state,
  subscribe(listener: () => void): () => void {
    stateListeners.add(listener);
    return () => stateListeners.delete(listener);
  },
};

function setState(next: LiveChangesState) {
  if (next === state) return;
  state = next;
  for (const listener of stateListeners) listener();
}

const ChangedEventData = v.pipe(v.string(), v.parseJson(), LiveChangesEvent);

/** Reads Server-Sent Events from `body`, calling `onEvent` for each named event and `onBytes` for anything read. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
  onBytes: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes();
    buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) onEvent(event, data.join('\n'));
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
  });

/** Resolves when the connection state changes, after `ms`, or on abort: whichever comes first. */
function waitForChange(options: LiveChangesOptions, ms: number, signal: AbortSignal) {
  return new Promise<void>((done) => {
    const stop = options.subscribeOnline(() => finish());
    const timer = setTimeout(() => finish(), ms);
    const finish = () => {
      stop();
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    };
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** What one attempt ended with. */
type Outcome = 'ended' | 'failed' | 'refused' | 'unavailable';

/**
 * The leader's loop: open the stream when online and signed in, read it, and open it again with backoff when it
 * ends. Runs until `signal` aborts (the tab closes or the runtime stops).
 */
export async function leadStream(options: LiveChangesOptions, announce: (message: TabMessage) => void, signal: AbortSignal) {
  const now = options.now ?? Date.now;
  const fetchStream = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tell = (next: LiveChangesState) => {
    setState(next);
    announce({ type: 'state', state: next });
  };
  let failures = 0;
  let refusedToken: string | undefined;
  while (!signal.aborted) {
    const token = options.getToken();
    if (!token || token === refusedToken || !options.isOnline()) {
      tell('off');
      await waitForChange(options, TOKEN_POLL_MS, signal);
      continue;
    }
    if (state !== 'connected') tell('reconnecting');
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    signal.addEventListener('abort', abortAttempt, { once: true });
    // Going offline ends the stream at once (no stream is kept while offline).
    const stopWatching = options.subscribeOnline(() => {
      if (!options.isOnline()) attempt.abort();
    });
    const openedAt = now();
    let outcome: Outcome;
    try {
      outcome = await readStream(
        fetchStream,
        options,
        token,
        attempt,
        () => {
          tell('connected');
          // Resume: whatever changed while there was no stream.
          options.onChanged(ALL_LISTS);
          announce({ type: 'changed', lists: ALL_LISTS });
        },
        (lists) => {
          options.onChanged(lists);
          announce({ type: 'changed', lists });
        },
      );
    } catch {
      outcome = 'failed';
    } finally {
      stopWatching();
      signal.removeEventListener('abort', abortAttempt);
    }
    if (signal.aborted) break;
    if (outcome === 'refused') refusedToken = token;
    if (outcome === 'refused' || !options.isOnline()) continue;
    failures = outcome === 'ended' && now() - openedAt >= HEALTHY_STREAM_MS ? 1 : failures + 1;
    tell(outcome === 'unavailable' ? 'off' : 'reconnecting');
    // A server without live changes (a plain backend) is asked again rarely.
    await sleep(outcome === 'unavailable' ? 5 * 60_000 : reconnectDelay(failures, options.random), signal);
  }
  tell('off');
}

async function readStream(
  fetchStream: typeof fetch,
  options: LiveChangesOptions,
  token: string,
  attempt: AbortController,
  onOpen: () => void,
  onChanged: (lists: readonly string[]) => void,
): Promise<Outcome> {
  const response = await fetchStream(options.url(), {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    cache: 'no-store',
    signal: attempt.signal,
  });
  if (response.status === 401) return 'refused';
  if (response.status === 404 || response.status === 501) return 'unavailable';
  if (!response.ok || !response.body) return 'failed';
  onOpen();
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => attempt.abort(), SILENCE_MS);
  };
  heard();
  try {
    await readEvents(
      response.body,
      (event, data) => {
        if (event !== LIVE_CHANGES.changed) return;
        const parsed = v.safeParse(ChangedEventData, data);
        if (parsed.success && parsed.output.lists.length) onChanged(parsed.output.lists);
      },
      heard,
    );
    return 'ended';
  } catch {
    return attempt.signal.aborted ? 'ended' : 'failed';
  } finally {
    clearTimeout(silence);
  }
}

/**
 * Starts live changes in this tab: it waits for the leadership (or has it), and hears the leader's events otherwise.
 * Answers the stop function.
 */
export function startLiveChanges(options: LiveChangesOptions): () => void {
  const locks = 'locks' in options ? options.locks : globalThis.navigator?.locks;
  const openChannel =
    'openChannel' in options
      ? options.openChannel
      : typeof BroadcastChannel === 'function'
        ? () => new BroadcastChannel(CHANNEL)
        : undefined;
  if (!locks || !openChannel) return () => undefined;
  const channel = openChannel();
  const stopped = new AbortController();
  let leading = false;
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.type === 'changed') options.onChanged(message.lists);
    else if (message.type === 'state' && !leading) setState(message.state);
    else if (message.type === 'ask-state' && leading) channel.postMessage({ type: 'state', state } satisfies TabMessage);
  };
  channel.postMessage({ type: 'ask-state' } satisfies TabMessage);
  void locks
    .request(LIVE_CHANGES_LOCK, { signal: stopped.signal }, async () => {
      leading = true;
      try {
        await leadStream(options, (message) => channel.postMessage(message), stopped.signal);
      } finally {
        leading = false;
      }
    })
    .catch(() => undefined); // aborted while waiting for the lock
  return () => {
    stopped.abort();
    channel.close();
    setState('off');
  };
}

/** The app's live changes: the configured api base, the session's token, and reachability (lib/reachability.ts). */
export const startAppLiveChanges = (onChanged: (lists: ChangedLists) => void) =>
  startLiveChanges({
    url: () => `${readBases().api.replace(/\/$/, '')}${paths.liveChanges.path}`,
    getToken: readToken,
    isOnline: () => currentConnection() !== 'offline',
    subscribeOnline: (listener) => subscribeReachability(listener),
    onChanged,
  });
