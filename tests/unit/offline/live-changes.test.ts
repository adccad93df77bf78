import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_LISTS,
  liveChangesState,
  reconnectDelay,
  startLiveChanges,
  type ChangedLists,
  type LiveChangesOptions,
} from '../../../src/offline/live-changes';

/** One Web Lock name, granted in request order; a holder keeps it until its callback settles. */
function fakeLocks(): LockManager {
  let queue = Promise.resolve();
  return {
    request: ((_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) => {
      const granted = queue.then(async () => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        await callback();
      });
      queue = granted.catch(() => undefined);
      return granted;
    }) as LockManager['request'],
    query: () => Promise.resolve({}),
  };
}

/** BroadcastChannels of one name between fake tabs: a message reaches every other channel. */
function fakeChannels() {
  const open = new Set<BroadcastChannel>();
  return () => {
    const channel = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const other of open) if (other !== channel) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
      },
      close() {
        open.delete(channel);
      },
    } as unknown as BroadcastChannel;
    open.add(channel);
    return channel;
  };
}

/** A server whose streams the test writes to and ends. */
function fakeServer() {
  const streams: { write: (text: string) => void; end: () => void; token: string }[] = [];
  const statuses: number[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response(null, { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    streams.push({
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      token: new Headers(init?.headers).get('authorization') ?? '',
    });
    controller.enqueue(encoder.encode(': \n\n'));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch, streams, statuses };
}

const until = async (check: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 5));
  }
};

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function tab(options: Partial<LiveChangesOptions> & Pick<LiveChangesOptions, 'fetch' | 'locks' | 'openChannel'>) {
  const changed: ChangedLists[] = [];
  let online = true;
  const onlineListeners = new Set<() => void>();
  const stop = startLiveChanges({
    url: () => '/api/sync/live',
    getToken: () => 'token-a',
    isOnline: () => online,
    subscribeOnline: (listener) => (onlineListeners.add(listener), () => onlineListeners.delete(listener)),
    onChanged: (lists) => changed.push(lists),
    random: () => 0,
    ...options,
  });
  stops.push(stop);
  return {
    changed,
    stop,
    setOnline(next: boolean) {
      online = next;
      for (const listener of [...onlineListeners]) listener();
    },
  };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s to 30 s, each wait between half and all of its ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((failures) => reconnectDelay(failures, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(3, () => 0)).toBe(2_000);
  });
});

describe('startLiveChanges', () => {
  it('opens one stream for all tabs: the leader reads it, every tab hears what changed', async () => {
    const server = fakeServer();
    const shared = { fetch: server.fetch, locks: fakeLocks(), openChannel: fakeChannels() };
    const leader = tab(shared);
    const follower = tab(shared);
    await until(() => server.streams.length === 1 && liveChangesState.current() === 'connected');
    // Opening the stream pulls every kept list once: nothing missed while there was none.
    await until(() => follower.changed.length === 1);
    expect(leader.changed).toEqual([ALL_LISTS]);
    server.streams[0]!.write('event: changed\ndata: {"lists":["workOrders","catalogParts:101"]}\n\n');
    await until(() => follower.changed.length === 2);
    expect(leader.changed).toEqual([ALL_LISTS, ['workOrders', 'catalogParts:101']]);
    expect(follower.changed).toEqual([ALL_LISTS, ['workOrders', 'catalogParts:101']]);
    expect(server.calls).toHaveBeenCalledTimes(1);
    expect(server.streams[0]!.token).toBe('Bearer token-a');

    // The leader's tab closes: the other tab takes the lock and opens the stream itself.
    leader.stop();
    await until(() => server.streams.length === 2);
    server.streams[1]!.write('event: changed\ndata: {"lists":["leads"]}\n\n');
    await until(() => follower.changed.some((lists) => lists !== ALL_LISTS && lists.includes('leads')));
  });

  it('reconnects with backoff when the stream ends, and resumes by pulling every list', async () => {
    const server = fakeServer();
    server.statuses.push(503);
    const only = tab({ fetch: server.fetch, locks: fakeLocks(), openChannel: fakeChannels() });
    // 503 first: a wait of 500 ms (random 0, first failure), then the stream.
    await until(() => server.streams.length === 1);
    expect(server.calls).toHaveBeenCalledTimes(2);
    server.streams[0]!.end();
    await until(() => liveChangesState.current() === 'reconnecting');
    // A stream that lived less than HEALTHY_STREAM_MS counts as a second failure: 1 s at least.
    const endedAt = Date.now();
    await until(() => server.streams.length === 2);
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(900);
    await until(() => only.changed.length === 2);
    expect(only.changed).toEqual([ALL_LISTS, ALL_LISTS]);
  });

  it('opens no stream while offline, and closes it on going offline', async () => {
    const server = fakeServer();
    let online = false;
    const listeners = new Set<() => void>();
    tab({
      fetch: server.fetch,
      locks: fakeLocks(),
      openChannel: fakeChannels(),
      isOnline: () => online,
      subscribeOnline: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    });
    await new Promise((done) => setTimeout(done, 100));
    expect(server.calls).not.toHaveBeenCalled();
    expect(liveChangesState.current()).toBe('off');
    online = true;
    for (const listener of [...listeners]) listener();
    await until(() => liveChangesState.current() === 'connected');
    online = false;
    for (const listener of [...listeners]) listener();
    await until(() => liveChangesState.current() === 'off');
    expect(server.calls).toHaveBeenCalledTimes(1);
  });

  it('does not retry a refused token (401) until another one appears', async () => {
    const server = fakeServer();
    server.statuses.push(401);
    let token = 'expired';
    tab({ fetch: server.fetch, locks: fakeLocks(), openChannel: fakeChannels(), getToken: () => token });
    await until(() => server.calls.mock.calls.length === 1 && liveChangesState.current() === 'off');
    await new Promise((done) => setTimeout(done, 200));
    expect(server.calls).toHaveBeenCalledTimes(1);
    token = 'fresh';
    // The token is looked at again within TOKEN_POLL_MS (5 s).
    await until(() => server.streams.length === 1, 7_000);
    expect(server.streams[0]!.token).toBe('Bearer fresh');
  }, 10_000);

  it('starts nothing where Web Locks are missing', () => {
    const server = fakeServer();
    tab({ fetch: server.fetch, locks: undefined, openChannel: fakeChannels() });
    expect(server.calls).not.toHaveBeenCalled();
    expect(liveChangesState.current()).toBe('off');
  });
});
