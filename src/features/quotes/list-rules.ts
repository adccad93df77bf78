import {
  QUOTE_AUTHORIZED_ROLES,
  QUOTE_EDIT_ROLES,
  QUOTE_LIST_DAYS_BACK,
  QUOTE_MESSAGES,
  addDaysToDay,
  formatQuoteNumber,
  noProductLinesMessage,
  type CmhUser,
  type Quote,
  type QuoteLockState,
  type QuoteValidation,
} from '../../contract';
import type { SortColumn, SortState } from '../../lib/list';
import { hasRole } from '../../lib/permissions';

/** spec 2 §2 Quotes list sort columns. */
export const QUOTE_SORT_COLUMNS: readonly SortColumn<Quote>[] = [
  { columnName: 'customer', displayName: 'Customer', filterable: true },
  { columnName: 'quoteNumber', displayName: 'Quote Number', filterable: true, value: (row) => Number(row.quoteNumber) },
  { columnName: 'plantName', displayName: 'Facility', filterable: true },
  { columnName: 'modelDesc', displayName: 'Model', filterable: true, value: (row) => `${row.modelNumber ?? ''} ${row.modelDesc}`.trim() },
  { columnName: 'originalQuoteNumber', displayName: 'Original Quote' },
  { columnName: 'mdm', displayName: 'CSM', filterable: true },
  { columnName: 'expirationDate', displayName: 'Quote Expiration' },
  { columnName: 'latestRevision', displayName: 'Latest Revision' },
];
export const DEFAULT_QUOTE_SORT: SortState = { columnName: 'quoteNumber', direction: 'desc' };

export interface QuoteFilters {
  /** Quote dates from and to, as YYYY-MM-DD (inclusive); '' for no bound. */
  from: string;
  to: string;
  /** A plant number, or '' for every facility. */
  facility: string;
  /** A CSM's name, or '' for every CSM. */
  csm: string;
}

/** spec 2 §9: the list opens on the quotes of the last 30 days (by quote date, up to `today`, the business day). */
export const defaultQuoteFilters = (today: string): QuoteFilters => ({
  from: addDaysToDay(today, -QUOTE_LIST_DAYS_BACK),
  to: today,
  facility: '',
  csm: '',
});

export function filterQuotes(rows: readonly Quote[], filters: QuoteFilters): readonly Quote[] {
  if (!filters.from && !filters.to && !filters.facility && !filters.csm) return rows;
  return rows.filter(
    (row) =>
      (!filters.from || row.quoteDate >= filters.from) &&
      (!filters.to || row.quoteDate <= filters.to) &&
      (!filters.facility || row.plantNumber === filters.facility) &&
      (!filters.csm || row.mdm === filters.csm),
  );
}

/** The facility and CSM choices the rows offer, sorted by name. */
export function filterChoices(rows: readonly Quote[]) {
  const facilities = new Map(rows.map((row) => [row.plantNumber, row.plantName]));
  return {
    facilities: [...facilities].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label })),
    csms: [...new Set(rows.map((row) => row.mdm).filter(Boolean))].sort(),
  };
}

export type QuoteAction = 'view' | 'compare' | 'duplicate' | 'delete' | 'unlock' | 'copyOlder';

type ActionUser = Pick<CmhUser, 'roles' | 'userName' | 'isPlantUser' | 'availablePlants'>;

/** spec 2 §2, §6: the actions of a row for this user. */
export function quoteActions(user: ActionUser, quote: Quote): QuoteAction[] {
  // Plant users see quote actions only for their own facilities.
  if (user.isPlantUser && !user.availablePlants.some((plant) => plant.plantNumber === quote.plantNumber)) return [];
  const actions: QuoteAction[] = ['view', 'compare'];
  const editor = hasRole(user, ...QUOTE_EDIT_ROLES);
  if (editor && quote.isMCHQuote) actions.push('duplicate');
  if (editor) actions.push('delete');
  if (editor && quote.isLocked && quote.lockedBy.toLowerCase() === user.userName.toLowerCase()) actions.push('unlock');
  // Copying an older-system quote needs MyCustomHomes itself, as order copying does (spec 1 §6 checks roles by name; see QUOTE_EDIT_ROLES).
  if (editor && !quote.isMCHQuote) actions.push('copyOlder');
  return actions;
}

export type ViewOutcome =
  | { kind: 'blocked'; header: string; message: string }
  /** Authorized users with invalid sub-options: told, then taken on. */
  | { kind: 'redirect'; header: string; message: string; href: string }
  | { kind: 'open'; href: string };

/** The report a quote is viewed as: its Quote Detail (order number '0'). */
export const quoteReport = (quote: Pick<Quote, 'plantNumber' | 'quoteNumber'>) => ({
  plantNumber: quote.plantNumber,
  quoteNumber: quote.quoteNumber,
  orderNumber: '0',
});

