import { describe, expect, it } from 'vitest';
import { pageTitle, routeTitle } from '../../../src/app/page-title';
import { shouldRetryQuery } from '../../../src/app/query-client';
import { ContractViolationError, HttpError, OfflineError } from '../../../src/lib/http';

describe('page title (spec 1 §2)', () => {
  it('is the product name plus the route title', () => {
    expect(pageTitle('Login')).toBe('HomeSite - Login');
    expect(pageTitle('404')).toBe('HomeSite - 404');
    expect(pageTitle(undefined)).toBe('HomeSite');
  });

  it('takes the deepest route that has a title', () => {
    expect(routeTitle([{ staticData: {} }, { staticData: { title: 'Home' } }, { staticData: {} }])).toBe('Home');
    expect(routeTitle([{ staticData: { title: 'Outer' } }, { staticData: { title: 'My Account' } }])).toBe('My Account');
    expect(routeTitle([{}])).toBeUndefined();
  });
});

describe('query retries', () => {
  const endpoint = { base: 'api', path: '/x' } as const;
  it('retries no connection and server errors, up to 3 times', () => {
    expect(shouldRetryQuery(0, new OfflineError(endpoint))).toBe(true);
    expect(shouldRetryQuery(1, new HttpError(503, undefined, undefined, endpoint))).toBe(true);
    expect(shouldRetryQuery(3, new OfflineError(endpoint))).toBe(false);
  });

  it('does not retry client errors or broken contracts', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(shouldRetryQuery(0, new HttpError(status, undefined, undefined, endpoint))).toBe(false);
    }
    expect(shouldRetryQuery(0, new ContractViolationError(endpoint, []))).toBe(false);
  });
});
