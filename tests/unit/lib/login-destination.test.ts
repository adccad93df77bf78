import { describe, expect, it } from 'vitest';
import { CUSTOMER_SITE_MARKER, loginDestination } from '../../../src/lib/login-destination';

const customerBaseUrl = 'https://customers.example.com/';

describe('loginDestination (spec 1 §4 order)', () => {
  it('1. goes to the saved redirect path first, whatever the returnUrl', () => {
    expect(loginDestination({ redirectPath: '/myAccount?x=1', returnUrl: 'customer/portal', customerBaseUrl })).toEqual({
      kind: 'route',
      href: '/myAccount?x=1',
    });
  });

  it('2a. leaves to the customer site base URL when returnUrl has the customer marker', () => {
    expect(CUSTOMER_SITE_MARKER).toBe('customer');
    expect(loginDestination({ returnUrl: 'https://x.test/customer/orders', customerBaseUrl })).toEqual({
      kind: 'external',
      url: customerBaseUrl,
    });
  });

  it('2a. goes to the root when the customer base URL is not configured', () => {
    expect(loginDestination({ returnUrl: 'customer', customerBaseUrl: undefined })).toEqual({ kind: 'route', href: '/' });
  });

  it('2b. goes to the root when returnUrl is present without the marker', () => {
    expect(loginDestination({ returnUrl: 'https://evil.test/steal', customerBaseUrl })).toEqual({ kind: 'route', href: '/' });
    expect(loginDestination({ returnUrl: 'sales/quotes', customerBaseUrl })).toEqual({ kind: 'route', href: '/' });
  });

  it("2c. goes to '/' followed by the value when returnUrl is empty", () => {
    expect(loginDestination({ returnUrl: '', customerBaseUrl })).toEqual({ kind: 'route', href: '/' });
  });

  it('3. goes home otherwise', () => {
    expect(loginDestination({})).toEqual({ kind: 'route', href: '/home' });
    expect(loginDestination({ redirectPath: null, returnUrl: null })).toEqual({ kind: 'route', href: '/home' });
  });

  it('ignores a saved path that would leave the site or loop back to login', () => {
    expect(loginDestination({ redirectPath: '//evil.test/x' })).toEqual({ kind: 'route', href: '/home' });
    expect(loginDestination({ redirectPath: 'https://evil.test/' })).toEqual({ kind: 'route', href: '/home' });
    expect(loginDestination({ redirectPath: '/login/expired' })).toEqual({ kind: 'route', href: '/home' });
  });
});
