import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Outbox, OutboxListener, OutboxPause, ReplayResult } from '../../../src/offline/outbox';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '../../../src/offline/sw-messages';
import { FAILURES_TO_UNREACHABLE, reportAnswer, reportNoAnswer } from '../../../src/lib/reachability';
import { SYNC_INTERVAL_MS, startSync } from '../../../src/offline/sync';

const drained: ReplayResult = { sent: 0, failed: 0, remaining: 0, stoppedBy: 'drained' };

function fakeOutbox() {
  const listeners = new Set<OutboxListener>();
  let pause: OutboxPause | undefined;
  const outbox = {
    replay: vi.fn(async (_options?: { force?: boolean }) => drained),
    resume: vi.fn(async () => {
      pause = undefined;
      return drained;
    }),
    pauseState: vi.fn(async () => pause),
    subscribe: (listener: OutboxListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    outbox: outbox as unknown as Outbox & typeof outbox,
    emit: (event: Parameters<OutboxListener>[0]) => listeners.forEach((listener) => listener(event)),
    setPause: (next: OutboxPause | undefined) => (pause = next),
  };
}

function fakeServiceWorker() {
  const target = new EventTarget();
  const register = vi.fn(async () => undefined);
  const container = Object.assign(target, { ready: Promise.resolve({ sync: { register } }) });
  return { container: container as unknown as ServiceWorkerContainer, register, target };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('sync triggers', () => {
  let online = true;
  const windowTarget = new EventTarget();
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
  });
  afterEach(() => vi.useRealTimers());

  function start(extra: Partial<Parameters<typeof startSync>[0]> = {}) {
    const fake = fakeOutbox();
    const sw = fakeServiceWorker();
    const sync = startSync({
      outbox: fake.outbox,
      target: windowTarget as unknown as Window,
      documentTarget: documentTarget as unknown as Document,
      isOnline: () => online,
      serviceWorker: sw.container,
      ...extra,
    });
    return { ...fake, sw, sync };
  }

  it('replays on start, on online (forced), on focus, on visibility and every 30 s', async () => {
    const { outbox, sync } = start();
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    expect(outbox.replay).toHaveBeenLastCalledWith({ force: false });

    windowTarget.dispatchEvent(new Event('online'));
    await flush();
    expect(outbox.replay).toHaveBeenLastCalledWith({ force: true });

    windowTarget.dispatchEvent(new Event('focus'));
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(4);

    documentTarget.visibilityState = 'hidden';
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(4);
    documentTarget.visibilityState = 'visible';

    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(outbox.replay).toHaveBeenCalledTimes(5);
    sync.stop();
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS * 3);
    windowTarget.dispatchEvent(new Event('online'));
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(5);
  });

  it('does nothing automatically while offline, but Sync now tries anyway', async () => {
    online = false;
    const { outbox, sync } = start();
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS * 2);
    expect(outbox.replay).not.toHaveBeenCalled();
    await sync.syncNow();
    expect(outbox.replay).toHaveBeenCalledWith({ force: true });
    sync.stop();
  });

  it('replays at once (forced) when a call is answered after calls went unanswered, with no online event (issue 19: Firefox)', async () => {
    const { outbox, sync } = start();
    await flush();
    outbox.replay.mockClear();
    reportNoAnswer();
    reportAnswer(200);
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    expect(outbox.replay).toHaveBeenLastCalledWith({ force: true });
    // An answer after answers is nothing new.
    reportAnswer(200);
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('probes the server on the interval while it cannot be reached, and only then', async () => {
    const probe = vi.fn(async () => undefined);
    const { sync } = start({ probe });
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(probe).not.toHaveBeenCalled();
    for (let i = 0; i < FAILURES_TO_UNREACHABLE; i++) reportNoAnswer();
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    reportAnswer(404);
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('replays right after something is queued and registers Background Sync', async () => {
    const { outbox, emit, sw, sync } = start();
    await flush();
    outbox.replay.mockClear();
    emit({ type: 'queued', entry: {} as never });
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    expect(sw.register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    sync.stop();
  });

  it('replays when the service worker forwards a Background Sync', async () => {
    const { outbox, sw, sync } = start();
    await flush();
    outbox.replay.mockClear();
    sw.target.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
    sw.target.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE } }));
    await flush();
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('replays when a retry falls due', async () => {
    const now = 1_000_000;
    const { outbox, emit, sync } = start({ now: () => now });
    await flush();
    outbox.replay.mockClear();
    emit({ type: 'retrying', entry: {} as never, error: { status: 0, message: 'x' }, nextAttemptAt: now + 4000 });
    await vi.advanceTimersByTimeAsync(3999);
    expect(outbox.replay).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outbox.replay).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('leaves a paused queue alone until another token appears, then resumes it', async () => {
    let token = 'expired-token';
    const { outbox, emit, setPause, sync } = start({ getToken: () => token });
    await flush();
    setPause({ at: 1, error: { status: 401, message: 'Sign in' } });
    emit({ type: 'paused', error: { status: 401, message: 'Sign in' } });
    outbox.replay.mockClear();

    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    await sync.syncNow();
    expect(outbox.replay).not.toHaveBeenCalled();
    expect(outbox.resume).not.toHaveBeenCalled();

    token = 'fresh-token';
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(outbox.resume).toHaveBeenCalledTimes(1);
    sync.stop();
  });
});
