import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { INCOMPLETE_WARRANTY_STATUS, warrantyStatusLabel, type CmhUser, type WarrantyCard } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { describeAge } from '../../../offline/age';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { useServerSearch } from '../../../offline/use-list-search';
import { CheckboxToggle } from '../../../ui/checkbox-toggle';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { SortControls } from '../../../ui/sort-controls';
import { DropdownMenu, type MenuEntry } from '../../../ui/dropdown-menu';
import { NotOnDeviceMark } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import {
  DEFAULT_HOMEOWNER_SORT,
  HOMEOWNER_SORT_COLUMNS,
  cardDateText,
  filterIncomplete,
  homeownerActions,
  isMadeOnDevice,
  newServiceRequestHref,
  serviceHistoryHref,
  rowSearchText,
  warrantyPanelHref,
  type ActionSubject,
} from '../list-rules';
import { homeownerSearch } from '../api/search-homeowners';
import { HOMEOWNER_TEXT, keptCountText, savedCopyText } from '../messages';
import { homeKey, type HomeownerRow, type WarrantyCardView } from '../model';
import { toHomeownerRow } from '../pending/apply-pending';
import { KeptListProgress } from '../../../ui/kept-list-progress';
import { useHomeownerListView, useRefreshOnDelivery } from '../use-homeowner-view';
import { FailuresBanner, PendingBadge } from '../../../ui/pending-marks';
import { outboxActions } from '../../../offline/runtime';
import { viewScope } from '../../../entities/view-scope';
import '../homeowners.css';

export const ACTION_LABELS = {
  warranty: 'Warranty',
  serviceRequest: 'New Service Request',
  partsOrder: 'New Parts Order',
  serviceHistory: 'Service History',
} as const;

/** The accessible names of a row's split button (the e2e tests find them by these). */
export const splitButtonNames = (card: Pick<WarrantyCardView, 'serialNumber'>) => ({
  main: `Warranty for ${card.serialNumber}`,
  menu: `More actions for ${card.serialNumber}`,
});

/** spec 3 §2: the split button of a row — Warranty, and the rest of its actions in a menu. */
function RowActions({
  row,
  user,
  onNewPartsOrder,
}: {
  row: HomeownerRow;
  user: ActionSubject;
  onNewPartsOrder?: (card: WarrantyCardView) => void;
}) {
  const actions = homeownerActions(user, row, { partsOrders: onNewPartsOrder !== undefined });
  if (actions.length === 0) return null;
  const names = splitButtonNames(row);
  const items: MenuEntry[] = actions.map((action) => {
    if (action === 'warranty') return { label: ACTION_LABELS.warranty, href: warrantyPanelHref(row) };
    if (action === 'serviceRequest') return { label: ACTION_LABELS.serviceRequest, href: newServiceRequestHref(row) };
    if (action === 'serviceHistory') return { label: ACTION_LABELS.serviceHistory, href: serviceHistoryHref(row) };
    return { label: ACTION_LABELS.partsOrder, onSelect: () => onNewPartsOrder?.(row) };
  });
  return (
    // The menu lives in a portal, but its clicks bubble through React to the row, which would open the panel too.
    <div className="ho-split" onClick={(event) => event.stopPropagation()}>
      <PathLink href={warrantyPanelHref(row)} className="button ho-split__main" aria-label={names.main}>
        {ACTION_LABELS.warranty}
      </PathLink>
      <DropdownMenu
        label={names.menu}
        buttonContent={<span className="visually-hidden">More actions</span>}
        items={items}
        triggerClassName="button ho-split__menu"
      />
    </div>
  );
}

function StatusCell({ row }: { row: HomeownerRow }) {
  return (
    <div className="ho-status">
      <span className={`ho-status__label ho-status__label--${row.statusCode === 'I' ? 'incomplete' : 'other'}`}>{row.statusLabel}</span>
      <PendingBadge mark={row.pending} />
    </div>
  );
}

const sortColumn = (columnName: string) => HOMEOWNER_SORT_COLUMNS.find((column) => column.columnName === columnName)!;

function homeownerColumns(
  user: ActionSubject,
  onNewPartsOrder: ((card: WarrantyCardView) => void) | undefined,
): DataListColumn<HomeownerRow>[] {
  return [
    {
      ...sortColumn('serialNumber'),
      width: 'minmax(9rem, 1.1fr)',
      render: (row) => (
        <div className="ho-serial">
          <span className="ho-serial__number">{row.serialNumber}</span>
          {row.plantName && <span className="ho-serial__plant">{row.plantName}</span>}
          {row.notOnDevice && <NotOnDeviceMark />}
        </div>
      ),
    },
    { ...sortColumn('firstName'), width: 'minmax(0, 0.9fr)' },
    { ...sortColumn('lastName'), width: 'minmax(0, 0.9fr)' },
    {
      ...sortColumn('emailAddress'),
      width: 'minmax(0, 1.5fr)',
      render: (row) => (
        <span className="ho-email" title={row.emailAddress}>
          {row.emailAddress}
        </span>
      ),
    },
    { ...sortColumn('modelName'), width: 'minmax(0, 1fr)' },
    { ...sortColumn('manufacturedDate'), width: '7.25rem', render: (row) => cardDateText(row.manufacturedDate) },
    { ...sortColumn('soldDate'), width: '6rem', render: (row) => cardDateText(row.soldDate) },
    { ...sortColumn('npsDate'), width: '6.5rem', render: (row) => cardDateText(row.npsDate) },
    { ...sortColumn('statusLabel'), width: '6.5rem', render: (row) => <StatusCell row={row} /> },
    {
      columnName: 'actions',
      displayName: 'Actions',
      sortable: false,
      width: '8.5rem',
      render: (row) => <RowActions row={row} user={user} onNewPartsOrder={onNewPartsOrder} />,
    },
  ];
}

