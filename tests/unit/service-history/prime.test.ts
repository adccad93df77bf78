// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_KINDS } from '../../../src/features/service-history/api/keys';
import type { PartsLine, RequestLine } from '../../../src/features/service-history/model';
import { PRIME_FRESH_FOR_MS, primeServiceHistory } from '../../../src/features/service-history/prime';
import { readKept } from '../../../src/offline/cached-read';
import { Clock } from '../offline/helpers';
import {
  partsOrder,
  seedHomeSeven,
  serviceItem,
  serviceRequest,
  startBackend,
  stopBackend,
  warrantyCard,
  type HistoryBackend,
} from './fixtures';

let backend: HistoryBackend;
beforeEach(() => {
  backend = startBackend();
  seedHomeSeven(backend);
  backend.requests.set(60, serviceRequest(60, { assetId: 8, serviceItems: [serviceItem(801, 1, 'Roof leak', 'Flashing')] }));
  backend.parts.set(8, [partsOrder(70, { vantageAssetId: 8 })]);
  backend.cards.set(8, warrantyCard(8));
});
afterEach(() => stopBackend());

const kept = <T>(kind: string, assetId: number) => readKept<T>(kind, String(assetId), backend.db);

describe('primeServiceHistory (issue 5 item 6: histories of open work orders kept for offline use)', () => {
  it('keeps the requests with their items, the parts orders and the card of each home', async () => {
    const result = await primeServiceHistory([7, 8, 9], undefined, { db: backend.db });
    expect(result).toEqual({ kept: expect.arrayContaining([7, 8, 9]), skipped: [], failed: [] });

    const requests = await kept<RequestLine[]>(HISTORY_KINDS.requests, 7);
    expect(requests?.data.map((line) => [line.serviceRequestId, line.items.map((item) => item.problemDescription)])).toEqual([
      [42, ['Floor squeaks']],
      [41, ['Door sticks', 'Window leaks']],
    ]);
    expect((await kept<PartsLine[]>(HISTORY_KINDS.parts, 7))?.data.map((line) => line.partsOrderId)).toEqual([55, 54]);
    expect((await kept(HISTORY_KINDS.warranty, 8))?.data).toMatchObject({ firstName: 'Ann', vantageAssetId: 8 });
    // Home 9 has nothing yet: that too is kept, so that offline it reads as empty, not as missing.
    expect(await kept(HISTORY_KINDS.requests, 9)).toMatchObject({ data: [] });
    expect(await kept(HISTORY_KINDS.warranty, 9)).toMatchObject({ data: null });
  });

  it('reads each home once however often it is named', async () => {
    await primeServiceHistory([7, 7, 7], undefined, { db: backend.db });
    expect(backend.reads.filter((read) => read === 'GET /api/service?assetId=7')).toHaveLength(1);
  });

  it('skips homes kept recently; reads them again once their copy is older than the freshness window, or when told to', async () => {
    const clock = new Clock();
    await primeServiceHistory([7], undefined, { db: backend.db, now: clock.now });
    const readsAfterFirst = backend.reads.length;

    clock.advance(PRIME_FRESH_FOR_MS - 1);
    expect(await primeServiceHistory([7], undefined, { db: backend.db, now: clock.now })).toEqual({ kept: [], skipped: [7], failed: [] });
    expect(backend.reads).toHaveLength(readsAfterFirst);

    clock.advance(1);
    expect(await primeServiceHistory([7], undefined, { db: backend.db, now: clock.now })).toEqual({ kept: [7], skipped: [], failed: [] });
    expect(await primeServiceHistory([7], undefined, { db: backend.db, now: clock.now, freshForMs: 0 })).toEqual({
      kept: [7],
      skipped: [],
      failed: [],
    });
  });

  it('a home missing one of its copies is read again', async () => {
    await primeServiceHistory([7], undefined, { db: backend.db });
    await backend.db.entities.delete([HISTORY_KINDS.parts, '7']);
    expect((await primeServiceHistory([7], undefined, { db: backend.db })).kept).toEqual([7]);
    expect(await kept(HISTORY_KINDS.parts, 7)).toBeDefined();
  });

  it('a home the server refuses is not kept; the others are', async () => {
    backend.failures.set('/api/parts/asset/7', 500);
    const result = await primeServiceHistory([7, 8], undefined, { db: backend.db, concurrency: 1 });
    expect(result).toEqual({ kept: [8], skipped: [], failed: [7] });
    expect(await kept(HISTORY_KINDS.parts, 7)).toBeUndefined();
  });

  it('stops at the first sign of no connection and keeps what it had', async () => {
    await primeServiceHistory([7], undefined, { db: backend.db });
    const before = await kept<RequestLine[]>(HISTORY_KINDS.requests, 7);
    backend.offline = true;
    backend.reads.length = 0;
    const result = await primeServiceHistory([8, 7, 9], undefined, { db: backend.db, concurrency: 1, freshForMs: 0 });
    expect(result).toEqual({ kept: [], skipped: [], failed: [8, 7, 9] });
    // Home 8's three reads were tried; then nothing more.
    expect(backend.reads.every((read) => read.includes('8'))).toBe(true);
    expect(await kept<RequestLine[]>(HISTORY_KINDS.requests, 7)).toEqual(before);
  });

  it('does nothing once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await primeServiceHistory([7, 8], controller.signal, { db: backend.db })).toEqual({ kept: [], skipped: [], failed: [7, 8] });
    expect(backend.reads).toEqual([]);
  });

  it('uses the offline runtime store by default', async () => {
    await primeServiceHistory([8]);
    expect(await kept(HISTORY_KINDS.requests, 8)).toMatchObject({ data: [{ serviceRequestId: 60 }] });
  });
});
