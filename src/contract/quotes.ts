import * as v from 'valibot';
import { formatQuoteNumber as baqNumber } from './quote-number';

/*
 * Quotes (Build A Quote, BAQ; spec 2 §2 Quotes list, §3 Quote, §4, §5, §8, §9). Decided here where the spec leaves it open:
 * - The list is GET {api}/Quote: the retailer's (or a plant user's facilities') active quotes; deleted ones are never sent.
 *   Delta sync as every kept list (contract/sync.ts); rows are named by `quoteId`.
 * - The lock: opening a quote (check-locked-quote) locks it to the opener unless another user holds a live lock;
 *   a lock expires QUOTE_LOCK_MINUTES after it was last taken, so a tablet that went offline with a quote open does
 *   not block it for good. Only the locking user unlocks (set-lock-status …/false/{userId}); an expired lock is free.
 * - The quote configuration pages belong to another application: view and duplicate land on the Quote Detail report.
 */

/** spec 2 §4: quoteStatusesID. */
export const QUOTE_APPROVAL = { notSubmitted: 0, pending: 1, declined: 2, approved: 3 } as const;
export const QUOTE_APPROVAL_LABELS: Record<number, string> = {
  0: 'Not Submitted',
  1: 'Pending Approval',
  2: 'Declined',
  3: 'Approved',
};
/** spec 2 §2: approval colours. */
export const QUOTE_APPROVAL_TONES: Record<number, 'red' | 'amber' | 'green' | undefined> = { 1: 'amber', 2: 'red', 3: 'green' };
export const QUOTE_ACTIVE = 'Active';
export const QUOTE_DELETED = 'Deleted';
/** spec 2 §9: quote list default date filter. */
export const QUOTE_LIST_DAYS_BACK = 30;
/** This product's rule (the spec shows none): a lock lasts a working day unless its user unlocks it sooner. */
export const QUOTE_LOCK_MINUTES = 8 * 60;
/** spec 2 §9: the older-system quote id is the characters after the first 4 of mchQuoteId. */
export const OLDER_QUOTE_ID_OFFSET = 4;
/** spec 2 §9: the duplicate-success toast's timings. */
export const DUPLICATE_TOAST = { timeOut: 20_000, showDuration: 10_000, hideDuration: 100 } as const;

/** spec 2 §3 Quote, as the list row and every quote answer carry it; `quoteId` names the row. */
export const Quote = v.object({
  quoteId: v.number(),
  customer: v.string(),
  retailerNumber: v.string(),
  quoteNumber: v.string(),
  plantNumber: v.string(),
  plantName: v.string(),
  productLineId: v.nullable(v.number()),
  modelNumber: v.nullable(v.string()),
  modelDesc: v.string(),
  status: v.string(),
  mdm: v.string(),
  expirationDate: v.string(),
  quoteDate: v.string(),
  revisionDate: v.string(),
  /** Number of the latest revision (the Latest Revision column). */
  latestRevision: v.number(),
  ismchQuote: v.boolean(),
  isMCHQuote: v.boolean(),
  ismchModelActive: v.boolean(),
  mchQuoteUserId: v.nullable(v.number()),
  mchQuoteId: v.string(),
  isLocked: v.boolean(),
  lockedBy: v.string(),
  quoteStatusesID: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)),
  approvalStatusDescription: v.string(),
  createdBy: v.string(),
  /** The quote number this one was duplicated or copied from ('Original Quote' column), '' when none. */
  originalQuoteNumber: v.string(),
});
export type Quote = v.InferOutput<typeof Quote>;

/** spec 2 §3 Quote revision. */
export const QuoteRevision = v.object({
  QuoteId: v.number(),
  RevisionNumber: v.number(),
  RevisionComments: v.string(),
  /** The revision's options, for Compare. Price is 0 unless the user is a price viewer (as in the detail reports). */
  Options: v.array(
    v.object({
      CategoryDesc: v.string(),
      OptionNumber: v.string(),
      OptionDescription: v.string(),
      Quantity: v.number(),
      Price: v.number(),
    }),
  ),
});
export type QuoteRevision = v.InferOutput<typeof QuoteRevision>;

/** spec 2 §3 Unavailable option. */
export const UnavailableOption = v.object({
  QuoteId: v.number(),
  OptionId: v.number(),
  OptionNumber: v.string(),
  OptionDescription: v.string(),
});
export type UnavailableOption = v.InferOutput<typeof UnavailableOption>;

/** spec 2 §3 Quote validation result (validatesuboptions, copyiseriesquote). */
export const QuoteValidation = v.object({
  ModelActive: v.boolean(),
  NewQuote: v.nullable(v.object({ QuoteId: v.number(), QuoteNumber: v.string() })),
  UnAvailableOptions: v.array(UnavailableOption),
  SubOptionsValid: v.boolean(),
  CategoryId: v.nullable(v.number()),
});
export type QuoteValidation = v.InferOutput<typeof QuoteValidation>;

/** GET {mchQuoteApi}/{quoteNumber}/{userId}/copy: the duplicate just made (spec 2 §7). */
export const QuoteCopy = v.object({
  RetailerNumber: v.string(),
  QuoteId: v.number(),
  QuoteNumber: v.string(),
  ProductLIneId: v.nullable(v.number()),
  PlantName: v.string(),
  ModelNumber: v.nullable(v.string()),
  ModelDesc: v.string(),
  InactiveStatus: v.boolean(),
  ExpirationDate: v.string(),
  DateCreated: v.string(),
  LastModifiedDate: v.string(),
});
export type QuoteCopy = v.InferOutput<typeof QuoteCopy>;