export const quoteDetailHref = (quote: Pick<Quote, 'plantNumber' | 'quoteNumber'>) =>
  `/reports/sales/quote/${quote.plantNumber}/${quote.quoteNumber}/0`;

/** Neither known nor needed without the server: a kept Quote Detail is read, not edited, so no lock is taken. */
export const LOCK_UNKNOWN: QuoteLockState = { isLocked: false, lockedBy: '' };

/**
 * The viewing flow while the server cannot be reached (issue 19): what the row itself tells (no product line, no
 * model) still blocks; the lock and the sub-options cannot be asked, so the quote opens as its kept Quote Detail, or
 * the detail says it is not on this device.
 */
export const offlineViewOutcome = (user: Pick<CmhUser, 'roles'>, quote: Quote, retailerName: string): ViewOutcome =>
  viewOutcome(user, quote, LOCK_UNKNOWN, undefined, retailerName);

/**
 * spec 2 §4 Quote viewing flow: a quote locked by someone else cannot be opened; without a product line or a model it
 * cannot be viewed (their selection pages belong to Build A Quote); otherwise its sub-options decide. Configuration
 * belongs to Build A Quote, so "the summary" here is the Quote Detail report.
 */
export function viewOutcome(
  user: Pick<CmhUser, 'roles'>,
  quote: Quote,
  lock: QuoteLockState,
  validation: QuoteValidation | undefined,
  retailerName: string,
): ViewOutcome {
  const authorized = hasRole(user, ...QUOTE_AUTHORIZED_ROLES);
  if (lock.isLocked) return { kind: 'blocked', header: 'Quote Locked', message: QUOTE_MESSAGES.locked };
  if (quote.productLineId === null)
    return { kind: 'blocked', header: 'View Quote', message: noProductLinesMessage(retailerName, QUOTE_MESSAGES.cannotViewSuffix) };
  if (!quote.modelNumber) {
    return authorized
      ? { kind: 'blocked', header: 'View Quote', message: QUOTE_MESSAGES.noModelSelected(quote.quoteNumber) }
      : { kind: 'blocked', header: 'View Quote', message: QUOTE_MESSAGES.incompleteUnauthorized(quote.quoteNumber) };
  }
  if (validation && !validation.SubOptionsValid) {
    return authorized
      ? {
          kind: 'redirect',
          header: 'View Quote',
          message: `${QUOTE_MESSAGES.invalidSubOptions(quote.quoteNumber)} ${QUOTE_MESSAGES.redirectToSetup}`,
          href: quoteDetailHref(quote),
        }
      : {
          kind: 'blocked',
          header: 'View Quote',
          message: `${QUOTE_MESSAGES.invalidSubOptions(quote.quoteNumber)} ${QUOTE_MESSAGES.insufficientPermissions}`,
        };
  }
  return { kind: 'open', href: quoteDetailHref(quote) };
}

/** spec 2 §2 Compare: the options of two revisions side by side, with what differs marked. */
export interface ComparedOption {
  category: string;
  optionNumber: string;
  description: string;
  left: { quantity: number; price: number } | undefined;
  right: { quantity: number; price: number } | undefined;
  differs: boolean;
}

export function compareRevisions(
  left: readonly { CategoryDesc: string; OptionNumber: string; OptionDescription: string; Quantity: number; Price: number }[],
  right: typeof left,
): ComparedOption[] {
  const rows = new Map<string, ComparedOption>();
  const key = (option: (typeof left)[number]) => `${option.CategoryDesc}\u0000${option.OptionNumber}`;
  for (const option of left)
    rows.set(key(option), {
      category: option.CategoryDesc,
      optionNumber: option.OptionNumber,
      description: option.OptionDescription,
      left: { quantity: option.Quantity, price: option.Price },
      right: undefined,
      differs: true,
    });
  for (const option of right) {
    const row = rows.get(key(option));
    const value = { quantity: option.Quantity, price: option.Price };
    if (row) row.right = value;
    else
      rows.set(key(option), {
        category: option.CategoryDesc,
        optionNumber: option.OptionNumber,
        description: option.OptionDescription,
        left: undefined,
        right: value,
        differs: true,
      });
  }
  for (const row of rows.values())
    row.differs = !row.left || !row.right || row.left.quantity !== row.right.quantity || row.left.price !== row.right.price;
  return [...rows.values()].sort((a, b) => a.category.localeCompare(b.category) || a.optionNumber.localeCompare(b.optionNumber));
}

export const quoteSearchText = (row: Quote) =>
  `${row.customer} ${formatQuoteNumber(row.quoteNumber)} ${row.plantName} ${row.modelNumber ?? ''} ${row.modelDesc} ${row.mdm} ${row.originalQuoteNumber}`;
