import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { serialKey, type HomeSummary } from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { isEmptyDate } from '../../../lib/dates';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { readKept } from '../../../offline/cached-read';
import { useKeptDetailIds } from '../../../offline/kept-detail-ids';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { NeedsConnectionMark } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import { PendingBadge } from '../../../ui/pending-marks';
import { useHomes } from '../../../entities/homes';
import { primeQuestionSet, useDeliveryReportList } from '../api/delivery-reports';
import { DELIVERY_CACHE_KINDS } from '../api/keys';
import { pendingSubmitOf, usePendingSubmits } from '../pending';
import { DELIVERY_TITLES, deliveryRoutes } from '../routes';
import '../delivery-reports.css';

type KeepState = { status: 'idle' } | { status: 'keeping' } | { status: 'kept'; at: number } | { status: 'failed' };

/**
 * issue 12 §5: opened online, this keeps what the blank forms of the user's homes need offline — the homes (their
 * read) and the question set, which is the same for every home (read once from one home's blank form).
 */
function useKeptForms(scope: string, homes: readonly HomeSummary[] | undefined, fresh: boolean): KeepState {
  const [state, setState] = useState<KeepState>({ status: 'idle' });
  const online = useOnline();
  useEffect(() => {
    let active = true;
    void readKept(DELIVERY_CACHE_KINDS.questions, scope).then(
      (kept) => active && kept && setState((current) => (current.status === 'idle' ? { status: 'kept', at: kept.storedAt } : current)),
    );
    return () => {
      active = false;
    };
  }, [scope]);
  // Once per visit: a list refreshed later (after a submit, say) brings the same questions.
  const keptThisVisit = useRef<string>(undefined);
  useEffect(() => {
    if (!homes?.length || !fresh || !online || keptThisVisit.current === scope) return;
    setState({ status: 'keeping' });
    // Each read settles the state, even after the list moved on: a later read only repeats it.
    primeQuestionSet(scope, homes).then(
      () => {
        keptThisVisit.current = scope;
        setState({ status: 'kept', at: Date.now() });
      },
      () => setState((current) => (current.status === 'keeping' ? { status: 'failed' } : current)),
    );
  }, [scope, homes, fresh, online]);
  return state;
}

const homeKey = (plantNumber: string, serialNumber: string) => `${plantNumber}/${serialKey(serialNumber)}`;

