// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { WARRANTY_MESSAGES } from '../../../src/contract';
import {
  checkWarrantyForm,
  formFieldOf,
  isWarrantyFormDirty,
  stateOptions,
  warrantyFormValues,
  type WarrantyFormContext,
  type WarrantyFormValues,
} from '../../../src/features/homeowners/warranty-form';
import { card } from './harness';

const TODAY = '2026-06-15';
const context = (overrides: Partial<WarrantyFormContext> = {}): WarrantyFormContext => ({
  plantNumber: '42',
  serialNumber: 'CLW01001TN',
  card: undefined,
  today: TODAY,
  ...overrides,
});
const valid: WarrantyFormValues = {
  ...warrantyFormValues(undefined),
  firstName: 'Mary',
  lastName: 'Smith',
  emailAddress: 'mary@example.com',
  address1: '412 Oak Ridge Road',
  city: 'Clinton',
  state: 'TN',
  zipCode: '37716',
  mainPhone: '(865) 555-0123',
  soldDate: '06/01/2026',
};
const fieldsOf = (values: Partial<WarrantyFormValues>, ctx = context()) => {
  const check = checkWarrantyForm({ ...valid, ...values }, ctx);
  return check.ok ? {} : check.fields;
};

describe('the form values of a card (spec 3 §4, §5)', () => {
  it('starts add mode empty with the home address the same as the owner', () => {
    expect(warrantyFormValues(undefined)).toMatchObject({ firstName: '', mainPhone: '', soldDate: '', homeAddressSameAsOwner: true });
  });

  it('shows the main phone masked when it is 10 digits, blank otherwise', () => {
    expect(warrantyFormValues(card(1, { areaCode: '865', phoneNumber: '5550123' })).mainPhone).toBe('(865) 555-0123');
    expect(warrantyFormValues(card(1, { areaCode: '865', phoneNumber: '555012' })).mainPhone).toBe('');
    expect(warrantyFormValues(card(1, { areaCode: '', phoneNumber: '5550123' })).mainPhone).toBe('');
    expect(warrantyFormValues(card(1, { areaCode: '86', phoneNumber: '55501234' })).mainPhone).toBe('(865) 550-1234');
  });

  it('shows the sold date as MM/DD/YYYY, the state upper-case, and the toggle off when the home address differs', () => {
    const values = warrantyFormValues(card(1, { soldDate: '2025-12-03', state: 'tn', showHomeAddress: true }));
    expect(values).toMatchObject({ soldDate: '12/03/2025', state: 'TN', homeAddressSameAsOwner: false });
    expect(warrantyFormValues(card(1, { soldDate: '' })).soldDate).toBe('');
  });

  it('offers the 50 states and keeps a stored value that is none of them', () => {
    expect(stateOptions('')).toHaveLength(51);
    expect(stateOptions('on').map((option) => option.value)).toContain('ON');
  });
});

