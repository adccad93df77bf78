import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { paths, SingleSignOnAnswer, SingleSignOnOptions } from '../../../contract';
import { readBases } from '../../../lib/config';
import { joinUrl, request } from '../../../lib/http';
import { sessionKeys } from './keys';

/*
 * Single sign-on (issue 33 §1): whether the sign-in page offers it, where its button goes, and the session the
 * provider's sign-in ends in. The options are kept in local storage as well, so that a device offline (whose query
 * cache a sign-out emptied) still shows the button, disabled, and why.
 */

const KEPT_OPTIONS_KEY = 'HomeSite.singleSignOn';

function keptOptions(): SingleSignOnOptions | undefined {
  try {
    const parsed = v.safeParse(SingleSignOnOptions, JSON.parse(localStorage.getItem(KEPT_OPTIONS_KEY) ?? 'null'));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** GET {auth}/oidc/options. */
export async function getSingleSignOnOptions(): Promise<SingleSignOnOptions> {
  const options = await request(paths.singleSignOnOptions, { schema: SingleSignOnOptions, handles: 'all' });
  localStorage.setItem(KEPT_OPTIONS_KEY, JSON.stringify(options));
  return options;
}

export const singleSignOnOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'single-sign-on'] as const,
    queryFn: getSingleSignOnOptions,
    // The kept answer at once, asked again from the server whenever the page opens.
    initialData: keptOptions,
    initialDataUpdatedAt: 0,
    retry: false,
    meta: { persist: false },
  });

/** Where "Sign in with …" goes: the server's start, which sends the browser on to the provider. */
export function singleSignOnStartUrl(returnUrl?: string): string {
  const url = joinUrl(readBases().auth, paths.singleSignOnStart.path);
  return returnUrl ? `${url}?${new URLSearchParams({ returnUrl }).toString()}` : url;
}

/** POST {auth}/oidc/session: the one-time code from the callback for the session, or the refusal (400 with its words). */
export const finishSingleSignOn = (code: string) =>
  request(paths.singleSignOnSession, { method: 'POST', body: { code }, schema: SingleSignOnAnswer, handles: 'all' });