/** GET {quote-api}/check-locked-quote/{quoteId}/{userId}: whether someone else has the quote open. */
export const QuoteLockState = v.object({ isLocked: v.boolean(), lockedBy: v.string() });
export type QuoteLockState = v.InferOutput<typeof QuoteLockState>;

/** spec 2 §8 (verbatim; {n} is the quote number without prefix, {retailer}, {plant} names). */
export const QUOTE_MESSAGES = {
  noViewPermission: 'You do not have sufficient permissions to access this page.',
  noDeletePermission: 'You do not have sufficient permissions to delete this quote.',
  locked: 'This quote is currently being viewed by another user at this time.',
  alreadyDeleted: (n: string) => `Quote ${baqNumber(n)} has already been deleted.`,
  noProductLines: (retailer: string) => `There are no product lines associated with ${retailer}`,
  newQuoteSuffix: 'To create a new quote, select a different retailer.',
  cannotViewSuffix: 'Quote can not be viewed.',
  cannotDuplicateSuffix: 'This quote can not be duplicated.',
  incompleteUnauthorized: (n: string) => `Quote ${baqNumber(n)} is incomplete. You do not have sufficient permissions to access this page.`,
  invalidSubOptions: (n: string) => `Quote ${baqNumber(n)} is incomplete and has invalid sub-options selected.`,
  redirectToSetup: 'You will be redirected to complete setup.',
  insufficientPermissions: 'You do not have sufficient permissions',
  duplicateNoProductLine: 'Cannot duplicate BAQ quote because no product line was selected.',
  duplicateNoModel: 'Cannot duplicate BAQ quote because no model was selected.',
  /** This product's (the model selection page belongs to Build A Quote). */
  noModelSelected: (n: string) => `Quote ${baqNumber(n)} is incomplete: no model was selected. Choose its model in Build A Quote.`,
  modelNotAvailable: (plant: string) => `This model is not available at ${plant}.`,
  duplicateIncomplete: (n: string) => `Quote ${baqNumber(n)} is incomplete and cannot be duplicated.`,
  compareNeedsTwo: 'Quote must have 2 or more versions to compare.',
  markedInactive: 'BAQ Quote has been marked as inactive',
  unlocked: (n: string) => `BAQ Quote ${n} is now unlocked.`,
  duplicated: (oldNumber: string, newNumber: string) =>
    `Quote ${baqNumber(oldNumber)} was duplicated. A new quote ${baqNumber(newNumber)} was created.`,
  notSubmittedOnly: 'Only a quote that has not been submitted for approval can be duplicated.',
  notLockedByYou: 'Only the user who locked this quote can unlock it.',
  notFound: 'Quote was not found.',
  copyPricingConfirm:
    "Pricing will be reset to today's pricing. Custom options and options no longer available will not be copied. Do you want to continue?",
} as const;

/** spec 2 §9: an older-system quote's id in Build A Quote. */
export function olderSystemQuoteId(mchQuoteId: string): string {
  return mchQuoteId.slice(OLDER_QUOTE_ID_OFFSET);
}

/**
 * spec 2 §2, §6: the roles of the quote editing actions (duplicate, delete, unlock) and of copying an order or an
 * older-system quote into Build A Quote: "hidden without MyCustomHomes. Order copying likewise." Copying also creates
 * a quote, which spec 2 §5 allows MyCustomHomes, MyCustomHomes_ApproverOverride or MyCustomHomes_Admin; both rules
 * hold only for MyCustomHomes, because spec 1 §6 checks roles by name and none of its derived rules gives MyCustomHomes
 * from another role (MyCustomHomes_Admin gives the Options Admin link and the MCH flag, nothing more). So the two
 * variants do not copy.
 */
export const QUOTE_EDIT_ROLES = ['MyCustomHomes'] as const;
/** spec 2 §6: a quote's authorized set (view an incomplete quote, be sent to complete setup). */
export const QUOTE_AUTHORIZED_ROLES = [
  'MyCustomHomes',
  'MyCustomHomes_Quote_Approver',
  'MyCustomHomes_Admin',
  'MyCustomHomes_OverrideApprover',
] as const;

/** spec 2 §8: the retailer has no product lines, with the suffix of what cannot be done (QUOTE_MESSAGES.*Suffix). */
export const noProductLinesMessage = (retailer: string, suffix: string) => `${QUOTE_MESSAGES.noProductLines(retailer)}. ${suffix}`;

/** spec 2 §5 Duplicating: why a quote cannot be duplicated, or undefined when it can. */
export function duplicateRefusal(
  quote: Pick<Quote, 'productLineId' | 'modelNumber' | 'quoteStatusesID' | 'ismchModelActive' | 'plantName' | 'quoteNumber'>,
  subOptionsValid: boolean,
): string | undefined {
  if (quote.productLineId === null) return QUOTE_MESSAGES.duplicateNoProductLine;
  if (!quote.modelNumber) return QUOTE_MESSAGES.duplicateNoModel;
  if (!quote.ismchModelActive) return QUOTE_MESSAGES.modelNotAvailable(quote.plantName);
  if (!subOptionsValid) return QUOTE_MESSAGES.duplicateIncomplete(quote.quoteNumber);
  if (quote.quoteStatusesID !== QUOTE_APPROVAL.notSubmitted) return QUOTE_MESSAGES.notSubmittedOnly;
  return undefined;
}
