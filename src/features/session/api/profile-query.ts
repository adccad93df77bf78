import { queryOptions } from '@tanstack/react-query';
import { sessionKeys } from './keys';

/**
 * spec 1 §4: the profile lives in the query cache and, encoded, in local storage. Its fetcher (get-profile.ts, and with
 * it the http client) is loaded when the profile is asked for: the signed-in guard of the first screen reads the stored
 * profile and does not wait for it.
 */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: async () => (await import('./get-profile')).fetchProfile(),
    staleTime: 5 * 60 * 1000,
  });
