import { queryOptions } from '@tanstack/react-query';
import { LinkStatus, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { sessionKeys } from './keys';

/** POST {auth}/api/Account/Link: what a one-time link is, without using it (the token in the body, never a URL). */
export const getLinkStatus = (token: string) =>
  request(paths.linkStatus, { method: 'POST', body: { token }, schema: LinkStatus, handles: 'all' });

/**
 * Asked once per opening, whatever the browser says of its connection and with no retry: offline, the page says so at
 * once and offers Try again, never a spinner that waits. Never kept after the page, never written to the persisted
 * cache (its key holds the token).
 */
export const linkStatusQueryOptions = (token: string) =>
  queryOptions({
    // Its own key, not in ./keys.ts: that module loads with the first screen, this one only with the page.
    queryKey: [...sessionKeys.all, 'link-status', token] as const,
    queryFn: () => getLinkStatus(token),
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { persist: false },
  });
