import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ManagedUser, paths, type TwoFactorResetBody } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** POST {api}/api/User/TwoFactorReset (issue 33 §2): turns a user's two-factor sign-in off; the server mails the user. */
export const resetTwoFactor = (body: TwoFactorResetBody) =>
  request(paths.userTwoFactorReset, { method: 'POST', body, schema: ManagedUser });

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.users() }),
  });
}
