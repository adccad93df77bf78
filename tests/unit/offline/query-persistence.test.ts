// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { version } from '../../../package.json';
import { describeAge } from '../../../src/offline/age';
import {
  PERSIST_BUSTER,
  PERSIST_MAX_AGE,
  QUERY_CACHE_STORAGE_KEY,
  createQueryPersister,
  queryPersistOptions,
} from '../../../src/offline/query-persistence';

describe('query persistence', () => {
  it('keeps the cache for more than a week in the field and busts it with the app version', () => {
    expect(PERSIST_MAX_AGE).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
    expect(PERSIST_BUSTER).toBe(`homesite@${version}`);
    expect(queryPersistOptions().maxAge).toBe(PERSIST_MAX_AGE);
  });

  it('saves to localStorage and restores into a new client; another version starts empty', async () => {
    localStorage.clear();
    const persister = createQueryPersister(localStorage);
    const first = new QueryClient();
    first.setQueryData(['work-orders', 'list'], [{ id: 1 }]);
    vi.useFakeTimers();
    await persistQueryClientSave({ queryClient: first, persister, buster: PERSIST_BUSTER });
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull(); // throttled: writes at most once a second
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('work-orders');

    const second = new QueryClient();
    await persistQueryClientRestore({ queryClient: second, persister, maxAge: PERSIST_MAX_AGE, buster: PERSIST_BUSTER });
    expect(second.getQueryData(['work-orders', 'list'])).toEqual([{ id: 1 }]);

    const afterUpdate = new QueryClient();
    await persistQueryClientRestore({ queryClient: afterUpdate, persister, maxAge: PERSIST_MAX_AGE, buster: 'homesite@next' });
    expect(afterUpdate.getQueryData(['work-orders', 'list'])).toBeUndefined();
  });

  it('describes data age in words', () => {
    const now = 1_700_000_000_000;
    expect(describeAge(now - 20_000, now)).toBe('just now');
    expect(describeAge(now - 60_000, now)).toBe('1 minute ago');
    expect(describeAge(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(describeAge(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(describeAge(now - 8 * 86_400_000, now)).toBe('8 days ago');
  });
});