export interface MyHomeownersScreenProps {
  user: CmhUser;
  /** 'New Parts Order' of a row's split button; the action is left out while the app gives none. */
  onNewPartsOrder?: (card: WarrantyCardView) => void;
}

/**
 * spec 3 §2 My Homeowners (/service/myhomeowners): every warranty card of the user's scope as it will be (queued
 * saves applied and marked), 10 rows growing by 10, searched by serial, names and e-mail, sorted by the columns of
 * §2, 'incomplete only'. The copy on the device says how old it is when the server could not be reached.
 */
/** While only the first kept rows are read there is nothing more to load: the whole list replaces them. */
const NOTHING_MORE = () => undefined;

/** 'Incomplete only' as a search on the server filters it: the status as the row shows it. */
const INCOMPLETE_LABEL = warrantyStatusLabel(INCOMPLETE_WARRANTY_STATUS);

export function MyHomeownersScreen({ user, onNewPartsOrder }: MyHomeownersScreenProps) {
  const scope = viewScope(user);
  useRefreshOnDelivery(scope);
  const list = useHomeownerListView(scope);
  const online = useOnline();
  const router = useRouter();
  const now = useNow();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_HOMEOWNER_SORT);
  const [incompleteOnly, setIncompleteOnly] = useState(false);

  const rows = useMemo(() => filterIncomplete(list.rows, incompleteOnly), [list.rows, incompleteOnly]);
  const columns = useMemo(() => homeownerColumns(user, onNewPartsOrder), [user, onNewPartsOrder]);
  const failures = useMemo(() => list.rows.flatMap((row) => row.failures), [list.rows]);

  // Issue 31 §3: when the user sees more cards on the server than the device keeps, the list searches, sorts and pages
  // there (online); the kept rows show until its first page comes, and a card found there that is not kept says so.
  const serverCards = useMemo(() => list.rows.filter((row) => !isMadeOnDevice(row)), [list.rows]);
  const server = useServerSearch({
    list: homeownerSearch,
    scope,
    kept: serverCards,
    loaded: list.query.data !== undefined || list.incomplete,
    online,
    fromCache: list.fromCache,
    search: { q: search, sort, filters: { status: incompleteOnly ? INCOMPLETE_LABEL : undefined } },
    keyOf: (card: WarrantyCard) => homeKey(card.plantNumber, card.serialNumber),
    notKept: (card, key): HomeownerRow => ({ ...toHomeownerRow({ ...card, key, failures: [] }), notOnDevice: true }),
  });

  const query = list.query;
  const loading = query.isPending && query.fetchStatus === 'fetching';
  const failed = query.isError && !query.data;
  const filtered = search !== '' || incompleteOnly;

  const toolbar = (
    <div className="ho-toolbar">
      <CheckboxToggle label={HOMEOWNER_TEXT.incompleteOnly} checked={incompleteOnly} onCheckedChange={setIncompleteOnly} />
      <SortControls columns={HOMEOWNER_SORT_COLUMNS} sort={sort} onSortChange={setSort} fieldClassName="ho-toolbar__field" />
    </div>
  );

  return (
    <div className="page ho-page">
      <h1 className="page__title">{HOMEOWNER_TEXT.title}</h1>
      <KeptListProgress progress={list.progress} shortOfSpace={list.shortOfSpace} what="homeowners" />
      {list.fromCache && list.storedAt !== undefined && (
        <p className="notice notice--info ho-page__notice" role="status">
          {savedCopyText(describeAge(list.storedAt, now))}
        </p>
      )}
      {list.fromCache && (
        <p className="notice notice--info ho-page__notice" role="status">
          {keptCountText(server.keptCount)}
        </p>
      )}
      {failed && (
        <div className="notice notice--warning ho-page__notice" role="alert">
          {isOfflineError(query.error) ? HOMEOWNER_TEXT.offlineNoCopy : HOMEOWNER_TEXT.loadFailed}{' '}
          <button type="button" className="button button--link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      <FailuresBanner failures={failures} actions={outboxActions} />
      <DataList
        label={HOMEOWNER_TEXT.listLabel}
        columns={columns}
        {...(server.dataList ??
          (list.partialTotal === undefined
            ? { rows, searchText: rowSearchText }
            : { mode: 'server' as const, rows, total: list.partialTotal, hasMore: false, onLoadMore: NOTHING_MORE }))}
        rowKey={(row) => row.key}
        loading={loading}
        searchLabel={HOMEOWNER_TEXT.searchLabel}
        searchPlaceholder={HOMEOWNER_TEXT.searchPlaceholder}
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onRowClick={(row) => {
          if (homeownerActions(user, row, { partsOrders: false }).includes('warranty'))
            void router.navigate({ href: warrantyPanelHref(row) });
        }}
        rowClassName={(row) => (row.pending ? `ho-row--${row.pending.state}` : undefined)}
        emptyMessage={filtered ? HOMEOWNER_TEXT.emptyFiltered : HOMEOWNER_TEXT.empty}
        estimateRowHeight={64}
        className="ho-list"
        // Ten columns never fit the 72rem page beside the side nav: cards at every width.
        cards
        toolbar={toolbar}
      />
    </div>
  );
}
