import type { QueryClient } from '@tanstack/react-query';
import type { CmhUser } from '../../contract';
import { clearStoredProfile, readStoredProfile } from '../../lib/profile-storage';
import { clearToken, readToken, readTokenClaims } from '../../lib/session-token';
import { profileQueryOptions } from './api/profile-query';
import { sessionKeys } from './api/keys';

/*
 * The session as the routes read it: the signed-in guard (loadSession) and the login screen (clearSignIn). Signing in
 * and out are in ./session-lifecycle.ts, which the login screen and the header load with their own chunks.
 */

export const sameUserName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stored token and profile go (spec 1 §2 Login: opening the login screen clears them). */
export function clearSignIn(queryClient: QueryClient) {
  clearToken();
  clearStoredProfile();
  queryClient.removeQueries({ queryKey: sessionKeys.profile() });
}

export type SessionState = { status: 'signed-out' } | { status: 'signed-in'; user: CmhUser };

const sameProfile = (a: CmhUser | undefined, b: CmhUser) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * The session for the authenticated layout (runs on every navigation). The profile in local storage is the
 * latest one this device wrote (login, retailer switch, account update); when the token's user has one, it is
 * used at once so the app opens offline, and refreshed from the server in the background. spec 1 §4: when the
 * token's user differs from the stored profile, the profile is reloaded before going on.
 */
export async function loadSession(queryClient: QueryClient): Promise<SessionState> {
  const token = readToken();
  if (!token) return { status: 'signed-out' };
  const tokenUserName = readTokenClaims(token).userName;
  const profileKey = profileQueryOptions().queryKey;
  const cached = queryClient.getQueryData(profileKey);
  const known = readStoredProfile() ?? cached;
  if (known && (!tokenUserName || sameUserName(known.userName, tokenUserName))) {
    if (!sameProfile(cached, known)) {
      // Dated now, so that an older copy restored later from the persisted query cache does not replace it.
      queryClient.setQueryData(profileKey, known);
      void queryClient.prefetchQuery({ ...profileQueryOptions(), staleTime: 0 });
    }
    return { status: 'signed-in', user: known };
  }
  queryClient.removeQueries({ queryKey: profileKey });
  // retry: false, or an offline start would pause here forever instead of showing the offline state.
  const user = await queryClient.fetchQuery({ ...profileQueryOptions(), retry: false });
  return { status: 'signed-in', user };
}
