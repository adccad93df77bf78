import * as v from 'valibot';
import {
  WARRANTY_MESSAGES,
  WarrantyCardInput,
  digitsOnly,
  formatUsDate,
  isValidPhone,
  mainPhoneForDisplay,
  parseUsDate,
  soldDateIssue,
  type WarrantyCard,
  type WarrantyCardSave,
} from '../../contract';
import { US_STATES, formatPhone } from '../../lib/formats';

/*
 * The warranty form of spec 3 §4 and §5: what it edits, how a card becomes its values and its values the
 * body of POST/PUT {api}/Warranty. The contract's WarrantyCardInput is the check (the server runs the same);
 * the sold date window needs today's date, so it is checked here with the contract's soldDateIssue.
 */

export interface WarrantyFormValues {
  firstName: string;
  middleInitial: string;
  lastName: string;
  suffix: string;
  emailAddress: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  zip4: string;
  /** Masked text '(555) 123-4567', or '' (spec 3 §5: a stored main phone that is not 10 digits shows blank). */
  mainPhone: string;
  cellPhone: string;
  /** MM/DD/YYYY as typed (spec 3 §5). */
  soldDate: string;
  /** spec 3 §4 'home address same as owner'. */
  homeAddressSameAsOwner: boolean;
  homeAddress1: string;
  homeAddress2: string;
  homeCity: string;
  homeState: string;
  homeZipCode: string;
}

export type WarrantyFormField = keyof WarrantyFormValues;

export const WARRANTY_FIELD_LABELS: Record<WarrantyFormField, string> = {
  firstName: 'First name',
  middleInitial: 'Middle initial',
  lastName: 'Last name',
  suffix: 'Suffix',
  emailAddress: 'Email',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  zip4: 'Zip+4',
  mainPhone: 'Main phone',
  cellPhone: 'Cell phone',
  soldDate: 'Sold date',
  homeAddressSameAsOwner: 'Home address same as owner',
  homeAddress1: 'Home address',
  homeAddress2: 'Home address line 2',
  homeCity: 'Home city',
  homeState: 'Home state',
  homeZipCode: 'Home zip code',
};
export const WARRANTY_FORM_FIELDS = Object.keys(WARRANTY_FIELD_LABELS) as WarrantyFormField[];

/** The longest text each field takes (WarrantyCardInput's limits). */
export const WARRANTY_FIELD_MAX_LENGTHS = {
  firstName: 40,
  middleInitial: 1,
  lastName: 40,
  suffix: 10,
  emailAddress: 100,
  address1: 40,
  address2: 40,
  city: 40,
  zipCode: 10,
  zip4: 4,
  homeAddress1: 40,
  homeAddress2: 40,
  homeCity: 40,
  homeZipCode: 10,
} as const;

/** The state choices: the 50 states, plus a stored value that is none of them so that it is not lost. */
export function stateOptions(current: string) {
  const stored = current.trim().toUpperCase();
  const states: string[] = stored && !US_STATES.includes(stored as (typeof US_STATES)[number]) ? [...US_STATES, stored] : [...US_STATES];
  return [{ value: '', label: 'Select a state' }, ...states.map((state) => ({ value: state, label: state }))];
}

/** A phone as the masked field shows it: 10 digits masked, anything else as its digits. */
const phoneText = (digits: string) => (digits.length === 10 ? formatPhone(digits) : digits);

/** The form's values for a card, or for a home without one (add mode: empty, home address same as owner). */
export function warrantyFormValues(card: WarrantyCard | undefined): WarrantyFormValues {
  return {
    firstName: card?.firstName ?? '',
    middleInitial: card?.middleInitial ?? '',
    lastName: card?.lastName ?? '',
    suffix: card?.suffix ?? '',
    emailAddress: card?.emailAddress ?? '',
    address1: card?.address1 ?? '',
    address2: card?.address2 ?? '',
    city: card?.city ?? '',
    state: (card?.state ?? '').trim().toUpperCase(),
    zipCode: card?.zipCode ?? '',
    zip4: card?.zip4 ?? '',
    mainPhone: card ? phoneText(mainPhoneForDisplay(card)) : '',
    cellPhone: card ? phoneText(digitsOnly(card.cellAreaCode) + digitsOnly(card.cellPhoneNumber)) : '',
    soldDate: card ? formatUsDate(card.soldDate) : '',
    homeAddressSameAsOwner: card ? !card.showHomeAddress : true,
    homeAddress1: card?.homeAddress1 ?? '',
    homeAddress2: card?.homeAddress2 ?? '',
    homeCity: card?.homeCity ?? '',
    homeState: (card?.homeState ?? '').trim().toUpperCase(),
    homeZipCode: card?.homeZipCode ?? '',
  };
}

const PHONE_FIELDS: ReadonlySet<WarrantyFormField> = new Set(['mainPhone', 'cellPhone']);

/**
 * spec 3 §4: the form is dirty when it differs from the card it was loaded with. Phones count by their digits
 * (the mask writes the same number differently), text by what is left after trimming.
 */
