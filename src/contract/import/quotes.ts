import * as v from 'valibot';
import { EMAIL_MAX_LENGTH } from '../admin-users';
import { QUOTE_ACTIVE, QUOTE_APPROVAL_LABELS, QUOTE_DELETED } from '../quotes';
import {
  booleanCell,
  choiceCell,
  dateCell,
  decimalCell,
  digitsCell,
  emailCell,
  importColumns,
  INTEGER_MAX,
  integerCell,
  optional,
  required,
  textCell,
  type Cell,
} from './cells';

/*
 * Import kind `quotes`: Build A Quote quotes by quote number (spec 2 §3 Quote), with their revisions and each
 * revision's options (spec 2 §3 Quote revision, Category, Option), which the Quote Detail report and Compare show.
 */

/** The largest amount of a numeric(12, 2) column. */
export const AMOUNT_MAX = 9_999_999_999.99;
/** An amount of money: at most 2 decimals, 0 or more. */
export const amountCell = decimalCell(0, AMOUNT_MAX, 2);

/**
 * A structured value: JSON text in a CSV cell, the value itself (or the same text) in JSON Lines; then checked by
 * `schema`, whose refusals name their place inside it (`revisions[0].options[2].price`).
 */
export const jsonCell = <T>(schema: Cell<T>): Cell<T> =>
  v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (typeof dataset.value !== 'string') return dataset.value;
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch (error) {
        addIssue({ message: `Must be JSON: ${error instanceof Error ? error.message : String(error)}` });
        return NEVER;
      }
    }),
    schema,
  );

/**
 * A JSON object inside a cell whose fields are cells (required, optional…): a field it leaves out is absent, as a
 * column a row leaves out is, and a field it does not know is refused by name (a misspelt `qty` is not dropped).
 */
export function fieldsObject<const E extends Record<string, Cell<unknown>>>(entries: E, what: string) {
  const names = Object.keys(entries);
  const message = `Must be an object (${what}).`;
  return v.pipe(
    v.unknown(),
    v.check((value) => !Array.isArray(value), message),
    v.record(v.string(), v.unknown(), message),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const key of Object.keys(dataset.value)) {
        if (!names.includes(key)) {
          addIssue({
            message: `Not a field of ${what}: the fields are ${names.join(', ')}.`,
            path: [{ type: 'object', origin: 'key', input: dataset.value, key, value: dataset.value[key] }],
          });
        }
      }
    }),
    v.transform((value) => ({ ...Object.fromEntries(names.map((name) => [name, undefined])), ...value })),
    v.object(entries),
  );
}

export const QUOTE_STATUSES = [QUOTE_ACTIVE, QUOTE_DELETED] as const;
/** The approval statuses by their labels (spec 2 §4 quoteStatusesID 0–3): Not Submitted, Pending Approval, Declined, Approved. */
export const QUOTE_APPROVAL_STATUSES = Object.values(QUOTE_APPROVAL_LABELS);
export const quoteApprovalId = (label: string) => Number(Object.entries(QUOTE_APPROVAL_LABELS).find(([, text]) => text === label)![0]);

/** The prefix of an older-system quote's mchQuoteId, before its id there (spec 2 §9: the id is what follows the first 4 characters). */
export const OLDER_SYSTEM_QUOTE_PREFIX = 'ISER';

/** Far beyond any real quote; they keep a row's size, and its categories' places (smallint), bounded. */
export const QUOTE_REVISIONS_MAX = 100;
export const QUOTE_OPTIONS_MAX = 1_000;

