import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CmhUser, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { storeProfile } from '../../../lib/profile-storage';
import { profileQueryOptions } from './profile-query';

/** GET {auth}/api/Account/User (spec 1 §7). */
export const getProfile = (options: { silent?: boolean } = {}) =>
  request(paths.profile, { schema: CmhUser, handles: options.silent ? 'all' : undefined });

/** The profile from the server, kept in local storage too (the query function of profileQueryOptions). */
export async function fetchProfile() {
  const user = await getProfile();
  storeProfile(user);
  return user;
}

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
