import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  businessDay,
  zoneOfUser,
  NPS_MESSAGES,
  NPS_PERIODS,
  npsColorBand,
  npsWindow,
  upcomingWindow,
  type CmhUser,
  type NpsPeriod,
  type NpsScore,
} from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { deriveFlags } from '../../../lib/permissions';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { useKeptDetailIds } from '../../../offline/kept-detail-ids';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { useNpsDetails, useNpsScore, useNpsUpcomingCalls } from '../api/nps';
import { COLOR_BAND_LABELS } from '../list-rules';
import { NpsChart } from './nps-chart';
import { CompletedCalls, UpcomingCalls, type HistoryKept } from './nps-lists';
import { TabList } from '../../../ui/tab-list';
import '../nps.css';

type Tab = 'upcoming' | 'completed';
const TABS: { value: Tab; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming Calls' },
  { value: 'completed', label: 'Completed Calls' },
];

interface Read<T> {
  data?: CachedRead<T>;
  isPending: boolean;
  error: unknown;
  /** The last failure while the query retries (offline, its retries wait for the connection with no error set). */
  failureReason: unknown;
}

/** Why a read has no data yet, if it failed: so that offline with no saved copy says so instead of loading forever. */
const problemOf = (read: Read<unknown>) => read.error ?? read.failureReason;
const isLoading = (read: Read<unknown>) => read.isPending && !problemOf(read);

/** The saved-copy notice: the oldest copy shown, when any part of the screen comes from the device. */
function SavedCopyNotice({ reads, now }: { reads: Read<unknown>[]; now: number }) {
  const cached = reads.flatMap((read) => (read.data?.fromCache ? [read.data.storedAt] : []));
  const missing = reads.find((read) => !read.data && problemOf(read));
  let notice: ReactNode = null;
  if (cached.length > 0) {
    notice = (
      <p className="notice notice--info" role="status">
        Saved copy, updated {describeAge(Math.min(...cached), now)}. It refreshes when the connection is back.
      </p>
    );
  }
  if (missing) {
    notice = (
      <>
        {notice}
        <p className="notice notice--warning" role="alert">
          {isOfflineError(problemOf(missing))
            ? 'You are offline and this part of the NPS dashboard is not saved on this device yet.'
            : 'The NPS dashboard could not be loaded.'}
        </p>
      </>
    );
  }
  return notice;
}

function PeriodSwitch({ period, onChange }: { period: NpsPeriod; onChange: (period: NpsPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className="field field__group nps-period">
      <legend className="field__label">Period</legend>
      <div className="field__choices field__choices--inline">
        {(Object.keys(NPS_PERIODS) as NpsPeriod[]).map((value) => (
          <label key={value} className="field__choice">
            <input type="radio" name={name} value={value} checked={period === value} onChange={() => onChange(value)} />
            <span>{NPS_PERIODS[value]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The total NPS coloured by its band (spec 2 §4, §9), the band also in words so colour is not the only sign. */
function TotalScore({ score }: { score: NpsScore }) {
  const band = npsColorBand(score.totalNPS);
  const answered = score.promoterCount + score.passiveCount + score.detractorCount;
  return (
    <section className={`nps-total nps-total--${band}`} aria-labelledby="nps-total-title">
      <h2 id="nps-total-title" className="nps-total__title">
        Total NPS
      </h2>
      <p className="nps-total__score">
        <span className="nps-total__value" data-testid="nps-total">
          {score.totalNPS}
        </span>{' '}
        <span className="nps-total__band">{COLOR_BAND_LABELS[band]}</span>
      </p>
      <p className="nps-total__detail">
        {answered === 0 ? NPS_MESSAGES.noCalls : `${answered} completed call${answered === 1 ? '' : 's'}`} · Prior year{' '}
        {score.previousTotalNPS}
      </p>
    </section>
  );
}

/**
 * Which homes' service history is on the device, while the server cannot be reached (issue 19): the history is kept
 * under `kind` (offline/cached-read) by home (assetId) when it was opened, or kept for the homes of open work orders.
 */
function useHistoryKept(kind: string): HistoryKept {
  const online = useOnline();
  const kept = useKeptDetailIds(kind);
  return useMemo(() => (online || kept === undefined ? undefined : (assetId: number) => kept.has(String(assetId))), [online, kept]);
}

/**
 * spec 2 §2 NPS (/nps): 12-month rolling or year to date, the total score, the bar chart against the prior year, and
 * the upcoming and completed calls. What was last loaded reads offline with its age. An upcoming call opens nothing; a
 * completed call's customer opens the home's service history (another feature's screen), whose kept copies are under
 * `serviceHistoryKind`, handed over by the route.
 */
export function NpsScreen({ user, scope, serviceHistoryKind }: { user: CmhUser; scope: string; serviceHistoryKind: string }) {
  const idPrefix = useId();
  const now = useNow();
  // "Today" is the business day where the user works (the server's too), fixed while the screen is open so that the
  // windows do not move under it.
  const today = useMemo(() => businessDay(zoneOfUser(user)), [user]);
  const [period, setPeriod] = useState<NpsPeriod>('rolling');
  const [tab, setTab] = useState<Tab>('upcoming');
  const periodWindow = useMemo(() => npsWindow(period, today), [period, today]);
  const upcoming = useMemo(() => upcomingWindow(today), [today]);
  const score = useNpsScore(scope, period, periodWindow);
  const details = useNpsDetails(scope, period, periodWindow);
  const calls = useNpsUpcomingCalls(scope, upcoming);
  const linkToServiceHistory = deriveFlags(user).isServiceViewer;
  const historyKept = useHistoryKept(serviceHistoryKind);
  const scoreRecord = score.data?.data;

  return (
    <div className="page nps-page">
      <h1 className="page__title">NPS</h1>
      <SavedCopyNotice reads={[score, details, calls]} now={now} />
      <PeriodSwitch period={period} onChange={setPeriod} />
      <div className="nps-summary">
        {scoreRecord ? (
          <>
            <TotalScore score={scoreRecord} />
            <NpsChart score={scoreRecord} />
          </>
        ) : (
          isLoading(score) && (
            <p className="nps-loading" role="status">
              Loading...
            </p>
          )
        )}
      </div>
      <TabList label="NPS calls" tabs={TABS} active={tab} onChange={setTab} idPrefix={idPrefix} />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`} className="nps-panel">
        {tab === 'upcoming' ? (
          <UpcomingCalls calls={calls.data?.data ?? []} loading={isLoading(calls)} />
        ) : (
          <CompletedCalls
            rows={details.data?.data ?? []}
            loading={isLoading(details)}
            linkToServiceHistory={linkToServiceHistory}
            historyKept={historyKept}
          />
        )}
      </div>
    </div>
  );
}
