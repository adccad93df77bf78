import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { canEditWarrantyCards, type PermissionSubject } from '../../../lib/permissions';
import { useNow } from '../../../offline/use-now';
import { canSeeServiceRecords } from '../../../lib/permissions';
import { homeWarrantyQueryOptions, isHomeNotFound } from '../api/get-home-warranty';
import { partsLinesQueryOptions } from '../api/get-parts-lines';
import { requestLinesQueryOptions } from '../api/get-request-lines';
import { HISTORY_MESSAGES } from '../messages';
import { homeOfHistory, type LookupHome } from '../model';
import {
  CachedReadBody,
  HistorySection,
  HomeDetails,
  isMissingOffline,
  PartsLines,
  RequestLines,
  WarrantyCardDetails,
} from './history-sections';
import './service-history.css';

export interface ServiceHistoryScreenProps {
  assetId: number;
  user: PermissionSubject;
  /** The home as the header-link lookup found it: fills what the history itself does not tell. */
  knownHome?: LookupHome;
}

/** spec 3 §2 /service/myhomeowners/warranty/{plantNumber}/{serialNumber}: the warranty panel, in add mode for a home with no card. */
const addCardHref = (home: { plantNumber: string; serialNumber: string }) =>
  home.plantNumber && home.serialNumber
    ? `/service/myhomeowners/warranty/${encodeURIComponent(home.plantNumber)}/${encodeURIComponent(home.serialNumber)}`
    : undefined;

export function ServiceHistoryTitle() {
  return <h1 className="page__title">Service History</h1>;
}

/**
 * spec 3 §2 Service history (/serviceHistory/{assetId}): the home, its warranty card, its service request
 * lines with their items and its parts lines. Each read is kept on the device (offline/cached-read), so a
 * home opened once online can be read offline, with the age of its copy shown.
 */
export function ServiceHistoryScreen({ assetId, user, knownHome }: ServiceHistoryScreenProps) {
  const withRecords = canSeeServiceRecords(user);
  const warranty = useQuery(homeWarrantyQueryOptions(assetId));
  const requests = useQuery({ ...requestLinesQueryOptions(assetId), enabled: withRecords });
  const parts = useQuery({ ...partsLinesQueryOptions(assetId), enabled: withRecords });
  const now = useNow();

  if (warranty.isError && isHomeNotFound(warranty.error)) {
    return (
      <div className="page service-history">
        <ServiceHistoryTitle />
        <div className="history-empty-state" role="status">
          <h2 className="history-empty-state__title">{HISTORY_MESSAGES.homeNotFound}</h2>
          <p>{HISTORY_MESSAGES.homeNotFoundDetail}</p>
          <Link to="/home" className="button">
            Back to Home
          </Link>
        </div>
      </div>
    );
  }

  const reads = withRecords ? [warranty, requests, parts] : [warranty];
  if (reads.every(isMissingOffline)) {
    return (
      <div className="page service-history">
        <ServiceHistoryTitle />
        {/* Said plainly, with no Try again: it opens by itself when the connection is back (issue 19). */}
        <p className="history-empty-state notice notice--info" role="status">
          {HISTORY_MESSAGES.notOnDevice}
        </p>
      </div>
    );
  }

  const home = homeOfHistory(assetId, {
    card: warranty.data?.data,
    requests: requests.data?.data,
    parts: parts.data?.data,
    known: knownHome,
  });
  const homeKnown = knownHome !== undefined || reads.some((read) => read.data !== undefined);
  const homeLoading = !homeKnown && reads.some((read) => read.isPending && read.fetchStatus === 'fetching');

  return (
    <div className="page service-history">
      <ServiceHistoryTitle />
      {homeKnown && <HomeDetails home={home} />}
      {homeLoading && (
        <HistorySection title="Home">
          <p className="history-loading" role="status">
            Loading...
          </p>
        </HistorySection>
      )}
      <HistorySection title="Warranty Card">
        <CachedReadBody query={warranty} messages={HISTORY_MESSAGES.warranty} now={now}>
          {(card) => <WarrantyCardDetails card={card} addHref={canEditWarrantyCards(user) ? addCardHref(home) : undefined} />}
        </CachedReadBody>
      </HistorySection>
      {withRecords && (
        <>
          <HistorySection title="Service Requests">
            <CachedReadBody query={requests} messages={HISTORY_MESSAGES.requests} now={now}>
              {(lines) => <RequestLines lines={lines} />}
            </CachedReadBody>
          </HistorySection>
          <HistorySection title="Parts Orders">
            <CachedReadBody query={parts} messages={HISTORY_MESSAGES.parts} now={now}>
              {(lines) => <PartsLines lines={lines} />}
            </CachedReadBody>
          </HistorySection>
        </>
      )}
    </div>
  );
}
