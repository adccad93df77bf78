import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  MAX_ADDRESS_LENGTH,
  WARRANTY_MESSAGES,
  WarrantyCardInput,
  addMonthsToDay,
  formatUsDate,
  isHomeAddressSameAsOwner,
  isValidEmail,
  mainPhoneForDisplay,
  normalizeCardAddress,
  ownerAddressLine,
  parseUsDate,
  soldDateIssue,
  soldDateWindow,
  splitPhone,
  warrantyCardIssues,
  warrantyStatusLabel,
} from '../../../src/contract';

const validCard = {
  plantNumber: '910',
  serialNumber: 'CLW012345TNAB',
  firstName: 'Mary',
  lastName: 'Smith',
  emailAddress: 'mary.smith@example.com',
  address1: '412 Oak Ridge Road',
  address2: '',
  city: 'Clinton',
  state: 'TN',
  zipCode: '37716',
  areaCode: '865',
  phoneNumber: '5550123',
  soldDate: '2026-01-15',
};
const parse = (overrides: Record<string, unknown>) => v.safeParse(WarrantyCardInput, { ...validCard, ...overrides });

describe('warranty status labels (spec 3 §3)', () => {
  it('reads I, A and H, and anything else as Archived', () => {
    expect(['I', 'A', 'H', 'X', '', 'a'].map(warrantyStatusLabel)).toEqual([
      'Incomplete',
      'Active',
      'Historical',
      'Archived',
      'Archived',
      'Archived',
    ]);
  });
});

