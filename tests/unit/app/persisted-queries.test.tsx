import { QueryClient, useQuery } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersistedQueryClientProvider } from '../../../src/app/app';
import { PERSIST_BUSTER, QUERY_CACHE_STORAGE_KEY, createQueryPersister } from '../../../src/offline/query-persistence';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

async function saveAnswer(key: string[], answer: string) {
  const saved = new QueryClient();
  saved.setQueryData(key, answer);
  vi.useFakeTimers();
  await persistQueryClientSave({ queryClient: saved, persister: createQueryPersister(localStorage), buster: PERSIST_BUSTER });
  await vi.advanceTimersByTimeAsync(1000); // the persister writes at most once a second
  vi.useRealTimers();
}

describe('the persisted query cache at start (app/app.tsx, persister loaded on demand)', () => {
  it('restores the saved answers before any query runs, then saves what changes', async () => {
    await saveAnswer(['greeting'], 'saved hello');
    const queryFn = vi.fn(async () => 'fresh hello');
    function Greeting() {
      const { data } = useQuery({ queryKey: ['greeting'], queryFn, staleTime: Infinity });
      return <p>{data ?? 'nothing yet'}</p>;
    }
    const client = new QueryClient();
    render(
      <PersistedQueryClientProvider client={client}>
        <Greeting />
      </PersistedQueryClientProvider>,
    );
    expect(await screen.findByText('saved hello')).toBeTruthy();
    // The query waited for the restore: a fresh answer was never asked for.
    expect(queryFn).not.toHaveBeenCalled();

    client.setQueryData(['greeting'], 'changed hello');
    await vi.waitFor(() => expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('changed hello'), { timeout: 3000 });
  });
});
