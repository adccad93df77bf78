import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  DEFAULT_LEAD_FILTER,
  LEAD_FILTERS,
  LEAD_MESSAGES,
  canPrintLead,
  relocatingLabel,
  type CmhUser,
  type LeadFilter,
} from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { formatPhone, formatState } from '../../../lib/formats';
import type { SortState } from '../../../lib/list';
import { isOfflineError } from '../../../lib/http';
import { hasRole } from '../../../lib/permissions';
import { outboxActions } from '../../../offline/runtime';
import { useOnline } from '../../../offline/use-connection';
import { useKeptListView } from '../../../offline/use-kept-list';
import { useOutboxEntries, useOutboxEvents } from '../../../offline/use-outbox';
import { useOutboxWrite } from '../../../offline/use-outbox-write';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { ActionButton } from '../../../ui/disabled-reason';
import { KeptListStatus } from '../../../ui/kept-list-status';
import { SelectFilter } from '../../../ui/select-filter';
import { useModals } from '../../../ui/modals';
import { OFFLINE_DISABLED } from '../../../ui/not-on-device';
import { FailuresBanner, PendingBadge } from '../../../ui/pending-marks';
import { leadIntentOf, leadStatusCall } from '../api/calls';
import { viewScope } from '../../../entities/view-scope';
import { convertLead, leadKeys, leadList, useLeads } from '../api/leads';
import {
  LEAD_SORT_COLUMNS,
  canClaim,
  canConvert,
  canDeactivate,
  filterLeads,
  leadRows,
  leadStatusLabel,
  type LeadRow,
  type QueuedLeadChange,
} from '../list-rules';
import '../leads.css';

const column = (name: string) => LEAD_SORT_COLUMNS.find((entry) => entry.columnName === name)!;

/** The queued claims and deactivations, as the rules read them. */
function useQueuedLeadChanges(): QueuedLeadChange[] {
  const entries = useOutboxEntries();
  return useMemo(
    () =>
      (entries ?? []).flatMap((entry) => {
        const intent = leadIntentOf(entry);
        if (!intent || entry.status === 'done') return [];
        return [
          {
            seq: entry.seq ?? 0,
            label: entry.label,
            leadId: intent.leadId,
            status: intent.status,
            failed: entry.status === 'failed',
            message: entry.lastError?.message,
          },
        ];
      }),
    [entries],
  );
}

/** The claimed leads chosen for print, laid out for paper (shown only when printing). */
function PrintSheet({ leads }: { leads: readonly LeadRow[] }) {
  return (
    <section className="print-sheet" aria-label="Claimed leads for printing">
      <h1>Claimed leads</h1>
      {leads.map((lead) => (
        <article key={lead.leadId} className="print-sheet__lead">
          <h2>{lead.fullName}</h2>
          <p>
            {lead.address}, {lead.city}, {formatState(lead.state)} {lead.zip}
          </p>
          <p>
            {lead.email} · {formatPhone(lead.dayPhone)}
          </p>
          <p>
            Lead date {formatDate(lead.leadDate)} · claimed {formatDate(lead.claimedDate)} · source {lead.friendlySource}
          </p>
          <p>
            Relocating: {relocatingLabel(lead.relocating)}
            {lead.relocating === 'Y' ? ` to ${lead.relocatingCity}, ${formatState(lead.relocatingState)}` : ''}
          </p>
          {lead.modelNumber && (
            <p>
              Interested in {lead.modelNumber} {lead.modelDesc}
            </p>
          )}
          {lead.comments && <p>{lead.comments}</p>}
        </article>
      ))}
    </section>
  );
}