describe('sold date window (spec 3 §5, §9: 2 years back to 3 months ahead)', () => {
  it('runs from the same day 2 years back to the same day 3 months ahead', () => {
    expect(soldDateWindow('2026-02-10')).toEqual({ earliest: '2024-02-10', latest: '2026-05-10' });
  });

  it("takes a short month's last day", () => {
    expect(soldDateWindow('2026-11-30').latest).toBe('2027-02-28');
    expect(soldDateWindow('2026-02-28').earliest).toBe('2024-02-28');
    expect(addMonthsToDay('2024-02-29', -24)).toBe('2022-02-28');
    expect(addMonthsToDay('2025-12-31', 2)).toBe('2026-02-28');
  });

  it('accepts both ends and refuses the day beyond each', () => {
    const today = '2026-02-10';
    expect(soldDateIssue('2024-02-10', today)).toBeNull();
    expect(soldDateIssue('2026-05-10', today)).toBeNull();
    expect(soldDateIssue('2024-02-09', today)).toBe(WARRANTY_MESSAGES.soldDateOutOfRange);
    expect(soldDateIssue('2026-05-11', today)).toBe(WARRANTY_MESSAGES.soldDateOutOfRange);
    expect(soldDateIssue(null, today)).toBe(WARRANTY_MESSAGES.soldDateRequired);
  });

  it('lets a card keep the sold date it already has, however old', () => {
    expect(soldDateIssue('2019-06-01', '2026-02-10', '2019-06-01')).toBeNull();
    expect(warrantyCardIssues({ soldDate: '2019-06-02' }, '2026-02-10', '2019-06-01')).toEqual([
      { field: 'soldDate', message: WARRANTY_MESSAGES.soldDateOutOfRange },
    ]);
  });

  it('reads and writes MM/DD/YYYY', () => {
    expect(parseUsDate('01/15/2026')).toBe('2026-01-15');
    // spec 1 §5: with a slash, exactly MM/DD/YYYY.
    expect(parseUsDate('1/5/2026')).toBeNull();
    expect(parseUsDate('02/30/2026')).toBeNull();
    expect(parseUsDate('2026-01-15')).toBeNull();
    expect(formatUsDate('2026-01-15')).toBe('01/15/2026');
    expect(formatUsDate('')).toBe('');
  });

  it('the body takes either format and refuses a date that is none', () => {
    const typed = parse({ soldDate: '01/15/2026' });
    expect(typed.success && typed.output.soldDate).toBe('2026-01-15');
    const bad = parse({ soldDate: '13/45/2026' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe(WARRANTY_MESSAGES.soldDateInvalid);
    const empty = parse({ soldDate: '' });
    expect(empty.success && empty.output.soldDate).toBeNull();
  });
});

describe('e-mail (spec 3 §5: a configured pattern)', () => {
  it('accepts an address with a domain, or none', () => {
    expect(isValidEmail('mary.smith@example.com')).toBe(true);
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail('mary.smith@example')).toBe(false);
    expect(isValidEmail('mary smith@example.com')).toBe(false);
    expect(parse({ emailAddress: 'not-an-email' }).issues?.[0]?.message).toBe(WARRANTY_MESSAGES.emailInvalid);
  });
});

describe('phones (spec 3 §3, §5: digits only, 3-digit area code and 7-digit number)', () => {
  it('strips to digits and splits 3 + 7', () => {
    expect(splitPhone('(865) 555-0123')).toEqual({ areaCode: '865', phoneNumber: '5550123' });
    expect(splitPhone('')).toEqual({ areaCode: '', phoneNumber: '' });
  });

  it('shows an existing main phone blank unless it is exactly 10 digits', () => {
    expect(mainPhoneForDisplay({ areaCode: '865', phoneNumber: '5550123' })).toBe('8655550123');
    expect(mainPhoneForDisplay({ areaCode: '', phoneNumber: '5550123' })).toBe('');
    expect(mainPhoneForDisplay({ areaCode: '865', phoneNumber: '55501234' })).toBe('');
  });

  it('the body stores the split digits whichever field they came in', () => {
    const result = parse({ areaCode: '', phoneNumber: '(865) 555-0123', cellAreaCode: '423-', cellPhoneNumber: '555.9876' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect([result.output.areaCode, result.output.phoneNumber, result.output.cellAreaCode, result.output.cellPhoneNumber]).toEqual([
      '865',
      '5550123',
      '423',
      '5559876',
    ]);
  });

  it('refuses a phone that cannot be split', () => {
    const result = parse({ areaCode: '865', phoneNumber: '555012' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(WARRANTY_MESSAGES.phoneInvalid);
  });
});

describe('the returned card (spec 3 §5: trimmed; address2 folded into address1, 40 characters)', () => {
  const card = {
    address1: '  412 Oak Ridge Road ',
    address2: ' Lot 12 ',
    city: ' Clinton ',
    state: 'TN ',
    zipCode: ' 37716',
    homeAddress: ' x ',
  };

  it('trims and appends a non-empty address2, then clears it', () => {
    expect(normalizeCardAddress(card)).toEqual({
      address1: '412 Oak Ridge Road Lot 12',
      address2: '',
      city: 'Clinton',
      state: 'TN',
      zipCode: '37716',
      homeAddress: 'x',
    });
  });

  it('cuts the joined line to 40 characters', () => {
    const joined = normalizeCardAddress({ ...card, address1: '12345 Pleasant Valley Road Northeast', address2: 'Space 118' }).address1;
    expect(joined).toBe('12345 Pleasant Valley Road Northeast Spa');
    expect(joined).toHaveLength(MAX_ADDRESS_LENGTH);
  });

  it('leaves address1 alone when address2 is blank', () => {
    expect(normalizeCardAddress({ ...card, address2: '   ' }).address1).toBe('412 Oak Ridge Road');
  });
});

describe("home address 'same as owner' (spec 3 §4)", () => {
  it('is on when the stored home address is the owner line', () => {
    const owner = { address1: '412 Oak Ridge Road', city: 'Clinton', state: 'TN', zipCode: '37716' };
    expect(ownerAddressLine(owner)).toBe('412 Oak Ridge Road, Clinton, TN 37716');
    expect(isHomeAddressSameAsOwner({ ...owner, homeAddress: '412 Oak Ridge Road, Clinton, TN 37716' })).toBe(true);
    expect(isHomeAddressSameAsOwner({ ...owner, homeAddress: '9 Elm Street, Clinton, TN 37716' })).toBe(false);
  });

  it('on at save, writes address1, city, state and zip as the one line', () => {
    const result = parse({ address2: 'Lot 12', homeAddress: 'old', homeAddressSameAsOwner: true });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.output.homeAddress).toBe('412 Oak Ridge Road Lot 12, Clinton, TN 37716');
    expect(result.output.homeAddress1).toBe('412 Oak Ridge Road Lot 12');
    expect(result.output.address2).toBe('');
  });

  it('off at save, keeps a home address of its own', () => {
    const result = parse({
      homeAddressSameAsOwner: false,
      homeAddress1: '9 Elm Street',
      homeCity: 'Clinton',
      homeState: 'TN',
      homeZipCode: '37716',
    });
    expect(result.success && result.output.homeAddress).toBe('9 Elm Street, Clinton, TN 37716');
  });
});

describe('required fields', () => {
  it('needs the owner name and address', () => {
    for (const [field, message] of [
      ['firstName', WARRANTY_MESSAGES.firstNameRequired],
      ['lastName', WARRANTY_MESSAGES.lastNameRequired],
      ['address1', WARRANTY_MESSAGES.address1Required],
      ['city', WARRANTY_MESSAGES.cityRequired],
      ['zipCode', WARRANTY_MESSAGES.zipCodeRequired],
    ] as const) {
      const result = parse({ [field]: '  ' });
      expect(result.success, field).toBe(false);
      expect(result.issues?.[0]?.message).toBe(message);
    }
  });

  it('has the toasts of spec 3 §7', () => {
    expect(WARRANTY_MESSAGES.entered('CLW012345TNAB')).toBe('Warranty Card has been successfully entered for serial: CLW012345TNAB');
    expect(WARRANTY_MESSAGES.updated('CLW012345TNAB')).toBe('Warranty Card has been successfully updated for serial: CLW012345TNAB');
    expect([WARRANTY_MESSAGES.enteredTitle, WARRANTY_MESSAGES.updatedTitle]).toEqual(['Entry Successful!', 'Update Successful!']);
  });
});
