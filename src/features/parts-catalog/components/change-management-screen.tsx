import { useId, useRef, type KeyboardEvent } from 'react';
import { CATALOG_ADMIN_TEXT, type ChangeHistoryItem } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { DataList } from '../../../ui/data-list';
import { useChangeHistory, usePendingParts } from '../api';
import { HISTORY_COLUMNS, PENDING_COLUMNS, historySearchText } from '../change-lists';
import { StatusBadge } from './status-badge';
import '../parts-catalog.css';

export type ChangeList = 'pending' | 'history';
const HISTORY_LIST_COLUMNS = HISTORY_COLUMNS.map((column) => (column.columnName === 'status' ? { ...column, render: (item: ChangeHistoryItem) => <StatusBadge status={item.status} /> } : column));
const TABS: readonly { list: ChangeList; label: string }[] = [
  { list: 'pending', label: 'Pending' },
  { list: 'history', label: 'History' },
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
 * the history list. A pending part opens the Part Approval Form, a reviewed request the revert form.
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
  const tabs = useRef(new Map<ChangeList, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.list === list);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = TABS[(to + TABS.length) % TABS.length]!.list;
    onListChange(target);
    tabs.current.get(target)?.focus();
  };

  return (
    <div className="page catalog-changes">
      <h1 className="page__title">{CATALOG_ADMIN_TEXT.changeManagementTitle}</h1>
      <div role="tablist" aria-label="Change requests" className="tabs catalog-tabs" onKeyDown={onKeyDown}>
        {TABS.map(({ list: tab, label }) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabs.current.set(tab, element);
              else tabs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab}`}
            aria-selected={tab === list}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={tab === list ? 0 : -1}
            className={`tabs__tab${tab === list ? ' tabs__tab--active' : ''}`}
            onClick={() => onListChange(tab)}
          >
            {label}
            {tab === 'pending' && pending.data && ` (${pending.data.data.length})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${list}`} className="catalog-changes__panel">
        {list === 'pending' ? (
          <>
            <SavedCopyNotice read={pending.data} error={pending.error} what="pending parts" />
            <DataList
              label="Pending parts"
              rows={pending.data?.data ?? []}
              columns={PENDING_COLUMNS}
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
              columns={HISTORY_LIST_COLUMNS}
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
