import * as v from 'valibot';
import { EMAIL_PATTERN } from './admin-users';
import { PlantNumber, RowVersion } from './common';
import { addMonthsToDay, isRealDay, parseUsDate } from './days';
import { searchPageAnswer, searchQueryFields } from './list-search';
import { RequiredText, Text } from './text';

/* Homeowner warranty cards (spec 3 §3 Warranty card, §4 Warranty form, §5 Warranty form, §9): shapes and the rules both sides run. */

/** spec 3 §3: I Incomplete, A Active, H Historical; any other code is Archived. */
export const WARRANTY_STATUSES = { I: 'Incomplete', A: 'Active', H: 'Historical' } as const;
export const ARCHIVED_WARRANTY_LABEL = 'Archived';
/** spec 3 §2, §9: the 'incomplete only' filter matches this code. */
export const INCOMPLETE_WARRANTY_STATUS = 'I';
export const ACTIVE_WARRANTY_STATUS = 'A';
export const warrantyStatusLabel = (statusCode: string) =>
  statusCode in WARRANTY_STATUSES ? WARRANTY_STATUSES[statusCode as keyof typeof WARRANTY_STATUSES] : ARCHIVED_WARRANTY_LABEL;

/** spec 3 §9: combined address1 and address2 limit. */
export const MAX_ADDRESS_LENGTH = 40;
/** spec 3 §9: sold date window, counted from today. */
export const SOLD_DATE_YEARS_BACK = 2;
export const SOLD_DATE_MONTHS_AHEAD = 3;

/** spec 3 §7 toasts, and the messages of the form's rules. */
export const WARRANTY_MESSAGES = {
  enteredTitle: 'Entry Successful!',
  updatedTitle: 'Update Successful!',
  entered: (serial: string) => `Warranty Card has been successfully entered for serial: ${serial}`,
  updated: (serial: string) => `Warranty Card has been successfully updated for serial: ${serial}`,
  unsavedChanges: 'You have unsaved changes, are you sure you want to close the form?',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  address1Required: 'Address is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  zipCodeRequired: 'Zip code is required.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a 10-digit phone number.',
  soldDateRequired: 'Sold date is required.',
  soldDateInvalid: 'Enter the sold date as MM/DD/YYYY.',
  soldDateOutOfRange: `Sold date must be from ${SOLD_DATE_YEARS_BACK} years ago to ${SOLD_DATE_MONTHS_AHEAD} months from today.`,
  cardExists: 'This home already has a warranty card.',
  cardNotFound: 'This home has no warranty card yet.',
  homeNotFound: 'Home was not found.',
} as const;

/* ---- dates ---- */

/** spec 3 §5, §9: the sold dates the form accepts, from 2 years back to 3 months ahead of `today` ('YYYY-MM-DD'). */
export const soldDateWindow = (today: string) => ({
  earliest: addMonthsToDay(today, -12 * SOLD_DATE_YEARS_BACK),
  latest: addMonthsToDay(today, SOLD_DATE_MONTHS_AHEAD),
});

/**
 * spec 3 §5: the sold date must lie in the window. A card saved again with the sold date it already
 * has is not refused for it (`storedSoldDate`), so a card sold long ago stays editable.
 */
export function soldDateIssue(soldDate: string | null, today: string, storedSoldDate: string | null = null): string | null {
  if (soldDate === null) return WARRANTY_MESSAGES.soldDateRequired;
  if (soldDate === storedSoldDate) return null;
  const { earliest, latest } = soldDateWindow(today);
  return soldDate < earliest || soldDate > latest ? WARRANTY_MESSAGES.soldDateOutOfRange : null;
}

/* ---- phones, e-mail, addresses ---- */

export const digitsOnly = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** spec 3 §3, §5: a phone is stripped to digits and stored as a 3-digit area code and a 7-digit number. */
export const splitPhone = (value: string | null | undefined) => {
  const digits = digitsOnly(value);
  return { areaCode: digits.slice(0, 3), phoneNumber: digits.slice(3, 10) };
};