const optionFields = {
  /** The option category's id in Build A Quote, e.g. 20; options of one category are shown together. */
  categoryId: required(integerCell(1, INTEGER_MAX)),
  /** The category's name, e.g. Kitchen; the same for every option of the category in a revision. */
  category: required(textCell(60)),
  optionNumber: required(textCell(20)),
  description: required(textCell(120)),
  quantity: optional(integerCell(1, INTEGER_MAX), 1),
  /** The price of one; may be negative for a credit (a standard item left out). */
  price: optional(decimalCell(-AMOUNT_MAX, AMOUNT_MAX, 2), 0),
  /** False when the option is no longer offered at the quote's plant (spec 2 §3 Unavailable option). */
  available: optional(booleanCell, true),
  /** A custom option, which a copy into a new quote leaves out (spec 2 §8). */
  custom: optional(booleanCell, false),
};

const revisionFields = {
  /** The revision's number; by default its place in the list (1, 2, …). */
  revisionNumber: optional(integerCell(1, INTEGER_MAX)),
  comments: optional(textCell(500, { multiline: true }), ''),
  options: optional(
    v.pipe(
      v.array(fieldsObject(optionFields, 'an option'), 'Must be a list of options.'),
      v.maxLength(QUOTE_OPTIONS_MAX, `Can have at most ${QUOTE_OPTIONS_MAX} options.`),
    ),
    [],
  ),
};

type RevisionInput = v.InferOutput<v.ObjectSchema<typeof revisionFields, undefined>>;

/** A revision as it is written: its number, comments and options, each option with its category's place (1, 2, …). */
export interface QuoteRevisionImport {
  revisionNumber: number;
  comments: string;
  options: {
    categoryId: number;
    categoryDesc: string;
    categorySeq: number;
    optionNumber: string;
    optionDesc: string;
    optionQty: number;
    optionPrice: number;
    available: boolean;
    custom: boolean;
  }[];
}

/** An issue's place inside the revisions, e.g. at(0, 'options', 2, 'price'): what fieldOfIssue reads (keys only). */
const at = (first: number, ...keys: (string | number)[]): [v.IssuePathItem, ...v.IssuePathItem[]] => {
  const item = (key: string | number): v.IssuePathItem =>
    typeof key === 'number'
      ? { type: 'array', origin: 'value', input: [], key, value: undefined }
      : { type: 'object', origin: 'value', input: {}, key, value: undefined };
  return [item(first), ...keys.map(item)];
};

/**
 * The revisions, oldest first: at least one; numbers unique; in each revision an option once per category, and a
 * category with one name. Categories are shown in the order they first appear in the revision.
 */
const revisionsCell = jsonCell(
  v.pipe(
    v.array(fieldsObject(revisionFields, 'a revision'), 'Must be a list of revisions.'),
    v.minLength(1, 'A quote needs at least one revision.'),
    v.maxLength(QUOTE_REVISIONS_MAX, `Can have at most ${QUOTE_REVISIONS_MAX} revisions.`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const numbers = new Map<number, number>();
      dataset.value.forEach((revision: RevisionInput, index) => {
        const number = revision.revisionNumber ?? index + 1;
        const first = numbers.get(number);
        if (first !== undefined)
          addIssue({ message: `Revision ${number} is also revision [${first}].`, path: at(index, 'revisionNumber') });
        else numbers.set(number, index);
        const categories = new Map<number, { name: string; index: number }>();
        const options = new Map<string, number>();
        revision.options.forEach((option, optionIndex) => {
          const category = categories.get(option.categoryId);
          if (!category) categories.set(option.categoryId, { name: option.category, index: optionIndex });
          else if (category.name !== option.category) {
            addIssue({
              message: `Category ${option.categoryId} is "${category.name}" in options[${category.index}].`,
              path: at(index, 'options', optionIndex, 'category'),
            });
          }
          const key = `${option.categoryId}/${option.optionNumber}`;
          const twice = options.get(key);
          if (twice !== undefined) {
            addIssue({
              message: `Option ${option.optionNumber} of category ${option.categoryId} is also options[${twice}].`,
              path: at(index, 'options', optionIndex, 'optionNumber'),
            });
          } else options.set(key, optionIndex);
        });
      });
    }),
    v.transform((revisions): QuoteRevisionImport[] =>
      revisions.map((revision: RevisionInput, index) => {
        const order = [...new Set(revision.options.map((option) => option.categoryId))];
        return {
          revisionNumber: revision.revisionNumber ?? index + 1,
          comments: revision.comments,
          options: revision.options.map((option) => ({
            categoryId: option.categoryId,
            categoryDesc: option.category,
            categorySeq: order.indexOf(option.categoryId) + 1,
            optionNumber: option.optionNumber,
            optionDesc: option.description,
            optionQty: option.quantity,
            optionPrice: option.price,
            available: option.available,
            custom: option.custom,
          })),
        };
      }),
    ),
  ),
);