/** spec 2 §2 delivery reports: the sold homes of the user's scope that have no report yet, each opening its blank form. */
export function DeliveryReportStartScreen({ scope }: { scope: string }) {
  const router = useRouter();
  const now = useNow();
  // The homes of the user's scope (entities/homes): the sold ones are those a report is written for.
  const homes = useHomes(scope);
  const list = useDeliveryReportList(scope);
  const pending = usePendingSubmits();

  const reported = useMemo(() => new Set((list.data?.data ?? []).map((row) => homeKey(row.plantNumber, row.serialNumber))), [list.data]);
  const rows = useMemo(
    () =>
      (homes.data?.data ?? []).filter(
        (home) => home.soldDate && !isEmptyDate(home.soldDate) && !reported.has(homeKey(home.plantNumber, home.serialNumber)),
      ),
    [homes.data, reported],
  );
  const kept = useKeptForms(scope, list.data ? rows : undefined, homes.data?.fromCache === false);
  // issue 19: every listed home's blank form opens offline once the question set is kept (the homes are the list
  // itself); until it is, while the server cannot be reached, each row says so before it is tapped. A home whose
  // report waits in the outbox opens its pending state, which is on the device.
  const online = useOnline();
  const keptQuestionSets = useKeptDetailIds(DELIVERY_CACHE_KINDS.questions);
  const formNeedsConnection = (home: HomeSummary) =>
    !online &&
    keptQuestionSets !== undefined &&
    !keptQuestionSets.has(scope) &&
    !pendingSubmitOf(pending, home.plantNumber, home.serialNumber);

  const columns: DataListColumn<HomeSummary>[] = [
    {
      columnName: 'serialNumber',
      displayName: 'Serial Number',
      filterable: true,
      width: 'minmax(9rem, 1fr)',
      render: (home) => (
        <>
          <PathLink
            href={deliveryRoutes.blankForm(home.plantNumber, home.serialNumber)}
            aria-label={`Delivery report for home ${home.serialNumber}`}
          >
            {home.serialNumber}
          </PathLink>
          {formNeedsConnection(home) && <NeedsConnectionMark />}
        </>
      ),
    },
    { columnName: 'homeownerName', displayName: 'Homeowner', filterable: true, width: 'minmax(8rem, 1fr)' },
    {
      columnName: 'plantName',
      displayName: 'Facility',
      filterable: true,
      width: 'minmax(8rem, 1fr)',
      value: (home) => `${home.plantName} (${home.plantNumber})`,
    },
    {
      columnName: 'modelNumber',
      displayName: 'Model',
      filterable: true,
      width: 'minmax(7rem, 1fr)',
      value: (home) => [home.modelNumber, home.modelName].filter(Boolean).join(' '),
    },
    {
      columnName: 'soldDate',
      displayName: 'Sold Date',
      width: '7rem',
      value: (home) => home.soldDate ?? '',
      render: (home) => formatDate(home.soldDate),
    },
    {
      columnName: 'status',
      displayName: 'Status',
      sortable: false,
      width: '8rem',
      render: (home) => (
        <PendingBadge
          mark={pendingSubmitOf(pending, home.plantNumber, home.serialNumber)}
          subject={`delivery report for home ${home.serialNumber}`}
        />
      ),
    },
  ];

  const error = homes.error ?? list.error;
  const fromCache = homes.data?.fromCache || list.data?.fromCache;
  return (
    <div className="page delivery-page">
      <h1 className="page__title">{DELIVERY_TITLES.start}</h1>
      <p className="page__lead">Sold homes without a delivery report. Open a home to fill in its delivery report.</p>
      {fromCache && homes.data && (
        <p className="notice notice--info" role="status">
          Saved copy of the homes, updated {describeAge(homes.data.storedAt, now)}. It refreshes when the connection is back.
        </p>
      )}
      {error && !(homes.data && list.data) && (
        <p className="notice notice--warning" role="alert">
          {isOfflineError(error) ? 'You are offline and the homes are not saved on this device yet.' : 'The homes could not be loaded.'}
        </p>
      )}
      <KeptFormsStatus state={kept} homes={rows.length} now={now} />
      <DataList
        label="Homes without a delivery report"
        columns={columns}
        rows={homes.data && list.data ? rows : []}
        rowKey={(home) => `${home.plantNumber}/${home.serialNumber}`}
        loading={(homes.isPending || list.isPending) && !error}
        searchLabel="Search homes"
        searchPlaceholder="Search by serial number or homeowner..."
        searchText={(home) => `${home.serialNumber} ${home.homeownerName}`}
        defaultSort={{ columnName: 'soldDate', direction: 'desc' }}
        emptyMessage="Every sold home has a delivery report."
        onRowClick={(home) => void router.navigate({ href: deliveryRoutes.blankForm(home.plantNumber, home.serialNumber) })}
      />
    </div>
  );
}

function KeptFormsStatus({ state, homes, now }: { state: KeepState; homes: number; now: number }) {
  if (state.status === 'idle') return null;
  const text =
    state.status === 'keeping'
      ? 'Saving the delivery forms on this device...'
      : state.status === 'failed'
        ? 'The delivery forms could not be saved on this device; they open only with a connection.'
        : `The delivery forms of these ${homes} homes open offline on this device (saved ${describeAge(state.at, now)}).`;
  return (
    <p className={`notice ${state.status === 'failed' ? 'notice--warning' : 'notice--info'} delivery-page__kept`} role="status">
      {text}
    </p>
  );
}