/** spec 3 §5: an existing main phone that is not exactly 10 digits is shown blank. */
export const mainPhoneForDisplay = (card: Pick<WarrantyCard, 'areaCode' | 'phoneNumber'>) => {
  const digits = digitsOnly(card.areaCode) + digitsOnly(card.phoneNumber);
  return digits.length === 10 ? digits : '';
};

/** Empty, or 10 digits once stripped: anything else cannot be split into the 3 + 7 the card stores. */
export const isValidPhone = (value: string | null | undefined) => [0, 10].includes(digitsOnly(value).length);

/** spec 3 §5: e-mail is checked against the configured pattern, the one of the user form (admin-users.ts). */
export const isValidEmail = (value: string) => value.trim() === '' || EMAIL_PATTERN.test(value.trim());

type AddressFields = Pick<WarrantyCard, 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'homeAddress'>;

/**
 * spec 3 §5 "Returned card": address1, address2, city, state, zipCode and homeAddress are trimmed; a
 * non-empty address2 is appended to address1 (one space between), cut to 40 characters, and cleared.
 */
export function normalizeCardAddress<T extends AddressFields>(card: T): T {
  const address1 = card.address1.trim();
  const address2 = card.address2.trim();
  return {
    ...card,
    address1: address2 === '' ? address1 : `${address1} ${address2}`.trim().slice(0, MAX_ADDRESS_LENGTH),
    address2: '',
    city: card.city.trim(),
    state: card.state.trim(),
    zipCode: card.zipCode.trim(),
    homeAddress: card.homeAddress.trim(),
  };
}

/** spec 3 §4: the owner address as the one-line home address: address1, city, state and zip. */
export const ownerAddressLine = (card: Pick<WarrantyCard, 'address1' | 'city' | 'state' | 'zipCode'>) =>
  `${card.address1.trim()}, ${card.city.trim()}, ${card.state.trim()} ${card.zipCode.trim()}`;

/** spec 3 §4: the 'home address same as owner' toggle starts on when the stored home address is the owner line. */
export const isHomeAddressSameAsOwner = (card: Pick<WarrantyCard, 'address1' | 'city' | 'state' | 'zipCode' | 'homeAddress'>) =>
  card.homeAddress.trim() === ownerAddressLine(card);

/* ---- the card ---- */

/** spec 3 §3 Warranty card (homeowner); the homeowner list item is this card (it has plantNumber and plantName). */
export interface WarrantyCard {
  plantNumber: string;
  plantName: string;
  modelNumber: string;
  modelName: string;
  firstName: string;
  lastName: string;
  middleInitial: string;
  suffix: string;
  emailAddress: string;
  serialNumber: string;
  fullSerialNumber: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  zip4: string;
  areaCode: string;
  phoneNumber: string;
  cellAreaCode: string;
  cellPhoneNumber: string;
  retailerNumber: string;
  retailerName: string;
  /** 'YYYY-MM-DD', or '' when unknown (an incomplete card). */
  soldDate: string;
  /** The zone of the retail center's business day, which the sold date window counts from (contract/time-zones.ts). */
  timeZone?: string;
  npsDate: string;
  homeAddress1: string;
  homeAddress2: string;
  homeCity: string;
  homeState: string;
  homeZipCode: string;
  homePhoneNumber: string;
  /** The home address as one line (spec 3 §3). */
  homeAddress: string;
  /** The home address differs from the owner's, so the form shows its own fields (the toggle is off). */
  showHomeAddress: boolean;
  statusCode: string;
  thermalZone: string;
  windZone: string;
  roofLoad: string;
  manufacturedDate: string;
  orderNumber: string;
  purchaseOrderNumber: string;
  quoteNumber: string;
  /** The home's id (assetId of the service screens). */
  vantageAssetId: number;
  vantageAccountId: string;
  vantageWarrantyId: number;
  rowVersion: number;
  /**
   * The kept-list rule (contract/kept-lists.ts): the day of the card's last change or of a work order of its home, and
   * whether its home has an open work order. Sent by HomeSite's server; a plain backend's card has neither and is kept.
   */
  changedOn?: string;
  hasOpenWorkOrder?: boolean;
}

