// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { REDIRECT_COOKIE, TOKEN_COOKIE } from '../../../src/contract';
import { readCookie } from '../../../src/lib/cookies';
import {
  clearToken,
  isSingleSignOnSession,
  readToken,
  readTokenClaims,
  rememberRedirect,
  storeToken,
  takeRedirect,
} from '../../../src/lib/session-token';
import { announcePasswordExpiry } from '../../../src/features/session/password-expiry-notice';
import { fakeJwt } from '../fixtures/tokens';

afterEach(() => {
  clearToken();
  takeRedirect();
});

describe('session token', () => {
  it('reads the user name and expiry the server puts in the token', () => {
    const token = fakeJwt({ sub: '17', userName: 'admin@demo.homesite.test', exp: 1_900_000_000 });
    expect(readTokenClaims(token)).toEqual({ userName: 'admin@demo.homesite.test', expiresAt: new Date(1_900_000_000_000) });
  });

  it('decodes non-ASCII claims', () => {
    expect(readTokenClaims(fakeJwt({ userName: 'zoë@demo.homesite.test' })).userName).toBe('zoë@demo.homesite.test');
  });

  it('yields no claims for a token it cannot read', () => {
    expect(readTokenClaims('not-a-jwt')).toEqual({});
    expect(readTokenClaims('a.%%%.c')).toEqual({});
  });

  it('keeps the token in the Bearer cookie and clears it', () => {
    const token = fakeJwt({ userName: 'a@b.test', exp: Math.floor(Date.now() / 1000) + 3600 });
    storeToken(token);
    expect(readCookie(TOKEN_COOKIE)).toBe(token);
    expect(readToken()).toBe(token);
    clearToken();
    expect(readToken()).toBeUndefined();
  });
});

describe('redirect cookie (spec 1 §4, §8)', () => {
  it('remembers a path once', () => {
    rememberRedirect('/myAccount?passwordExpired=true');
    expect(readCookie(REDIRECT_COOKIE)).toBe('/myAccount?passwordExpired=true');
    expect(takeRedirect()).toBe('/myAccount?passwordExpired=true');
    expect(takeRedirect()).toBeUndefined();
  });

  it('never remembers a login page or an address outside the site', () => {
    rememberRedirect('/login/expired');
    rememberRedirect('//evil.test/x');
    rememberRedirect('https://evil.test/');
    expect(takeRedirect()).toBeUndefined();
  });

  it('marks a session of single sign-on, carried to the token that replaces it (a retailer switch), never to a password sign-in’s', () => {
    const expired = { isInternal: false, passwordLastChanged: new Date(Date.now() - 200 * 86_400_000).toISOString() };
    storeToken(fakeJwt({ userName: 'a@demo.homesite.test', exp: 1_900_000_000 }), { singleSignOn: true });
    expect(isSingleSignOnSession()).toBe(true);
    // The password did not let this session in: its age sends nobody to My Account.
    expect(announcePasswordExpiry(expired, { warnings: true })).toBe('current');
    storeToken(fakeJwt({ userName: 'a@demo.homesite.test', retailerNumber: '4218', exp: 1_900_000_000 }));
    expect(isSingleSignOnSession()).toBe(true);
    storeToken(fakeJwt({ userName: 'b@demo.homesite.test', exp: 1_900_000_000 }), { singleSignOn: false });
    expect(isSingleSignOnSession()).toBe(false);
    expect(announcePasswordExpiry(expired, { warnings: false })).toBe('expired');
    clearToken();
    expect(isSingleSignOnSession()).toBe(false);
  });
});
