import { useStore } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '../../../contract';
import { formatDateTime } from '../../../lib/date-format';
import { isOfflineError } from '../../../lib/http';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list';
import { notify } from '../../../lib/notifier';
import { dateText } from '../../../lib/validators';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SelectFilter } from '../../../ui/select-filter';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { useAuditEvents } from '../api/get-audit-events';
import { auditActorLabel, describeAuditDetails, orNone } from '../audit-details';
import { auditFilters } from '../audit-filters';
import '../audit.css';

const ACTION_OPTIONS = AUDIT_ACTION_NAMES.map((value) => ({ value, label: AUDIT_ACTIONS[value] }));
const isAuditAction = (value: string): value is AuditAction => value in AUDIT_ACTIONS;

const AuditDates = v.object({ from: dateText({ label: 'From' }), to: dateText({ label: 'To' }) });

const COLUMNS: DataListColumn<AuditEvent>[] = [
  { columnName: 'at', displayName: 'When', sortable: false, width: '10.5rem', render: (event) => formatDateTime(event.at) },
  { columnName: 'action', displayName: 'Action', sortable: false, render: (event) => AUDIT_ACTIONS[event.action] },
  { columnName: 'actorName', displayName: 'By', sortable: false, render: auditActorLabel },
  { columnName: 'targetName', displayName: 'User', sortable: false, render: (event) => orNone(event.targetName) },
  {
    columnName: 'details',
    displayName: 'Details',
    sortable: false,
    width: 'minmax(0, 2fr)',
    foldOrder: 3,
    render: (event) => describeAuditDetails(event.details),
  },
  {
    columnName: 'clientAddress',
    displayName: 'Address',
    sortable: false,
    width: '8.5rem',
    foldOrder: 1,
    render: (event) => orNone(event.clientAddress),
  },
  {
    columnName: 'requestId',
    displayName: 'Request id',
    sortable: false,
    width: 'minmax(0, 1fr)',
    foldOrder: 2,
    render: (event) => orNone(event.requestId),
  },
];

/** The text typed, handed on once typing has stopped for the spec's search delay (spec 1 §9: 500 ms). */
function useDebouncedText(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * /admin/audit (issue 29): the audit trail of sign-ins, links, password and user changes, keys and imports, newest
 * first, a page at a time, filtered by user, action and the viewer's own days; Export CSV saves every matching event.
 * It reads the server only: offline it shows what this device last loaded, or says it needs the connection.
 */
export function AuditScreen() {
  const userId = useId();
  const [userText, setUserText] = useState('');
  const user = useDebouncedText(userText);
  const [action, setAction] = useState<AuditAction | ''>('');
  const dates = useAppForm({
    defaultValues: { from: '', to: '' },
    validationLogic: revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' }),
    validators: { onDynamic: AuditDates },
  });
  const dateValues = useStore(dates.store, (state) => state.values);
  const filters = useMemo(
    () => auditFilters({ user, action, from: dateValues.from, to: dateValues.to }),
    [user, action, dateValues.from, dateValues.to],
  );

  const events = useAuditEvents(filters);
  const csv = useDownloadAuditCsv();
  const rows = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);
  const offlineWithoutData =
    !events.data && (isOfflineError(events.error ?? events.failureReason) || (events.isPending && events.fetchStatus === 'paused'));
  const loadMore = () => {
    if (!events.isFetchingNextPage) void events.fetchNextPage();
  };

  function exportCsv() {
    csv.mutate(filters, {
      onError: (error) => {
        // Other failures are the error catalogue's (lib/http.ts).
        if (isOfflineError(error))
          notify({ level: 'warning', title: 'You are offline.', description: 'Exporting the audit log needs a connection.' });
      },
    });
  }

  return (
    <div className="page audit-log">
      <div className="page__header">
        <h1 className="page__title">Audit log</h1>
        <div className="audit-log__actions">
          <Link to="/admin/users" className="button">
            Users
          </Link>
          <button type="button" className="button button--primary" onClick={exportCsv} disabled={csv.isPending} aria-busy={csv.isPending}>
            {csv.isPending ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </div>

      <div className="list-filters audit-log__filters">
        <div className="field list-filters__field">
          <label className="field__label" htmlFor={userId}>
            User
          </label>
          <input
            id={userId}
            className="field__input"
            type="search"
            value={userText}
            placeholder="Part of a user name"
            autoComplete="off"
            onChange={(event) => setUserText(event.target.value)}
          />
        </div>
        <SelectFilter
          label="Action"
          value={action}
          allLabel="All actions"
          options={ACTION_OPTIONS}
          onChange={(value) => setAction(isAuditAction(value) ? value : '')}
        />
        <dates.AppField name="from">{(field) => <field.DateField label="From" />}</dates.AppField>
        <dates.AppField name="to">{(field) => <field.DateField label="To" />}</dates.AppField>
      </div>

      {offlineWithoutData && (
        <p className="notice notice--warning" role="status">
          You are offline. The audit log will load when you are back online.
        </p>
      )}

      <DataList
        mode="server"
        label="Audit events"
        rows={rows}
        columns={COLUMNS}
        rowKey={(event) => event.id}
        loading={events.isPending && events.fetchStatus === 'fetching'}
        hasMore={events.hasNextPage}
        onLoadMore={loadMore}
        loadingMore={events.isFetchingNextPage}
        showSearch={false}
        emptyMessage={offlineWithoutData ? '' : 'No events match these filters.'}
        estimateRowHeight={56}
      />
      {events.hasNextPage && (
        <div className="audit-log__more">
          <button type="button" className="button" onClick={loadMore} disabled={events.isFetchingNextPage}>
            Show more
          </button>
        </div>
      )}
    </div>
  );
}
