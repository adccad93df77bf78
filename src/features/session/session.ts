import type { QueryClient } from '@tanstack/react-query';
import type { CmhUser } from '../../contract';
import { clearStoredProfile, readStoredProfile, storeProfile } from '../../lib/profile-storage';
import { clearToken, readToken, readTokenClaims, takeRedirect } from '../../lib/session-token';
import { createQueryPersister } from '../../offline/query-persistence';
import { profileQueryOptions } from './api/get-profile';
import { sessionKeys } from './api/keys';

/** Whose data the (persisted) query cache holds: another user signing in on this device starts from an empty cache. */
const CACHE_OWNER_KEY = 'HomeSite.cacheOwner';

const sameUserName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function clearQueryCache(queryClient: QueryClient) {
  queryClient.clear();
  void createQueryPersister().removeClient();
}

/**
 * After a successful login: the profile into the query cache and local storage, a cache of this user only, and
 * the changes a 401 held on the device go on under the new token (the outbox is shared by every tab).
 */
export function startSession(queryClient: QueryClient, user: CmhUser) {
  const owner = localStorage.getItem(CACHE_OWNER_KEY);
  if (owner !== null && !sameUserName(owner, user.userName)) clearQueryCache(queryClient);
  localStorage.setItem(CACHE_OWNER_KEY, user.userName);
  storeProfile(user);
  queryClient.setQueryData(sessionKeys.profile(), user);
  // Loaded on demand, as in endSession: the login screen does not need the offline store.
  void import('../../offline/runtime')
    .then(({ resumeOutbox }) => resumeOutbox())
    .catch((error: unknown) => console.error('could not resume the queued changes', error));
}

/** The stored token and profile go (spec 1 §2 Login: opening the login screen clears them). */
export function clearSignIn(queryClient: QueryClient) {
  clearToken();
  clearStoredProfile();
  queryClient.removeQueries({ queryKey: sessionKeys.profile() });
}

/** Logout: token, profile, remembered path and every cached answer of this user (spec 1 §2 Header, §4). */
export function endSession(queryClient: QueryClient) {
  clearSignIn(queryClient);
  takeRedirect();
  localStorage.removeItem(CACHE_OWNER_KEY);
  clearQueryCache(queryClient);
  // The offline store (Dexie) is loaded on demand: the login screen, which imports this module, does not need it.
  void import('../../offline/cached-read')
    .then(({ clearKeptCopies }) => clearKeptCopies())
    .catch((error: unknown) => console.error('could not clear the kept copies', error));
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
