import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcePasswordExpiry } from '../../../src/features/session/password-expiry-notice';
import { setNotifier, type Notification } from '../../../src/lib/notifier';

const now = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const user = (daysLeft: number, isInternal = false) => ({
  isInternal,
  passwordLastChanged: new Date(now.getTime() - (91 - daysLeft) * DAY).toISOString(),
});
const notices: Notification[] = [];

beforeEach(() => {
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
});
afterEach(() => setNotifier(null));

describe('announcePasswordExpiry (spec 1 §4, §8)', () => {
  it("an expired password: 'Password expired!' whether or not warnings were requested", () => {
    expect(announcePasswordExpiry(user(0), { warnings: false }, now)).toBe('expired');
    expect(notices).toEqual([{ level: 'error', id: 'password-expired', title: 'Password expired!' }]);
  });

  it.each([
    [2, 'error'],
    [3, 'warning'],
    [6, 'warning'],
    [7, 'info'],
    [13, 'info'],
  ] as const)('%i day(s) left: a %s toast linking to the password change', (daysLeft, level) => {
    expect(announcePasswordExpiry(user(daysLeft), { warnings: true }, now)).toBe('current');
    expect(notices).toEqual([
      {
        level,
        id: 'password-expiring',
        title: `Password expires in ${daysLeft} day(s)!`,
        action: { label: 'Change Now', href: '/myAccount?passwordExpired=true' },
      },
    ]);
  });

  it('14 days left: nothing', () => {
    expect(announcePasswordExpiry(user(14), { warnings: true }, now)).toBe('current');
    expect(notices).toEqual([]);
  });

  it('warnings only when requested', () => {
    announcePasswordExpiry(user(2), { warnings: false }, now);
    expect(notices).toEqual([]);
  });

  it('internal users are exempt', () => {
    expect(announcePasswordExpiry(user(-10, true), { warnings: true }, now)).toBe('current');
    expect(notices).toEqual([]);
  });
});