export function isWarrantyFormDirty(values: WarrantyFormValues, snapshot: WarrantyFormValues): boolean {
  return WARRANTY_FORM_FIELDS.some((field) => {
    const [now, then] = [values[field], snapshot[field]];
    if (typeof now === 'boolean' || typeof then === 'boolean') return now !== then;
    return PHONE_FIELDS.has(field) ? digitsOnly(now) !== digitsOnly(then) : now.trim() !== then.trim();
  });
}

/** Which form field a field of the contract's body (or a server refusal naming it) is. */
export function formFieldOf(bodyField: string): WarrantyFormField | undefined {
  if (bodyField === 'areaCode' || bodyField === 'phoneNumber') return 'mainPhone';
  if (bodyField === 'cellAreaCode' || bodyField === 'cellPhoneNumber') return 'cellPhone';
  return (WARRANTY_FORM_FIELDS as string[]).includes(bodyField) ? (bodyField as WarrantyFormField) : undefined;
}

export interface WarrantyFormContext {
  plantNumber: string;
  serialNumber: string;
  /** The card being edited (undefined in add mode): its one-line home address and home phone go back unchanged. */
  card: WarrantyCard | undefined;
  /** 'YYYY-MM-DD', the day the sold date window counts from. */
  today: string;
}

/** The body WarrantyCardInput checks, from the form's values. */
export function warrantyInput(values: WarrantyFormValues, context: WarrantyFormContext): WarrantyCardInput {
  return {
    plantNumber: context.plantNumber,
    serialNumber: context.serialNumber,
    firstName: values.firstName,
    middleInitial: values.middleInitial,
    lastName: values.lastName,
    suffix: values.suffix,
    emailAddress: values.emailAddress,
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    state: values.state.trim().toUpperCase(),
    zipCode: values.zipCode,
    zip4: values.zip4,
    // spec 3 §5: phones are stripped to digits and split 3 + 7 on save (the contract does both).
    areaCode: '',
    phoneNumber: values.mainPhone,
    cellAreaCode: '',
    cellPhoneNumber: values.cellPhone,
    soldDate: values.soldDate,
    homeAddress1: values.homeAddress1,
    homeAddress2: values.homeAddress2,
    homeCity: values.homeCity,
    homeState: values.homeState.trim().toUpperCase(),
    homeZipCode: values.homeZipCode,
    // Not on the form: a stored home phone that is not 10 digits cannot be fixed here, so it goes as the main phone's rule has it (blank).
    homePhoneNumber: isValidPhone(context.card?.homePhoneNumber) ? (context.card?.homePhoneNumber ?? '') : '',
    homeAddress: context.card?.homeAddress ?? '',
    homeAddressSameAsOwner: values.homeAddressSameAsOwner,
  };
}

export type WarrantyCheck =
  { ok: true; body: WarrantyCardSave } | { ok: false; fields: Partial<Record<WarrantyFormField, string>>; form?: string };

/**
 * spec 3 §5: every rule at once, so that every message shows together — the contract schema, its phone rules
 * (the schema runs them only once the rest passed), and the sold date: required, MM/DD/YYYY, and from 2 years
 * back to 3 months ahead. A card saved again with the sold date it has keeps it (the server allows that too).
 */
export function checkWarrantyForm(values: WarrantyFormValues, context: WarrantyFormContext): WarrantyCheck {
  const fields: Partial<Record<WarrantyFormField, string>> = {};
  let form: string | undefined;
  const parsed = v.safeParse(WarrantyCardInput, warrantyInput(values, context));
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      const field = typeof key === 'string' ? formFieldOf(key) : undefined;
      if (field) fields[field] ??= issue.message;
      else form ??= issue.message;
    }
  }
  if (!isValidPhone(values.mainPhone)) fields.mainPhone ??= WARRANTY_MESSAGES.phoneInvalid;
  if (!isValidPhone(values.cellPhone)) fields.cellPhone ??= WARRANTY_MESSAGES.phoneInvalid;
  const soldText = values.soldDate.trim();
  if (soldText !== '' && parseUsDate(soldText) === null) fields.soldDate ??= WARRANTY_MESSAGES.soldDateInvalid;
  else {
    const issue = soldDateIssue(soldText === '' ? null : parseUsDate(soldText), context.today, context.card?.soldDate || null);
    if (issue) fields.soldDate ??= issue;
  }
  if (Object.keys(fields).length > 0 || form !== undefined || !parsed.success) return { ok: false, fields, ...(form ? { form } : {}) };
  return { ok: true, body: parsed.output };
}

/**
 * The card as the form shows it, in the shape of the body a save sends: what an update compares its body with to
 * tell which fields the user changed (api/calls.ts saveWarrantyCardCall, issue 22 §11). That is the body the
 * untouched form would send (the address as the save writes it, the phones split, the 'same as owner' toggle as
 * the form starts), over the card itself for the fields the form's checks refuse as they are stored. Nothing for a
 * home without a card: every field of an update counts as changed then.
 */
export function seenCard(context: WarrantyFormContext): Record<string, unknown> {
  const { card } = context;
  if (!card) return {};
  const values = warrantyFormValues(card);
  const untouched = checkWarrantyForm(values, context);
  return { ...card, homeAddressSameAsOwner: values.homeAddressSameAsOwner, ...(untouched.ok ? untouched.body : {}) };
}
