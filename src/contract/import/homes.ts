import * as v from 'valibot';
import {
  dateCell,
  digitsCell,
  emailCell,
  importColumns,
  INTEGER_MAX,
  integerCell,
  optional,
  phoneCell,
  required,
  SMALLINT_MAX,
  stateCell,
  textCell,
  zipCodeCell,
} from './cells';

/*
 * Import kind `homes`: homes by serial number, with their homeowner and warranty card (spec 3 §3 Warranty card).
 * The home's own columns are always written. The homeowner and warranty columns (the owner…, warranty… and card
 * columns below) are written only by a row that has a warrantyStatus: a row without one leaves the homeowner and the
 * card the home has as they are (a homeowner entered on a device is not wiped by a file that carries none).
 */

export const WARRANTY_ACTIVE_OR_HISTORICAL_MESSAGE = 'Required for an Active (A) or Historical (H) warranty card.';
export const WARRANTY_STATUS_NEEDED_MESSAGE = 'Required when the row has homeowner or warranty data.';

const homeColumns = {
  /** e.g. CLW012345TNAB; compared in capitals. */
  serialNumber: required(
    v.pipe(
      textCell(40, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] }),
      v.transform((serial) => serial.toUpperCase()),
    ),
  ),
  plantNumber: required(digitsCell(6)),
  retailerNumber: required(digitsCell(10)),
  modelNumber: required(textCell(20)),
  modelName: required(textCell(60)),
  sections: required(integerCell(1, SMALLINT_MAX)),
  squareFootage: required(integerCell(0, INTEGER_MAX)),
  bedrooms: required(integerCell(0, SMALLINT_MAX)),
  bathrooms: required(integerCell(0, SMALLINT_MAX)),
  manufacturedDate: required(dateCell),
  soldDate: optional(dateCell),
  /** Where the home stands. */
  address1: optional(textCell(80)),
  city: optional(textCell(40)),
  state: optional(stateCell),
  zipCode: optional(zipCodeCell),
  homePhone: optional(phoneCell),

  /** I Incomplete, A Active, H Historical, another letter Archived (spec 3 §3). Empty: the row carries no homeowner. */
  warrantyStatus: optional(
    v.pipe(
      textCell(1, { pattern: [/^[A-Za-z]$/, 'Must be one letter: I, A, H, or another for Archived.'] }),
      v.transform((status) => status.toUpperCase()),
    ),
  ),
  ownerFirstName: optional(textCell(40)),
  ownerLastName: optional(textCell(40)),
  ownerMiddleInitial: optional(textCell(1)),
  ownerSuffix: optional(textCell(10)),
  ownerEmail: optional(emailCell(100)),
  ownerPhone: optional(phoneCell),
  ownerCellPhone: optional(phoneCell),
  /** The owner's mailing address, when it is not the home's. */
  ownerAddress1: optional(textCell(40)),
  ownerAddress2: optional(textCell(40)),
  ownerCity: optional(textCell(40)),
  ownerState: optional(stateCell),
  ownerZipCode: optional(zipCodeCell),
  ownerZip4: optional(textCell(4, { pattern: [/^\d{4}$/, 'Must be 4 digits.'] })),
  /** When the Net Promoter Score call is due. */
  npsDate: optional(dateCell),
  thermalZone: optional(textCell(10)),
  windZone: optional(textCell(10)),
  roofLoad: optional(textCell(20)),
  orderNumber: optional(textCell(20)),
  purchaseOrderNumber: optional(textCell(20)),
  quoteNumber: optional(textCell(20)),
  vantageAccountId: optional(textCell(40)),
};

/** The columns that belong to the homeowner and the warranty card: a row fills them only with a warrantyStatus. */
export const HOMEOWNER_COLUMNS = [
  'ownerFirstName',
  'ownerLastName',
  'ownerMiddleInitial',
  'ownerSuffix',
  'ownerEmail',
  'ownerPhone',
  'ownerCellPhone',
  'ownerAddress1',
  'ownerAddress2',
  'ownerCity',
  'ownerState',
  'ownerZipCode',
  'ownerZip4',
  'npsDate',
  'thermalZone',
  'windZone',
  'roofLoad',
  'orderNumber',
  'purchaseOrderNumber',
  'quoteNumber',
  'vantageAccountId',
] as const satisfies readonly (keyof typeof homeColumns)[];

/** What an Active or Historical card must have: what saving the warranty form needs (spec 3 §5). */
const COMPLETE_CARD_COLUMNS = ['ownerFirstName', 'ownerLastName', 'soldDate', 'address1', 'city', 'state', 'zipCode'] as const;

type HomeRowOutput = v.InferOutput<v.ObjectSchema<typeof homeColumns, undefined>>;

export const HomeImportRow = v.pipe(
  v.object(homeColumns),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const home: HomeRowOutput = dataset.value;
    const issueAt = (key: string, message: string) =>
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: home[key as keyof HomeRowOutput] }],
      });
    if (home.warrantyStatus === undefined) {
      const filled = HOMEOWNER_COLUMNS.find((column) => home[column] !== undefined);
      if (filled) issueAt('warrantyStatus', `${WARRANTY_STATUS_NEEDED_MESSAGE} (${filled} is filled)`);
      return;
    }
    if (home.warrantyStatus === 'A' || home.warrantyStatus === 'H') {
      for (const column of COMPLETE_CARD_COLUMNS) if (home[column] === undefined) issueAt(column, WARRANTY_ACTIVE_OR_HISTORICAL_MESSAGE);
    }
  }),
);
export type HomeImportRow = v.InferOutput<typeof HomeImportRow>;
export const HOME_IMPORT_COLUMNS = importColumns(homeColumns);
