import type { CmhUser } from '../../contract';
import { PASSWORD_EXPIRED_PATH } from '../../lib/constants';
import { notify } from '../../lib/notifier';
import { passwordExpiry } from '../../lib/password-expiry';
import { isSingleSignOnSession } from '../../lib/session-token';

export const PASSWORD_EXPIRED_MESSAGE = 'Password expired!';

/**
 * spec 1 §4, §8: an expired password shows 'Password expired!' (the caller then opens My Account in
 * password-change mode); the near-expiry toasts appear only when the caller asks for them.
 */
export function announcePasswordExpiry(
  user: Pick<CmhUser, 'isInternal' | 'passwordLastChanged'>,
  options: { warnings: boolean },
  now = new Date(),
): 'expired' | 'current' {
  // A session opened through the identity provider was not let in by the password (issue 33 §1): its age asks nothing.
  if (isSingleSignOnSession()) return 'current';
  const expiry = passwordExpiry(user, now);
  if (expiry.state === 'expired') {
    notify({ level: 'error', id: 'password-expired', title: PASSWORD_EXPIRED_MESSAGE });
    return 'expired';
  }
  if (options.warnings && expiry.state === 'expiring') {
    notify({
      level: expiry.level,
      id: 'password-expiring',
      title: `Password expires in ${expiry.daysLeft} day(s)!`,
      action: { label: 'Change Now', href: PASSWORD_EXPIRED_PATH },
    });
  }
  return 'current';
}