describe('the rules of a save (spec 3 §5)', () => {
  it('accepts a valid form: trimmed, phones split 3 + 7, sold date as a day, home address the owner line', () => {
    const check = checkWarrantyForm({ ...valid, firstName: '  Mary ', cellPhone: '(423) 555-0199' }, context());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body).toMatchObject({
      plantNumber: '42',
      serialNumber: 'CLW01001TN',
      firstName: 'Mary',
      areaCode: '865',
      phoneNumber: '5550123',
      cellAreaCode: '423',
      cellPhoneNumber: '5550199',
      soldDate: '2026-06-01',
      homeAddressSameAsOwner: true,
      homeAddress: '412 Oak Ridge Road, Clinton, TN 37716',
    });
  });

  it('appends address line 2 to the address, cut to 40 characters', () => {
    const check = checkWarrantyForm({ ...valid, address1: '1234 Long Mountain View Boulevard', address2: 'Lot 17 North' }, context());
    expect(check.ok && check.body).toMatchObject({ address1: '1234 Long Mountain View Boulevard Lot 17', address2: '' });
  });

  it('requires the owner name, address, city, state, zip and sold date, all at once', () => {
    expect(fieldsOf({ firstName: ' ', lastName: '', address1: '', city: '', state: '', zipCode: '', soldDate: '' })).toEqual({
      firstName: WARRANTY_MESSAGES.firstNameRequired,
      lastName: WARRANTY_MESSAGES.lastNameRequired,
      address1: WARRANTY_MESSAGES.address1Required,
      city: WARRANTY_MESSAGES.cityRequired,
      state: WARRANTY_MESSAGES.stateRequired,
      zipCode: WARRANTY_MESSAGES.zipCodeRequired,
      soldDate: WARRANTY_MESSAGES.soldDateRequired,
    });
  });

  it('checks the e-mail pattern and the phones, also while other fields are wrong', () => {
    expect(fieldsOf({ emailAddress: 'mary@' })).toEqual({ emailAddress: WARRANTY_MESSAGES.emailInvalid });
    expect(fieldsOf({ mainPhone: '(865) 55', cellPhone: '(423) 5', firstName: '' })).toEqual({
      firstName: WARRANTY_MESSAGES.firstNameRequired,
      mainPhone: WARRANTY_MESSAGES.phoneInvalid,
      cellPhone: WARRANTY_MESSAGES.phoneInvalid,
    });
    expect(fieldsOf({ mainPhone: '', cellPhone: '' })).toEqual({});
  });

  it('takes sold dates from 2 years back to 3 months ahead, as MM/DD/YYYY', () => {
    expect(fieldsOf({ soldDate: '06/15/2024' })).toEqual({});
    expect(fieldsOf({ soldDate: '06/14/2024' })).toEqual({ soldDate: WARRANTY_MESSAGES.soldDateOutOfRange });
    expect(fieldsOf({ soldDate: '09/15/2026' })).toEqual({});
    expect(fieldsOf({ soldDate: '09/16/2026' })).toEqual({ soldDate: WARRANTY_MESSAGES.soldDateOutOfRange });
    expect(fieldsOf({ soldDate: '02/30/2026' })).toEqual({ soldDate: WARRANTY_MESSAGES.soldDateInvalid });
    expect(fieldsOf({ soldDate: '06/0' })).toEqual({ soldDate: WARRANTY_MESSAGES.soldDateInvalid });
  });

  it('lets a card sold long ago be saved again with its own sold date, not with another old one', () => {
    const old = card(1, { soldDate: '2019-05-05' });
    expect(fieldsOf({ soldDate: '05/05/2019' }, context({ card: old }))).toEqual({});
    expect(fieldsOf({ soldDate: '05/06/2019' }, context({ card: old }))).toEqual({ soldDate: WARRANTY_MESSAGES.soldDateOutOfRange });
  });

  it('keeps a stored 10-digit home phone, and sends one that cannot be split (not on the form) blank instead of refusing the save', () => {
    const kept = checkWarrantyForm(valid, context({ card: card(1, { homePhoneNumber: '8655550100' }) }));
    expect(kept.ok && kept.body.homePhoneNumber).toBe('8655550100');
    const legacy = checkWarrantyForm(valid, context({ card: card(1, { homePhoneNumber: '555-01' }) }));
    expect(legacy.ok && legacy.body.homePhoneNumber).toBe('');
  });

  it("writes the home's own address as the one line when the toggle is off", () => {
    const check = checkWarrantyForm(
      { ...valid, homeAddressSameAsOwner: false, homeAddress1: '9 Lake Dr', homeCity: 'Norris', homeState: 'TN', homeZipCode: '37828' },
      context(),
    );
    expect(check.ok && check.body).toMatchObject({
      homeAddressSameAsOwner: false,
      homeAddress: '9 Lake Dr, Norris, TN 37828',
      homeAddress1: '9 Lake Dr',
    });
  });

  it('maps the fields a server refusal names onto the form', () => {
    expect(formFieldOf('phoneNumber')).toBe('mainPhone');
    expect(formFieldOf('cellAreaCode')).toBe('cellPhone');
    expect(formFieldOf('soldDate')).toBe('soldDate');
    expect(formFieldOf('rowVersion')).toBeUndefined();
  });
});

describe('dirty (spec 3 §4: differs from its loaded snapshot)', () => {
  const snapshot = warrantyFormValues(card(1));

  it('is clean when nothing changed, or a change was taken back', () => {
    expect(isWarrantyFormDirty(snapshot, snapshot)).toBe(false);
    expect(isWarrantyFormDirty({ ...snapshot, firstName: snapshot.firstName }, snapshot)).toBe(false);
  });

  it('counts phones by their digits and text after trimming', () => {
    expect(isWarrantyFormDirty({ ...snapshot, mainPhone: '8655550123' }, snapshot)).toBe(false);
    expect(isWarrantyFormDirty({ ...snapshot, city: ' Clinton ' }, snapshot)).toBe(false);
    expect(isWarrantyFormDirty({ ...snapshot, mainPhone: '(865) 555-0124' }, snapshot)).toBe(true);
    expect(isWarrantyFormDirty({ ...snapshot, homeAddressSameAsOwner: !snapshot.homeAddressSameAsOwner }, snapshot)).toBe(true);
    expect(isWarrantyFormDirty({ ...snapshot, lastName: 'Other' }, snapshot)).toBe(true);
  });
});
