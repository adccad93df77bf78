import { describe, expect, it } from 'vitest';
import {
  brandLogo,
  DEFAULT_BRAND_LOGO,
  formatDate,
  formatPhone,
  formatQuoteNumber,
  formatState,
  hasNoSpecialCharacters,
  partsCategoryName,
  safeLinkHref,
  sanitizeHelpFileName,
  titleCase,
  US_STATES,
  yesNo,
} from '../../../src/lib/formats';
import { formatMsDate, parseMsDate } from '../../../src/lib/dates';

describe('dates (spec 1 §5: MM/DD/YYYY, TBD)', () => {
  it('formats through the one date module', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    for (const empty of ['', null, undefined, '1900-01-01T00:00:00', '0001-01-01']) expect(formatDate(empty)).toBe('TBD');
  });

  it('writes and reads /Date(ms)/ (spec 1 §3 terms document)', () => {
    const date = new Date(Date.UTC(2024, 0, 1, 12));
    expect(formatMsDate(date)).toBe(`/Date(${date.getTime()})/`);
    expect(parseMsDate(formatMsDate(date))?.getTime()).toBe(date.getTime());
  });
});

describe('formatPhone (spec 1 §5)', () => {
  it('10 digits show as (PPP) ###-####', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('11 and 12 digits show with a country prefix', () => {
    expect(formatPhone('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('445551234567')).toBe('+44 (555) 123-4567');
  });

  it('other input is left unchanged', () => {
    for (const other of ['5551234', '123456789', '1234567890123', '555-123-4567 x12', 'call me', '']) {
      expect(formatPhone(other)).toBe(other);
    }
    expect(formatPhone(null)).toBe('');
  });
});

describe('states, titles, Yes/No, BAQ- (spec 1 §5)', () => {
  it('upper-cases the 50 US state abbreviations and nothing else', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect(formatState('tx')).toBe('TX');
    expect(formatState(' Tn ')).toBe('TN');
    expect(formatState('dc')).toBe('dc');
    expect(formatState('Texas')).toBe('Texas');
    expect(US_STATES.map((state) => formatState(state.toLowerCase()))).toEqual([...US_STATES]);
  });

  it('capitalizes titles', () => {
    expect(titleCase('JOHN smith')).toBe('John Smith');
    expect(titleCase('mary-jane o’neil')).toBe('Mary-Jane O’neil');
    expect(titleCase('sales & service center')).toBe('Sales & Service Center');
    expect(titleCase('')).toBe('');
  });

  it('shows Yes or No', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
    expect(yesNo(undefined)).toBe('No');
  });

  it('prefixes quote numbers with BAQ- once', () => {
    expect(formatQuoteNumber(123456)).toBe('BAQ-123456');
    expect(formatQuoteNumber('98765')).toBe('BAQ-98765');
    expect(formatQuoteNumber('BAQ-98765')).toBe('BAQ-98765');
    expect(formatQuoteNumber('')).toBe('');
  });
});

describe('patterns and sanitizers (spec 1 §5)', () => {
  it('no special characters: letters, digits, comma, period and space only', () => {
    expect(hasNoSpecialCharacters('Lot 12, Oak St. 5')).toBe(true);
    expect(hasNoSpecialCharacters('')).toBe(true);
    for (const bad of ['a-b', 'x@y', 'semi;colon', "quote's", 'tab\there', 'new\nline', '50%']) {
      expect(hasNoSpecialCharacters(bad)).toBe(false);
    }
  });

  it('allows only http, https, ftp, mailto, browser-extension and blob links', () => {
    for (const good of [
      'https://example.com/a',
      'http://example.com',
      'ftp://files.example.com/x',
      'mailto:help@example.com',
      'browser-extension://id/page.html',
      'blob:https://example.com/1234',
      '/support',
    ]) {
      expect(safeLinkHref(good)).toBe(good);
    }
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd']) {
      expect(safeLinkHref(bad)).toBeUndefined();
    }
    expect(safeLinkHref('')).toBeUndefined();
    expect(safeLinkHref(undefined)).toBeUndefined();
  });

  it('strips special characters from help file names', () => {
    expect(sanitizeHelpFileName('Warranty: How-To (v2)!.pdf')).toBe('Warranty HowTo v2pdf');
    expect(sanitizeHelpFileName('Getting   Started')).toBe('Getting Started');
  });
});

describe('brand logos and parts categories (spec 1 §9)', () => {
  it('maps each of C D E F G H J K L M N P Q S T to a brand logo, H M S to one shared logo', () => {
    const codes = ['C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'S', 'T'];
    const logos = codes.map((code) => brandLogo(code));
    expect(logos.every((logo) => logo !== DEFAULT_BRAND_LOGO)).toBe(true);
    expect(brandLogo('H')).toEqual(brandLogo('M'));
    expect(brandLogo('M')).toEqual(brandLogo('S'));
    expect(new Set(logos.map((logo) => logo.src)).size).toBe(13);
    expect(brandLogo('c')).toEqual(brandLogo('C'));
    expect(brandLogo('C').src).toBe('/brands/brand-c.svg');
  });

  it('maps other codes to the default logo', () => {
    for (const other of ['A', 'B', 'Z', '', null, undefined, 'CC']) expect(brandLogo(other)).toBe(DEFAULT_BRAND_LOGO);
  });

  it('names parts catalog categories 3 Bathroom, 8 Bedroom, 5 Kitchen, 18 Carpet, others Active', () => {
    expect(partsCategoryName(3)).toBe('Bathroom');
    expect(partsCategoryName(8)).toBe('Bedroom');
    expect(partsCategoryName(5)).toBe('Kitchen');
    expect(partsCategoryName('18')).toBe('Carpet');
    for (const other of [1, 4, 0, null, undefined, 'x']) expect(partsCategoryName(other)).toBe('Active');
  });
});
