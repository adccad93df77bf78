import { describe, expect, it } from 'vitest';
import { PASSWORD_LIFETIME_DAYS, passwordDaysLeft, passwordExpiry } from '../../../src/lib/password-expiry';

const now = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
/** A password last changed so long ago that `daysLeft` whole days remain. */
const changedWith = (daysLeft: number) => new Date(now.getTime() - (PASSWORD_LIFETIME_DAYS - daysLeft) * DAY).toISOString();
const external = (daysLeft: number) => ({ isInternal: false, passwordLastChanged: changedWith(daysLeft) });

describe('passwordExpiry (spec 1 §4, §9)', () => {
  it('expires 91 days after the last change', () => {
    expect(PASSWORD_LIFETIME_DAYS).toBe(91);
    expect(passwordDaysLeft(new Date(now.getTime() - 91 * DAY).toISOString(), now)).toBe(0);
    expect(passwordDaysLeft(now.toISOString(), now)).toBe(91);
  });

  it('is expired with 0 or fewer days left', () => {
    expect(passwordExpiry(external(0), now)).toEqual({ state: 'expired', daysLeft: 0 });
    expect(passwordExpiry(external(-5), now)).toEqual({ state: 'expired', daysLeft: -5 });
  });

  it('warns with error under 3 days, warning under 7, info under 14, and nothing from 14', () => {
    expect(passwordExpiry(external(1), now)).toEqual({ state: 'expiring', daysLeft: 1, level: 'error' });
    expect(passwordExpiry(external(2), now)).toEqual({ state: 'expiring', daysLeft: 2, level: 'error' });
    expect(passwordExpiry(external(3), now)).toEqual({ state: 'expiring', daysLeft: 3, level: 'warning' });
    expect(passwordExpiry(external(6), now)).toEqual({ state: 'expiring', daysLeft: 6, level: 'warning' });
    expect(passwordExpiry(external(7), now)).toEqual({ state: 'expiring', daysLeft: 7, level: 'info' });
    expect(passwordExpiry(external(13), now)).toEqual({ state: 'expiring', daysLeft: 13, level: 'info' });
    expect(passwordExpiry(external(14), now)).toEqual({ state: 'valid', daysLeft: 14 });
  });

  it('counts elapsed time in whole days (part of a day does not shorten the time left)', () => {
    const changed = new Date(now.getTime() - (85 * DAY + 23 * 60 * 60 * 1000)).toISOString();
    expect(passwordDaysLeft(changed, now)).toBe(6);
  });

  it('gives the demo user whose password changed 85 days ago a 6-day warning', () => {
    const changed = new Date(now.getTime() - 85 * DAY).toISOString();
    expect(passwordExpiry({ isInternal: false, passwordLastChanged: changed }, now)).toEqual({
      state: 'expiring',
      daysLeft: 6,
      level: 'warning',
    });
  });

  it('exempts internal users', () => {
    expect(passwordExpiry({ isInternal: true, passwordLastChanged: changedWith(-100) }, now)).toEqual({ state: 'exempt' });
  });

  it('says nothing when the change date is unknown', () => {
    expect(passwordExpiry({ isInternal: false, passwordLastChanged: null }, now)).toEqual({ state: 'unknown' });
  });
});
