// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { BASES_COOKIE, CUSTOMER_BASE_URL_COOKIE, DEFAULT_BASES, LINKS_COOKIE } from '../../../src/contract';
import { parseBases, parseExternalLinks, readBases, readCustomerBaseUrl, readExternalLinks } from '../../../src/lib/config';
import { deleteCookie, parseCookies, serializeCookie, writeCookie } from '../../../src/lib/cookies';
import { hashBangPath, isAllowedLinkTarget, isLocalPath } from '../../../src/lib/links';

afterEach(() => {
  for (const name of [BASES_COOKIE, LINKS_COOKIE, CUSTOMER_BASE_URL_COOKIE]) deleteCookie(name);
});

describe('cookies', () => {
  it('parses URI-encoded values as the server writes them', () => {
    const header = `a=1; ${BASES_COOKIE}=${encodeURIComponent('{"api":"https://api.test"}')}; b="quoted"`;
    const cookies = parseCookies(header);
    expect(cookies.get(BASES_COOKIE)).toBe('{"api":"https://api.test"}');
    expect(cookies.get('b')).toBe('quoted');
  });

  it('serializes with path, SameSite, Secure and domain only when asked', () => {
    expect(serializeCookie('Bearer', 'a b', {})).toBe('Bearer=a%20b; path=/; SameSite=Lax');
    expect(serializeCookie('Bearer', 't', { secure: true, domain: '.homesite.test', sameSite: 'Lax' })).toBe(
      'Bearer=t; path=/; domain=.homesite.test; SameSite=Lax; Secure',
    );
  });
});

describe('configuration from cookies', () => {
  it('uses the same-origin defaults without a bases cookie', () => {
    expect(readBases()).toEqual(DEFAULT_BASES);
  });

  it('lays the bases cookie over the defaults and ignores unknown or unsafe entries', () => {
    writeCookie(BASES_COOKIE, JSON.stringify({ api: 'https://api.example.com', auth: 'javascript:alert(1)', nope: '/x' }));
    expect(readBases()).toEqual({ ...DEFAULT_BASES, api: 'https://api.example.com' });
  });

  it('survives a malformed cookie', () => {
    expect(parseBases('{not json')).toEqual(DEFAULT_BASES);
    expect(parseBases('[1,2]')).toEqual(DEFAULT_BASES);
    expect(parseExternalLinks('"text"')).toEqual({});
  });

  it('reads external tile links, keeping only web addresses', () => {
    writeCookie(LINKS_COOKIE, JSON.stringify({ Prospects: 'https://prospects.test', Dispatch: 'javascript:void(0)', CommLink: 3 }));
    expect(readExternalLinks()).toEqual({ Prospects: 'https://prospects.test' });
  });

  it('reads the customer-facing site base URL only when it is http(s)', () => {
    expect(readCustomerBaseUrl()).toBeUndefined();
    writeCookie(CUSTOMER_BASE_URL_COOKIE, 'https://customers.test');
    expect(readCustomerBaseUrl()).toBe('https://customers.test');
    writeCookie(CUSTOMER_BASE_URL_COOKIE, 'javascript:alert(1)');
    expect(readCustomerBaseUrl()).toBeUndefined();
  });
});

describe('links', () => {
  it('allows the link targets of spec 1 §5 only', () => {
    for (const url of ['http://a.test', 'https://a.test', 'ftp://a.test', 'mailto:a@b.test', 'blob:https://a.test/1', '/relative']) {
      expect(isAllowedLinkTarget(url)).toBe(true);
    }
    expect(isAllowedLinkTarget('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkTarget('data:text/html,x')).toBe(false);
  });

  it('tells local paths from addresses that leave the site', () => {
    expect(isLocalPath('/home')).toBe(true);
    expect(isLocalPath('//evil.test')).toBe(false);
    expect(isLocalPath('/\\evil.test')).toBe(false);
    expect(isLocalPath('home')).toBe(false);
  });

  it('turns an old #!/x link into /x (spec 1 §2)', () => {
    expect(hashBangPath('#!/sales/quotes')).toBe('/sales/quotes');
    expect(hashBangPath('#!/myAccount?passwordExpired=true')).toBe('/myAccount?passwordExpired=true');
    expect(hashBangPath('#section')).toBeNull();
    expect(hashBangPath('#!//evil.test')).toBeNull();
    expect(hashBangPath('')).toBeNull();
  });
});
