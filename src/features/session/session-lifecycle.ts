import type { QueryClient } from '@tanstack/react-query';
import type { CmhUser } from '../../contract';
import { storeProfile } from '../../lib/profile-storage';
import { takeRedirect } from '../../lib/session-token';
import { createQueryPersister } from '../../offline/query-persistence';
import { sessionKeys } from './api/keys';
import { clearSignIn, sameUserName } from './session';

/* Signing in and out (the login screen's and the header's): what a session starts with and what it leaves behind. */

/** Whose data the (persisted) query cache holds: another user signing in on this device starts from an empty cache. */
const CACHE_OWNER_KEY = 'HomeSite.cacheOwner';

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
  void import('../../offline/periodic-refresh-registration')
    .then(({ stopPeriodicRefresh }) => stopPeriodicRefresh())
    .catch((error: unknown) => console.error("could not stop the lists' periodic refresh", error));
}
