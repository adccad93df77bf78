import { toDate } from './dates';

/** spec 1 §9: a password expires 91 days after it was last changed; expired when 0 or fewer days remain. */
export const PASSWORD_LIFETIME_DAYS = 91;
/** spec 1 §4, §9: warnings (only when requested): error under 3 days left, warning under 7, info under 14. */
export const PASSWORD_WARNING_THRESHOLDS = [
  { below: 3, level: 'error' },
  { below: 7, level: 'warning' },
  { below: 14, level: 'info' },
] as const;

export type PasswordWarningLevel = (typeof PASSWORD_WARNING_THRESHOLDS)[number]['level'];
export type PasswordExpiry =
  | { state: 'exempt' }
  | { state: 'unknown' }
  | { state: 'expired'; daysLeft: number }
  | { state: 'expiring'; daysLeft: number; level: PasswordWarningLevel }
  | { state: 'valid'; daysLeft: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before the password expires (elapsed time is counted in whole days, rounded down). */
export function passwordDaysLeft(passwordLastChanged: string | null, now: Date): number | null {
  const changed = toDate(passwordLastChanged);
  if (!changed) return null;
  return PASSWORD_LIFETIME_DAYS - Math.floor((now.getTime() - changed.getTime()) / DAY_MS);
}

export function passwordExpiry(user: { isInternal: boolean; passwordLastChanged: string | null }, now: Date): PasswordExpiry {
  if (user.isInternal) return { state: 'exempt' };
  const daysLeft = passwordDaysLeft(user.passwordLastChanged, now);
  if (daysLeft === null) return { state: 'unknown' };
  if (daysLeft <= 0) return { state: 'expired', daysLeft };
  const threshold = PASSWORD_WARNING_THRESHOLDS.find((t) => daysLeft < t.below);
  return threshold ? { state: 'expiring', daysLeft, level: threshold.level } : { state: 'valid', daysLeft };
}
