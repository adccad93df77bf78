import { partDescription, type CatalogPart, type ChangeHistoryItem } from '../../contract';
import type { DataListColumn } from '../../ui/data-list';

/*
 * The two lists of change management (spec 3 §2): their columns, in the spec's order, and what each sorts by.
 * Dates are Date values, so the list shows them MM/DD/YYYY and sorts them as dates.
 */

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);

/** spec 3 §2 pending list: Category, Commodity, Create Date, Part, Plant. */
export const PENDING_COLUMNS: readonly DataListColumn<CatalogPart>[] = [
  { columnName: 'categoryDescription', displayName: 'Category', filterable: true },
  { columnName: 'commodityDescription', displayName: 'Commodity', filterable: true },
  { columnName: 'createDate', displayName: 'Create Date', value: (part) => dateOf(part.createDate), width: '9rem' },
  {
    columnName: 'part',
    displayName: 'Part',
    filterable: true,
    value: (part) => `${part.combinedPartNumber} ${partDescription(part)}`,
    width: 'minmax(0, 2fr)',
  },
  { columnName: 'plantNumber', displayName: 'Plant', filterable: true, width: '6rem' },
];

/** spec 3 §2 history list: Plant, Requested On, Reviewed On, Status (the part is searched too). */
export const HISTORY_COLUMNS: readonly DataListColumn<ChangeHistoryItem>[] = [
  { columnName: 'requestedByPlant', displayName: 'Plant', filterable: true, width: '6rem' },
  { columnName: 'requestDate', displayName: 'Requested On', value: (item) => dateOf(item.requestDate) },
  { columnName: 'reviewDate', displayName: 'Reviewed On', value: (item) => dateOf(item.reviewDate) },
  { columnName: 'status', displayName: 'Status', filterable: true },
];

export const historySearchText = (item: ChangeHistoryItem) =>
  [
    item.requestedByPlant,
    item.status,
    item.combinedPartNumber,
    item.partDescription,
    item.requestedByUser,
    item.reviewedBy,
    item.comment,
  ].join(' ');
