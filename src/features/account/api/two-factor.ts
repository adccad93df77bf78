import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  paths,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  type TwoFactorCodeBody,
  type TwoFactorDisableBody,
} from '../../../contract';
import { request } from '../../../lib/http';

/* Two-factor sign-in in My Account (issue 33 §2): its status, setup, turning on and off, new recovery codes. */

export const twoFactorKeys = { status: () => ['account', 'two-factor'] as const };

/** GET {auth}/api/Account/TwoFactor: never kept for offline (it is about signing in, which needs a connection anyway). */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: () => request(paths.twoFactor, { schema: TwoFactorStatus }),
    staleTime: 0,
    gcTime: 0,
  });

/** The section shows 400 (a wrong code, no key on the server) and 429 (too many wrong codes) itself. */
const SHOWN_HERE = [400, 429] as const;

export const startTwoFactorSetup = () => request(paths.twoFactorSetup, { method: 'POST', schema: TwoFactorSetup, handles: SHOWN_HERE });

export const enableTwoFactor = (body: TwoFactorCodeBody) =>
  request(paths.twoFactorEnable, { method: 'POST', body, schema: RecoveryCodes, handles: SHOWN_HERE });

export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  request(paths.twoFactorDisable, { method: 'POST', body, handles: SHOWN_HERE });

export const renewRecoveryCodes = (body: TwoFactorCodeBody) =>
  request(paths.twoFactorRecoveryCodes, { method: 'POST', body, schema: RecoveryCodes, handles: SHOWN_HERE });

/** A mutation whose success reloads the status. */
function useTwoFactorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: startTwoFactorSetup });
export const useEnableTwoFactor = () => useTwoFactorMutation(enableTwoFactor);
export const useDisableTwoFactor = () => useTwoFactorMutation(disableTwoFactor);
export const useRenewRecoveryCodes = () => useTwoFactorMutation(renewRecoveryCodes);