/** spec 2 §2 Leads (/sales/leads): Unclaimed first, claim and deactivate offline too, convert, print claimed leads. */
export function LeadsScreen({ user }: { user: CmhUser }) {
  const scope = viewScope(user);
  const query = useLeads(scope);
  const view = useKeptListView(leadList, scope, query);
  const queued = useQueuedLeadChanges();
  const write = useOutboxWrite(leadKeys.all, 'lead-queued');
  const modals = useModals();
  const router = useRouter();
  const online = useOnline();
  const [filter, setFilter] = useState<LeadFilter>(DEFAULT_LEAD_FILTER);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ columnName: 'leadDate', direction: 'desc' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const canChange = hasRole(user, 'Sales_Leads_Claim');
  const queryClient = useQueryClient();
  // A change queued offline and now taken by the server: the list's next delta brings the lead as it is now.
  useOutboxEvents((event) => {
    if (event.type === 'sent' && leadIntentOf(event.entry)) void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  });

  const all = useMemo(() => leadRows(view.rows, queued), [view.rows, queued]);
  const rows = useMemo(() => filterLeads(all, filter), [all, filter]);
  const printable = all.filter((lead) => selected.has(lead.leadId) && canPrintLead(lead));
  const failures = all.flatMap((lead) => (lead.pending?.state === 'failed' ? [lead.pending] : []));

  const toggle = (leadId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(leadId);
      else next.delete(leadId);
      return next;
    });

  async function change(lead: LeadRow, status: 'C' | 'I') {
    await write(
      leadStatusCall(lead.leadId, lead.fullName, status),
      status === 'C' ? LEAD_MESSAGES.claimed(lead.fullName) : LEAD_MESSAGES.deactivated,
    );
    // spec 2 §4: deactivating unselects the lead.
    if (status === 'I') toggle(lead.leadId, false);
  }

  async function convert(lead: LeadRow) {
    try {
      const { prospectId } = await modals.withLoading(convertLead(lead.leadId));
      await router.navigate({ href: `/crm/web/prospects/${prospectId}/contactInfo` });
    } catch (error) {
      // spec 2 §8: a failed conversion hides the loading overlay (done); the error catalogue has told the user. Offline
      // the button is disabled (it says it needs a connection); a connection lost on the way is said here.
      if (isOfflineError(error)) await modals.message('You are offline. Converting a lead to a prospect needs the connection.');
    }
  }

  function print() {
    if (printable.length === 0) {
      void modals.message(LEAD_MESSAGES.noneSelectedForPrint);
      return;
    }
    window.print();
  }

  const columns: DataListColumn<LeadRow>[] = [
    {
      columnName: 'select',
      displayName: 'Print',
      sortable: false,
      width: '4rem',
      render: (lead) => (
        <input
          type="checkbox"
          aria-label={`Select ${lead.fullName} for printing`}
          disabled={!canPrintLead(lead)}
          checked={selected.has(lead.leadId) && canPrintLead(lead)}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => toggle(lead.leadId, event.target.checked)}
        />
      ),
    },
    { ...column('fullName'), width: 'minmax(8rem, 1.2fr)' },
    { ...column('email'), width: 'minmax(10rem, 1.5fr)', foldOrder: 5, render: (lead) => <span title={lead.email}>{lead.email}</span> },
    {
      columnName: 'dayPhone',
      displayName: 'Phone',
      sortable: false,
      width: '9rem',
      foldOrder: 6,
      render: (lead) => formatPhone(lead.dayPhone),
    },
    {
      columnName: 'place',
      displayName: 'City',
      sortable: false,
      width: 'minmax(7rem, 1fr)',
      foldOrder: 3,
      render: (lead) => `${lead.city}, ${formatState(lead.state)}`,
    },
    {
      columnName: 'relocating',
      displayName: 'Relocating',
      sortable: false,
      width: '6rem',
      foldOrder: 1,
      render: (lead) => relocatingLabel(lead.relocating),
    },
    { columnName: 'friendlySource', displayName: 'Source', sortable: false, width: '7rem', foldOrder: 2 },
    { ...column('leadDate'), width: '7rem', foldOrder: 4, render: (lead) => formatDate(lead.leadDate) },
    {
      columnName: 'status',
      displayName: 'Status',
      sortable: false,
      width: '8rem',
      render: (lead) => (
        <span className="lead-status">
          {leadStatusLabel(lead.status)} <PendingBadge mark={lead.pending} subject={lead.fullName} />
        </span>
      ),
    },
    ...(canChange
      ? [
          {
            columnName: 'actions',
            displayName: 'Actions',
            sortable: false,
            width: '15rem',
            render: (lead: LeadRow) => (
              <div className="lead-actions" onClick={(event) => event.stopPropagation()}>
                {canClaim(lead) && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Claim ${lead.fullName}`}
                    onClick={() => void change(lead, 'C')}
                  >
                    Claim
                  </button>
                )}
                {canDeactivate(lead) && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Deactivate ${lead.fullName}`}
                    onClick={() => void change(lead, 'I')}
                  >
                    Deactivate
                  </button>
                )}
                {canConvert(lead) && !lead.pending && (
                  <ActionButton
                    className="button button--small"
                    aria-label={`Convert ${lead.fullName} to a prospect`}
                    {...(online ? {} : OFFLINE_DISABLED)}
                    onClick={() => void convert(lead)}
                  >
                    Convert
                  </ActionButton>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <div className="list-filters">
      <SelectFilter
        label="Show"
        value={filter}
        onChange={(value) => setFilter(value as LeadFilter)}
        options={LEAD_FILTERS.map((value) => ({ value, label: value }))}
      />
      <button type="button" className="button" onClick={print}>
        Print claimed leads
      </button>
    </div>
  );

  return (
    <div className="page sales-page leads-page">
      <h1 className="page__title">Leads</h1>
      <KeptListStatus what="leads" {...view.status} />
      <FailuresBanner failures={failures} actions={outboxActions} />
      <DataList
        label="Leads"
        columns={columns}
        rows={rows}
        rowKey={(lead) => lead.leadId}
        loading={view.loading}
        searchLabel="Search leads"
        searchPlaceholder="Search Leads..."
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        rowClassName={(lead) => (lead.pending ? `lead-row--${lead.pending.state}` : undefined)}
        emptyMessage="No leads match."
        toolbar={toolbar}
        estimateRowHeight={52}
      />
      <PrintSheet leads={printable} />
    </div>
  );
}
