import { useId, useMemo } from 'react';
import { CATALOG_ADMIN_TEXT, partDescription, type CatalogPart, type ChangeHistoryItem } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { useKeptDetailIds } from '../../../offline/kept-detail-ids';
import { useOnline } from '../../../offline/use-connection';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { NeedsConnectionMark } from '../../../ui/not-on-device';
import { TabList } from '../../../ui/tab-list';
import { CATALOG_ADMIN_KINDS, useChangeHistory, usePendingParts } from '../api';
import { HISTORY_COLUMNS, PENDING_COLUMNS, historySearchText } from '../change-lists';
import { StatusBadge } from './status-badge';
import '../parts-catalog.css';

export type ChangeList = 'pending' | 'history';

/**
 * Whether a row's request is on the device, while the server cannot be reached (issue 19): a request is kept once
 * opened (the pending list spans every plant and the history grows without end, so neither is kept for every row).
 * Undefined while online or while the kept ids are read: no row is marked.
 */
function useNotKept(kind: string): ((id: number) => boolean) | undefined {
  const online = useOnline();
  const kept = useKeptDetailIds(kind);
  return useMemo(() => (online || kept === undefined ? undefined : (id: number) => !kept.has(String(id))), [online, kept]);
}

function usePendingColumns(): readonly DataListColumn<CatalogPart>[] {
  const notKept = useNotKept(CATALOG_ADMIN_KINDS.changeRequest);
  return useMemo(
    () =>
      PENDING_COLUMNS.map((column) =>
        column.columnName === 'part'
          ? {
              ...column,
              render: (part: CatalogPart) => (
                <>
                  {`${part.combinedPartNumber} ${partDescription(part)}`}
                  {notKept?.(part.partsCatalogId) && <NeedsConnectionMark />}
                </>
              ),
            }
          : column,
      ),
    [notKept],
  );
}

function useHistoryColumns(): readonly DataListColumn<ChangeHistoryItem>[] {
  const notKept = useNotKept(CATALOG_ADMIN_KINDS.changeResult);
  return useMemo(
    () =>
      HISTORY_COLUMNS.map((column) =>
        column.columnName === 'status'
          ? {
              ...column,
              render: (item: ChangeHistoryItem) => (
                <>
                  <StatusBadge status={item.status} />
                  {notKept?.(item.partsCatalogHistoryId) && <NeedsConnectionMark />}
                </>
              ),
            }
          : column,
      ),
    [notKept],
  );
}
const TABS: readonly { value: ChangeList; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'history', label: 'History' },
];

function SavedCopyNotice({ read, error, what }: { read: CachedRead<unknown> | undefined; error: unknown; what: string }) {
  if (read?.fromCache) {
    return (
      <p className="notice notice--info" role="status">
        Saved copy, updated {describeAge(read.storedAt, Date.now())}. Reviews need the connection.
      </p>
    );
  }
  if (!read && isOfflineError(error)) {
    return (
      <p className="notice notice--warning" role="status">
        You are offline. The {what} will load when you are back online.
      </p>
    );
  }
  return null;
}

/**
 * spec 3 §2 Parts Catalog Change Management (/admin/partsCatalog/changeManagement): the pending list by default, and
 * the history list. A pending part opens the Part Approval Form, a reviewed request the revert form; offline, those
 * opened before open from the device, the others say so on their row.
 */
export function ChangeManagementScreen({
  list,
  onListChange,
  onOpenPending,
  onOpenHistory,
}: {
  list: ChangeList;
  onListChange: (list: ChangeList) => void;
  onOpenPending: (partsCatalogId: number) => void;
  onOpenHistory: (partsCatalogHistoryId: number) => void;
}) {
  const idPrefix = useId();
  const pending = usePendingParts();
  const history = useChangeHistory(list === 'history');
  const pendingColumns = usePendingColumns();
  const historyColumns = useHistoryColumns();
  return (
    <div className="page catalog-changes">
      <h1 className="page__title">{CATALOG_ADMIN_TEXT.changeManagementTitle}</h1>
      <TabList
        label="Change requests"
        tabs={TABS.map((tab) =>
          tab.value === 'pending' && pending.data ? { ...tab, label: `${tab.label} (${pending.data.data.length})` } : tab,
        )}
        active={list}
        onChange={onListChange}
        idPrefix={idPrefix}
        className="catalog-tabs"
      />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${list}`} className="catalog-changes__panel">
        {list === 'pending' ? (
          <>
            <SavedCopyNotice read={pending.data} error={pending.error} what="pending parts" />
            <DataList
              label="Pending parts"
              rows={pending.data?.data ?? []}
              columns={pendingColumns}
              rowKey={(part) => part.partsCatalogId}
              loading={pending.isPending && pending.fetchStatus === 'fetching'}
              searchLabel="Search pending parts"
              searchPlaceholder="Search pending parts"
              defaultSort={{ columnName: 'createDate', direction: 'desc' }}
              onRowClick={(part) => onOpenPending(part.partsCatalogId)}
              emptyMessage="There are no pending parts."
            />
          </>
        ) : (
          <>
            <SavedCopyNotice read={history.data} error={history.error} what="change history" />
            <DataList
              label="Change history"
              rows={history.data?.data ?? []}
              columns={historyColumns}
              rowKey={(item) => item.partsCatalogHistoryId}
              loading={history.isPending && history.fetchStatus === 'fetching'}
              searchLabel="Search change history"
              searchPlaceholder="Search change history"
              searchText={historySearchText}
              defaultSort={{ columnName: 'reviewDate', direction: 'desc' }}
              onRowClick={(item) => onOpenHistory(item.partsCatalogHistoryId)}
              emptyMessage="There is no change history."
            />
          </>
        )}
      </div>
    </div>
  );
}
