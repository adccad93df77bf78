import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  businessDay,
  zoneOfUser,
  DUPLICATE_TOAST,
  QUOTE_APPROVAL_TONES,
  QUOTE_MESSAGES,
  formatQuoteNumber,
  olderSystemQuoteId,
  type CmhUser,
  type Quote,
} from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { HttpError, isHttpError, isOfflineError, reportHttpError } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { notify } from '../../../lib/notifier';
import { useKeptDetailIds } from '../../../offline/kept-detail-ids';
import { useOnline } from '../../../offline/use-connection';
import { useKeptListView } from '../../../offline/use-kept-list';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { DropdownMenu, type MenuEntry } from '../../../ui/dropdown-menu';
import { KeptListStatus } from '../../../ui/kept-list-status';
import { SelectFilter } from '../../../ui/select-filter';
import { useModals } from '../../../ui/modals';
import { NeedsConnectionMark, OFFLINE_DISABLED } from '../../../ui/not-on-device';
import {
  checkLockedQuote,
  copyIntoBuildAQuote,
  deleteQuote,
  duplicateQuote,
  quoteKeys,
  quoteList,
  quoteRevisionsKind,
  unlockQuote,
  useQuotes,
  validateSubOptions,
  type KeptReports,
} from '../api/quotes';
import {
  DEFAULT_QUOTE_SORT,
  QUOTE_SORT_COLUMNS,
  defaultQuoteFilters,
  filterChoices,
  filterQuotes,
  offlineViewOutcome,
  quoteActions,
  quoteDetailHref,
  quoteReport,
  quoteSearchText,
  viewOutcome,
  type QuoteAction,
  type QuoteFilters,
  type ViewOutcome,
} from '../list-rules';
import { CompareDialog } from './compare-dialog';
import { viewScope } from '../../../entities/view-scope';
import '../quotes.css';

const column = (name: string) => QUOTE_SORT_COLUMNS.find((entry) => entry.columnName === name)!;
/** This product's message: the list and the Quote Details kept on the device are readable offline, the changes are not. */
export const QUOTE_OFFLINE_MESSAGE = 'You are offline. Changing a quote needs the connection; the list stays readable.';

/** The row actions that need the server by nature: offline they say so in the menu instead of running. */
const ONLINE_ONLY: ReadonlySet<QuoteAction> = new Set(['duplicate', 'delete', 'unlock', 'copyOlder']);
const messageOf = (error: unknown) => (error instanceof HttpError ? error.body?.message : undefined);

function ApprovalBadge({ quote }: { quote: Quote }) {
  const tone = QUOTE_APPROVAL_TONES[quote.quoteStatusesID];
  return <span className={`quote-status${tone ? ` quote-status--${tone}` : ''}`}>{quote.approvalStatusDescription}</span>;
}

/**
 * spec 2 §2 Quotes list (/sales/quotes): kept on the device, filtered by date, facility and CSM, with the row actions of
 * §2. Viewing a quote opens its Quote Detail, kept once opened (not for every quote); while the server cannot be
 * reached, the rows whose detail is not on the device say so before they are tapped (issue 19).
 */
