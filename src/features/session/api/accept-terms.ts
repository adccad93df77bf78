import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths, TermsAcceptance, type CmhUser } from '../../../contract';
import { request } from '../../../lib/http';
import { storeProfile } from '../../../lib/profile-storage';
import { sessionKeys } from './keys';

/** POST {auth}/api/Account/Terms/ (spec 1 §7): no body; records the acceptance. */
export const acceptTerms = () => request(paths.acceptTerms, { method: 'POST', schema: TermsAcceptance });

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: ({ termsAcceptanceDate }) => {
      const user = queryClient.getQueryData<CmhUser>(sessionKeys.profile());
      if (!user) return;
      const updated = { ...user, termsAcceptanceDate };
      queryClient.setQueryData(sessionKeys.profile(), updated);
      storeProfile(updated);
    },
  });
}