/** A phone part: its digits only (the mask's punctuation, and anything else typed, dropped). */
const Digits = (max: number) =>
  v.pipe(
    Text(max + 10),
    v.transform((value: string) => digitsOnly(value)),
  );

/** The sold date as 'YYYY-MM-DD' or as typed (MM/DD/YYYY); answers 'YYYY-MM-DD' or null when empty. */
const SoldDate = v.pipe(
  v.nullish(v.string(WARRANTY_MESSAGES.soldDateInvalid), ''),
  v.transform((value) => (value ?? '').trim()),
  v.check((value) => value === '' || parseUsDate(value) !== null || isRealDay(value.slice(0, 10)), WARRANTY_MESSAGES.soldDateInvalid),
  v.transform((value): string | null => (value === '' ? null : (parseUsDate(value) ?? value.slice(0, 10)))),
);

/**
 * What POST and PUT {api}/Warranty take: the card as the form edits it (other card fields may be sent
 * and are ignored; the plant data and the status are the server's). `homeAddressSameAsOwner` is the
 * form's toggle; when absent, it is read from the card as spec 3 §4 says the form starts.
 */
export const WarrantyCardInput = v.pipe(
  v.object({
    plantNumber: PlantNumber,
    serialNumber: RequiredText('Serial number is required.', 40, { allow: 'string' }),
    firstName: RequiredText(WARRANTY_MESSAGES.firstNameRequired, 40),
    lastName: RequiredText(WARRANTY_MESSAGES.lastNameRequired, 40),
    middleInitial: Text(1),
    suffix: Text(10),
    emailAddress: v.pipe(Text(100), v.check(isValidEmail, WARRANTY_MESSAGES.emailInvalid)),
    address1: RequiredText(WARRANTY_MESSAGES.address1Required, MAX_ADDRESS_LENGTH),
    address2: Text(40),
    city: RequiredText(WARRANTY_MESSAGES.cityRequired, 40),
    state: RequiredText(WARRANTY_MESSAGES.stateRequired, 2),
    zipCode: RequiredText(WARRANTY_MESSAGES.zipCodeRequired, 10),
    zip4: Text(4),
    areaCode: Digits(3),
    phoneNumber: Digits(10),
    cellAreaCode: Digits(3),
    cellPhoneNumber: Digits(10),
    soldDate: SoldDate,
    homeAddress1: Text(80),
    homeAddress2: Text(40),
    homeCity: Text(40),
    homeState: Text(2),
    homeZipCode: Text(10),
    homePhoneNumber: Digits(10),
    homeAddress: Text(200),
    homeAddressSameAsOwner: v.optional(v.boolean()),
    rowVersion: v.optional(RowVersion),
  }),
  // spec 3 §5: phones are stripped to digits and split 3 + 7; a number that cannot be split is refused.
  v.forward(
    v.check((card) => isValidPhone(card.areaCode + card.phoneNumber), WARRANTY_MESSAGES.phoneInvalid),
    ['phoneNumber'],
  ),
  v.forward(
    v.check((card) => isValidPhone(card.cellAreaCode + card.cellPhoneNumber), WARRANTY_MESSAGES.phoneInvalid),
    ['cellPhoneNumber'],
  ),
  v.forward(
    v.check((card) => isValidPhone(card.homePhoneNumber), WARRANTY_MESSAGES.phoneInvalid),
    ['homePhoneNumber'],
  ),
  v.transform((card) => prepareCardForSave(card)),
);
export type WarrantyCardInput = v.InferInput<typeof WarrantyCardInput>;
export type WarrantyCardSave = v.InferOutput<typeof WarrantyCardInput>;

interface SaveFields {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  areaCode: string;
  phoneNumber: string;
  cellAreaCode: string;
  cellPhoneNumber: string;
  homeAddress1: string;
  homeAddress2: string;
  homeCity: string;
  homeState: string;
  homeZipCode: string;
  homeAddress: string;
  homeAddressSameAsOwner?: boolean | undefined;
}

