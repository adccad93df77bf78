import { useCallback } from 'react';
import type { ManagedUser } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { useModals } from '../../../ui/modals';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * Resetting a user's two-factor sign-in from the users list (issue 33 §2): for a user who lost their phone and their
 * recovery codes. Confirmed first; the server mails the user and records it in the audit trail.
 */
export function useResetTwoFactorAction() {
  const modals = useModals();
  const { mutateAsync } = useResetTwoFactor();
  return useCallback(
    async (user: ManagedUser) => {
      const confirmed = await modals.confirm(
        `Reset the two-factor sign-in of ${user.userName}? Their authenticator app and recovery codes stop working, they sign in with their password alone until they set it up again, and they get an e-mail saying so.`,
      );
      if (!confirmed) return;
      try {
        await mutateAsync({ cmhUserId: user.cmhUserId });
        notify({ level: 'success', title: `Two-factor sign-in of ${user.userName} is reset.` });
      } catch (error) {
        // Other failures are the error catalogue's (lib/http.ts), a 400 included (it was reset meanwhile).
        if (isOfflineError(error))
          notify({ level: 'warning', title: 'You are offline.', description: 'Resetting two-factor sign-in needs a connection.' });
        else if (isHttpError(error, 400)) return;
      }
    },
    [modals, mutateAsync],
  );
}
