import { QueryClient } from '@tanstack/react-query';
import { ContractViolationError, HttpError } from '../lib/http-errors';
import { PERSIST_MAX_AGE } from '../offline/query-cache-policy';

const MAX_RETRIES = 3;

/** A 4xx answer or a broken contract does not get better by asking again; no connection and 5xx may. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ContractViolationError) return false;
  if (error instanceof HttpError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // offlineFirst: a query runs once even when the browser claims to be offline (the service worker may
        // answer), then pauses its retries until the connection returns.
        networkMode: 'offlineFirst',
        // Kept as long as the persisted cache, or answers would be dropped before they are persisted.
        gcTime: PERSIST_MAX_AGE,
        retry: shouldRetryQuery,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
}