/**
 * The form's save step (spec 3 §4, §5), for a card that passed the schema's checks: the address is
 * normalized, the phones are split 3 + 7, and with 'same as owner' on the home address becomes the
 * owner's (the one line: address1, city, state and zip). With it off, a home address given in fields
 * is written as the one line too.
 */
export function prepareCardForSave<T extends SaveFields>(card: T): Omit<T, 'homeAddressSameAsOwner'> & { homeAddressSameAsOwner: boolean } {
  const address = normalizeCardAddress(card);
  const main = splitPhone(card.areaCode + card.phoneNumber);
  const cell = splitPhone(card.cellAreaCode + card.cellPhoneNumber);
  const same = card.homeAddressSameAsOwner ?? isHomeAddressSameAsOwner(address);
  const ownHome = [card.homeAddress1, card.homeCity, card.homeState, card.homeZipCode].some((field) => field.trim() !== '');
  const home = same
    ? {
        homeAddress1: address.address1,
        homeAddress2: '',
        homeCity: address.city,
        homeState: address.state,
        homeZipCode: address.zipCode,
        homeAddress: ownerAddressLine(address),
      }
    : {
        homeAddress: ownHome
          ? ownerAddressLine({
              address1: `${card.homeAddress1.trim()} ${card.homeAddress2.trim()}`.trim(),
              city: card.homeCity,
              state: card.homeState,
              zipCode: card.homeZipCode,
            })
          : address.homeAddress,
      };
  return {
    ...address,
    areaCode: main.areaCode,
    phoneNumber: main.phoneNumber,
    cellAreaCode: cell.areaCode,
    cellPhoneNumber: cell.phoneNumber,
    ...home,
    homeAddressSameAsOwner: same,
  };
}

/** The rules of the form that need today's date (spec 3 §5): only the sold date window. */
export function warrantyCardIssues(card: { soldDate: string | null }, today: string, storedSoldDate: string | null = null) {
  const issue = soldDateIssue(card.soldDate, today, storedSoldDate);
  return issue ? [{ field: 'soldDate', message: issue }] : [];
}

export const WarrantyLookupQuery = v.object({
  plantNumber: PlantNumber,
  serialNumber: RequiredText('Serial number is required.', 40, { allow: 'string' }),
});

/* ---- answer checks at the http boundary ---- */

const CardFields = {
  plantNumber: v.string(),
  serialNumber: v.string(),
  statusCode: v.string(),
  vantageAssetId: v.number(),
  vantageWarrantyId: v.number(),
  rowVersion: v.number(),
};
export const WarrantyCardAnswer = v.pipe(
  v.looseObject(CardFields),
  v.transform((card) => card as unknown as WarrantyCard),
);
export const HomeownerRow = WarrantyCardAnswer;
export const HomeownerListAnswer = v.array(HomeownerRow);

/** My Homeowners' sort columns (spec 3 §2; features/homeowners/list-rules.ts HOMEOWNER_SORT_COLUMNS). */
export const HOMEOWNER_SORT_NAMES = [
  'emailAddress',
  'firstName',
  'lastName',
  'manufacturedDate',
  'modelName',
  'npsDate',
  'serialNumber',
  'soldDate',
  'statusLabel',
] as const;
export type HomeownerSortName = (typeof HOMEOWNER_SORT_NAMES)[number];

/**
 * GET {api}/Warranty/Homeowners?page=n[&q=][&sort=][&status=] (issue 31 §3): My Homeowners searched on the server, with
 * the screen's filter: a status as shown (warrantyStatusLabel, in any case; 'incomplete only' is Incomplete).
 */
export const HomeownerSearchQueryFields = {
  ...searchQueryFields(HOMEOWNER_SORT_NAMES),
  status: v.optional(Text(60, { allow: 'string' })),
};
export type HomeownerSearchQuery = v.InferOutput<v.ObjectSchema<typeof HomeownerSearchQueryFields, undefined>>;
export const HomeownerSearchAnswer = searchPageAnswer(HomeownerRow);
