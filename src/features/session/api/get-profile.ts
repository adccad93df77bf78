import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CmhUser, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { storeProfile } from '../../../lib/profile-storage';
import { sessionKeys } from './keys';

/** GET {auth}/api/Account/User (spec 1 §7). */
export const getProfile = (options: { silent?: boolean } = {}) =>
  request(paths.profile, { schema: CmhUser, handles: options.silent ? 'all' : undefined });

/** spec 1 §4: the profile lives in the query cache and, encoded, in local storage. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: async () => {
      const user = await getProfile();
      storeProfile(user);
      return user;
    },
    staleTime: 5 * 60 * 1000,
  });

export const useProfile = () => useQuery(profileQueryOptions());

/** The signed-in user inside the authenticated layout, which renders its children only once the profile is known. */
export function useSignedInUser(): CmhUser {
  const { data } = useProfile();
  if (!data) throw new Error('useSignedInUser is used outside the authenticated layout.');
  return data;
}

/** Reloads the profile from the server now (after the own account changed). */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }), [queryClient]);
}