const quoteColumns = {
  /** Digits, shown as BAQ-<number>; below QUOTE_NUMBER_START, from which HomeSite numbers the quotes it makes. */
  quoteNumber: required(digitsCell(12)),
  retailerNumber: required(digitsCell(10)),
  plantNumber: required(digitsCell(6)),
  customer: required(textCell(100)),
  /** The Build A Quote product line; a quote without one cannot be viewed (spec 2 §4). */
  productLineId: optional(integerCell(1, INTEGER_MAX)),
  /** Empty while the customer has not chosen a model: the quote is incomplete (spec 2 §4). */
  modelNumber: optional(textCell(20)),
  modelDesc: optional(textCell(100), ''),
  status: optional(choiceCell(QUOTE_STATUSES), QUOTE_ACTIVE),
  approvalStatus: optional(choiceCell(QUOTE_APPROVAL_STATUSES), QUOTE_APPROVAL_LABELS[0]!),
  /** The customer sales manager (CSM column). */
  csm: optional(textCell(60), ''),
  quoteDate: required(dateCell),
  expirationDate: required(dateCell),
  /** The day of the latest revision; the quote date when empty. */
  revisionDate: optional(dateCell),
  /** A quote of the older system (not Build A Quote): its id there. Empty: a Build A Quote quote. */
  olderSystemQuoteId: optional(textCell(20, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] })),
  /** False when the model is no longer built at the plant (spec 2 §5). */
  modelActive: optional(booleanCell, true),
  /** False when sub-options need choosing again (spec 2 §4). */
  subOptionsValid: optional(booleanCell, true),
  /** The user who made the quote (a user name); must be a user. */
  createdBy: optional(emailCell(EMAIL_MAX_LENGTH)),
  baseCostOfHome: optional(amountCell, 0),
  surchargeAmount: optional(amountCell, 0),
  shippingHandlingDestCharges: optional(amountCell, 0),
  freightCharge: optional(amountCell, 0),
  associationDues: optional(amountCell, 0),
  mhiDues: optional(amountCell, 0),
  vipAmount: optional(amountCell, 0),
  partnerAssistanceAmount: optional(amountCell, 0),
  squareFootage: optional(integerCell(0, INTEGER_MAX), 0),
  /** The brand whose logo the detail report shows, e.g. C. */
  brandCode: optional(
    v.pipe(
      textCell(10, { pattern: [/^[A-Za-z0-9]*$/, 'Must be letters or digits.'] }),
      v.transform((code) => code.toUpperCase()),
    ),
    '',
  ),
  revisions: required(revisionsCell),
};

export const QuoteImportRow = v.pipe(
  v.object(quoteColumns),
  v.forward(
    v.check((quote) => quote.expirationDate >= quote.quoteDate, 'Must be on or after the quote date.'),
    ['expirationDate'],
  ),
  v.forward(
    v.check((quote) => quote.revisionDate === undefined || quote.revisionDate >= quote.quoteDate, 'Must be on or after the quote date.'),
    ['revisionDate'],
  ),
);
export type QuoteImportRow = v.InferOutput<typeof QuoteImportRow>;
export const QUOTE_IMPORT_COLUMNS = importColumns(quoteColumns);
