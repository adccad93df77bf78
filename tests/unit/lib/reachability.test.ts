// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../src/contract';
import { request, requestBlob, resetHttpClients } from '../../../src/lib/http';
import {
  currentConnection,
  FAILURES_TO_UNREACHABLE,
  reportAnswer,
  reportNoAnswer,
  subscribeReachability,
} from '../../../src/lib/reachability';

const setBrowserOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpClients();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

describe('reachability (issue 19)', () => {
  it('the server is unreachable after calls in a row got no answer, and back on the first answer', () => {
    const events: string[] = [];
    const stop = subscribeReachability((event) => events.push(event));
    reportNoAnswer();
    expect(currentConnection()).toBe('online');
    for (let i = 1; i < FAILURES_TO_UNREACHABLE; i++) reportNoAnswer();
    expect(currentConnection()).toBe('unreachable');
    reportAnswer(500);
    expect(currentConnection()).toBe('online');
    expect(events).toEqual(['changed', 'changed', 'recovered']);
    stop();
  });

  it('a gateway’s 502 or 504 is no answer from the server', () => {
    reportAnswer(502);
    reportAnswer(504);
    expect(currentConnection()).toBe('unreachable');
  });

  it('offline is the browser’s word until an answer proves it stale (no online event, as in Firefox)', () => {
    const stop = subscribeReachability(() => undefined);
    setBrowserOnline(false);
    reportNoAnswer();
    reportNoAnswer();
    expect(currentConnection()).toBe('offline');
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    reportAnswer(200);
    expect(currentConnection()).toBe('online');
    stop();
  });

  it('the http client reports every call: a network error as no answer, any status as an answer; image reads count for nothing', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    for (let i = 0; i < FAILURES_TO_UNREACHABLE; i++) await request(paths.unitsOfMeasure).catch(() => undefined);
    expect(currentConnection()).toBe('unreachable');

    // The service worker answers images from its cache with no server behind it.
    fetchMock.mockImplementation(async () => new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }) as never);
    await requestBlob({ base: 'images', path: '/a.png' });
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await requestBlob({ base: 'images', path: '/b.png' }).catch(() => undefined);
    expect(currentConnection()).toBe('unreachable');

    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } }) as never,
    );
    await request(paths.unitsOfMeasure, { handles: 'all' }).catch(() => undefined);
    expect(currentConnection()).toBe('online');
  });
});