export function QuotesScreen({ user, keptReports }: { user: CmhUser; keptReports: KeptReports }) {
  const scope = viewScope(user);
  const query = useQuotes(scope);
  const view = useKeptListView(quoteList, scope, query);
  const online = useOnline();
  const keptReportIds = useKeptDetailIds(keptReports.kind);
  const keptRevisionIds = useKeptDetailIds(quoteRevisionsKind(scope));
  const modals = useModals();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<QuoteFilters>(() => defaultQuoteFilters(businessDay(zoneOfUser(user))));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_QUOTE_SORT);
  const [comparing, setComparing] = useState<Quote>();

  const allRows = view.rows;
  const rows = useMemo(() => filterQuotes(allRows, filters), [allRows, filters]);
  const choices = useMemo(() => filterChoices(allRows), [allRows]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: quoteKeys.all });
  const retailerName = user.currentRetailer?.name ?? user.currentRetailer?.retailerNumber ?? '';
  /** Offline, a quote that would open (not blocked by what its row tells) whose Quote Detail is not on the device. */
  const needsConnection = (quote: Quote) =>
    !online &&
    keptReportIds !== undefined &&
    !keptReportIds.has(keptReports.idOf(quoteReport(quote))) &&
    offlineViewOutcome(user, quote, retailerName).kind !== 'blocked';
  const compareNeedsConnection = (quote: Quote) => !online && keptRevisionIds !== undefined && !keptRevisionIds.has(String(quote.quoteId));

  /** The quote calls need the server (the configuration lives there): offline, say so instead of failing silently. */
  async function withServer(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (isOfflineError(error)) await modals.message(QUOTE_OFFLINE_MESSAGE);
      else if (!(error instanceof HttpError)) throw error;
    }
  }

  /** The viewing flow of spec 2 §4 with the server; without it, the flow of what the row tells (offlineViewOutcome). */
  async function outcomeOf(quote: Quote): Promise<ViewOutcome> {
    if (!online) return offlineViewOutcome(user, quote, retailerName);
    try {
      const lock = await modals.withLoading(checkLockedQuote(quote.quoteId, user.cmhUserId));
      const validation =
        !lock.isLocked && quote.productLineId !== null && quote.modelNumber
          ? await modals.withLoading(validateSubOptions(quote, user.cmhUserId))
          : undefined;
      return viewOutcome(user, quote, lock, validation, retailerName);
    } catch (error) {
      if (isOfflineError(error)) return offlineViewOutcome(user, quote, retailerName);
      throw error;
    }
  }

  async function open(quote: Quote) {
    const outcome = await outcomeOf(quote);
    if (outcome.kind !== 'open') await modals.message(outcome.message, outcome.header);
    if (outcome.kind !== 'blocked') await router.navigate({ href: outcome.href });
  }

  async function duplicate(quote: Quote) {
    try {
      const copy = await modals.withLoading(duplicateQuote(quote.quoteNumber, user.cmhUserId));
      notify({
        level: 'success',
        title: QUOTE_MESSAGES.duplicated(quote.quoteNumber, copy.QuoteNumber),
        durationMs: DUPLICATE_TOAST.timeOut,
      });
      await refresh();
      await router.navigate({ href: quoteDetailHref({ plantNumber: quote.plantNumber, quoteNumber: copy.QuoteNumber }) });
    } catch (error) {
      // spec 2 §8: a refusal says why; other failures show no message of their own.
      const message = messageOf(error);
      if (!message) throw error;
      await modals.message(message, 'Duplicate Quote');
    }
  }

  async function remove(quote: Quote) {
    if (!(await modals.confirm(`Are you sure you want to delete quote ${formatQuoteNumber(quote.quoteNumber)}?`))) return;
    try {
      await modals.withLoading(deleteQuote(quote.quoteId, user.cmhUserId));
      notify({ level: 'success', title: QUOTE_MESSAGES.markedInactive });
    } catch (error) {
      // spec 2 §8: a refusal (no permission to delete, already deleted, locked) says why; a 403 without a message gets
      // the catalogue's answer.
      const message = messageOf(error);
      if (!message) {
        if (isHttpError(error, 403)) reportHttpError(error);
        throw error;
      }
      await modals.message(message, 'Delete Quote');
    }
    await refresh();
  }

  async function unlock(quote: Quote) {
    try {
      await modals.withLoading(unlockQuote(quote.quoteId, user.cmhUserId));
      notify({ level: 'success', title: QUOTE_MESSAGES.unlocked(formatQuoteNumber(quote.quoteNumber)) });
    } catch (error) {
      const message = messageOf(error);
      if (!message) throw error;
      await modals.message(message, 'Unlock Quote');
    }
    await refresh();
  }

  async function copyOlder(quote: Quote) {
    if (!(await modals.confirm(QUOTE_MESSAGES.copyPricingConfirm))) return;
    let result;
    try {
      result = await modals.withLoading(copyIntoBuildAQuote({ quoteNumber: quote.quoteNumber, plantNumber: quote.plantNumber }));
    } catch (error) {
      // spec 2 §8: a refusal (the retailer has no product lines) says why; a 400 without a message gets the catalogue's,
      // and other errors the catalogue has shown.
      if (!isHttpError(error, 400)) throw error;
      if (error.body?.message) await modals.message(error.body.message, 'Copy Quote');
      else reportHttpError(error);
      return;
    }
    if (!result.ModelActive || !result.NewQuote) {
      await modals.message(QUOTE_MESSAGES.modelNotAvailable(quote.plantName), 'Copy Quote');
      return;
    }
    notify({
      level: 'success',
      title: QUOTE_MESSAGES.duplicated(olderSystemQuoteId(quote.mchQuoteId), result.NewQuote.QuoteNumber),
      durationMs: DUPLICATE_TOAST.timeOut,
    });
    await refresh();
    await router.navigate({ href: quoteDetailHref({ plantNumber: quote.plantNumber, quoteNumber: result.NewQuote.QuoteNumber }) });
  }

  function actionsOf(quote: Quote): MenuEntry[] {
    const labels = {
      view: 'View',
      compare: 'Compare',
      duplicate: 'Duplicate',
      delete: 'Delete',
      unlock: 'Unlock',
      copyOlder: 'Copy into Build A Quote',
    } as const;
    const run = {
      view: () => void withServer(() => open(quote)),
      compare: () => (quote.latestRevision < 2 ? void modals.message(QUOTE_MESSAGES.compareNeedsTwo, 'Compare') : setComparing(quote)),
      duplicate: () => void withServer(() => duplicate(quote)),
      delete: () => void withServer(() => remove(quote)),
      unlock: () => void withServer(() => unlock(quote)),
      copyOlder: () => void withServer(() => copyOlder(quote)),
    };
    return quoteActions(user, quote).map((action) => {
      const needsServer =
        (ONLINE_ONLY.has(action) && !online) || (action === 'compare' && quote.latestRevision >= 2 && compareNeedsConnection(quote));
      return needsServer ? { label: labels[action], ...OFFLINE_DISABLED } : { label: labels[action], onSelect: run[action] };
    });
  }

  const columns: DataListColumn<Quote>[] = [
    {
      ...column('customer'),
      width: 'minmax(8rem, 1.3fr)',
      render: (row) => (
        <>
          {row.customer}
          {needsConnection(row) && <NeedsConnectionMark />}
        </>
      ),
    },
    {
      ...column('quoteNumber'),
      width: '8.5rem',
      render: (row) => (
        <span className="quote-number">
          {formatQuoteNumber(row.quoteNumber)}
          {row.isLocked && (
            <span className="quote-lock" title={`Locked by ${row.lockedBy}`}>
              Locked
            </span>
          )}
        </span>
      ),
    },
    { ...column('plantName'), width: 'minmax(6rem, 1fr)', foldOrder: 5 },
    {
      ...column('modelDesc'),
      width: 'minmax(7rem, 1.2fr)',
      render: (row) => (row.modelNumber ? `${row.modelNumber} ${row.modelDesc}` : ''),
    },
    { ...column('originalQuoteNumber'), width: '8rem', foldOrder: 1, render: (row) => formatQuoteNumber(row.originalQuoteNumber) },
    { ...column('mdm'), width: 'minmax(6rem, 1fr)', foldOrder: 3 },
    { ...column('expirationDate'), width: '7.5rem', foldOrder: 4, render: (row) => formatDate(row.expirationDate) },
    { ...column('latestRevision'), width: '6rem', foldOrder: 2 },
    { columnName: 'approval', displayName: 'Approval', sortable: false, width: '9rem', render: (row) => <ApprovalBadge quote={row} /> },
    {
      columnName: 'actions',
      displayName: 'Actions',
      sortable: false,
      // The whole 'Actions' button: a narrower column cut its arrow off.
      width: '9rem',
      render: (row) => {
        const items = actionsOf(row);
        return items.length === 0 ? null : (
          <div onClick={(event) => event.stopPropagation()}>
            <DropdownMenu
              label={`Actions for ${formatQuoteNumber(row.quoteNumber)}`}
              buttonContent="Actions"
              items={items}
              triggerClassName="button button--small"
            />
          </div>
        );
      },
    },
  ];

  const setFilter = (changes: Partial<QuoteFilters>) => setFilters((current) => ({ ...current, ...changes }));
  const toolbar = (
    <div className="list-filters">
      <label className="field list-filters__field">
        <span className="field__label">From</span>
        <input type="date" className="field__input" value={filters.from} onChange={(event) => setFilter({ from: event.target.value })} />
      </label>
      <label className="field list-filters__field">
        <span className="field__label">To</span>
        <input type="date" className="field__input" value={filters.to} onChange={(event) => setFilter({ to: event.target.value })} />
      </label>
      <SelectFilter
        label="Facility"
        value={filters.facility}
        onChange={(facility) => setFilter({ facility })}
        allLabel="All facilities"
        options={choices.facilities}
      />
      <SelectFilter
        label="CSM"
        value={filters.csm}
        onChange={(csm) => setFilter({ csm })}
        allLabel="All CSMs"
        options={choices.csms.map((csm) => ({ value: csm, label: csm }))}
      />
    </div>
  );

  return (
    <div className="page sales-page">
      <h1 className="page__title">Quotes</h1>
      <KeptListStatus what="quotes" {...view.status} />
      <DataList
        label="Quotes"
        columns={columns}
        rows={rows}
        searchText={quoteSearchText}
        rowKey={(row) => row.quoteId}
        loading={view.loading}
        searchLabel="Search quotes"
        searchPlaceholder="Search Quotes..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onRowClick={(row) => void withServer(() => open(row))}
        emptyMessage="No quotes match."
        toolbar={toolbar}
        estimateRowHeight={52}
      />
      {comparing && <CompareDialog quote={comparing} scope={scope} onClose={() => setComparing(undefined)} />}
    </div>
  );
}
