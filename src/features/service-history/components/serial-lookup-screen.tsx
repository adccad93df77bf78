import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CmhUser } from '../../../contract';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/use-now';
import { canSeeServiceRecords } from '../../../lib/permissions';
import { lookupHomesQueryOptions, mayLackHomes, serverLookupQueryOptions } from '../api/get-lookup-homes';
import { useOnline } from '../../../offline/use-connection';
import { HISTORY_MESSAGES } from '../messages';
import { homesMatchingSerialDigits, plantText } from '../model';
import { isMissingOffline } from './history-sections';
import { ServiceHistoryScreen, ServiceHistoryTitle } from './service-history-screen';
import { viewScope } from '../../../entities/view-scope';
import './service-history.css';

export interface SerialLookupScreenProps {
  serialDigits: string;
  plantNumber: string;
  user: CmhUser;
}

/**
 * The header link's form of the screen (spec 1 §2: /serviceHistory/{serial digits 4-9}/{plantNumber}): the
 * home is the one among the user's homes whose serial number has these characters at index 3 to 9 and
 * whose plant matches. None: a not-found state; several: the user chooses.
 */
export function SerialLookupScreen({ serialDigits, plantNumber, user }: SerialLookupScreenProps) {
  const scope = viewScope(user);
  const source = canSeeServiceRecords(user) ? 'homes' : 'homeowners';
  const homes = useQuery(lookupHomesQueryOptions(scope, source));
  const now = useNow();
  const online = useOnline();
  const keptMatches = homes.data ? homesMatchingSerialDigits(homes.data.data, serialDigits, plantNumber) : [];
  // Not among the homes kept of a large scope: the server's search may find it.
  const onServer = useQuery(
    serverLookupQueryOptions(
      scope,
      serialDigits,
      online && source === 'homes' && keptMatches.length === 0 && mayLackHomes(homes.data?.data ?? []),
    ),
  );

  if (!homes.data) {
    return (
      <div className="page service-history">
        <ServiceHistoryTitle />
        {isMissingOffline(homes) || homes.isError ? (
          <div className="history-message notice notice--warning" role="alert">
            {isMissingOffline(homes) ? HISTORY_MESSAGES.lookup.offline : HISTORY_MESSAGES.lookup.failed}{' '}
            <button type="button" className="button button--link" onClick={() => void homes.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="page__loading" role="status">
            Loading...
          </p>
        )}
      </div>
    );
  }

  if (onServer.isFetching) {
    return (
      <div className="page service-history">
        <ServiceHistoryTitle />
        <p className="page__loading" role="status">
          Loading...
        </p>
      </div>
    );
  }
  const matches = keptMatches.length > 0 ? keptMatches : homesMatchingSerialDigits(onServer.data ?? [], serialDigits, plantNumber);
  if (matches.length === 1) return <ServiceHistoryScreen assetId={matches[0]!.assetId} user={user} knownHome={matches[0]} />;

  return (
    <div className="page service-history">
      <ServiceHistoryTitle />
      {homes.data.fromCache && (
        <p className="history-age notice notice--info" role="status">
          Saved copy of the homes, updated {describeAge(homes.data.storedAt, now)}.
        </p>
      )}
      {matches.length === 0 ? (
        <div className="history-empty-state" role="status">
          <h2 className="history-empty-state__title">{HISTORY_MESSAGES.homeNotFound}</h2>
          <p>
            No home with serial digits {serialDigits} at plant {plantNumber} is among the homes you can see.
          </p>
          <Link to="/home" className="button">
            Back to Home
          </Link>
        </div>
      ) : (
        <section className="history-section card" aria-labelledby="history-choose-home">
          <h2 id="history-choose-home" className="history-section__title">
            Choose a home
          </h2>
          <p>{HISTORY_MESSAGES.severalHomes}</p>
          <ul className="history-choices">
            {matches.map((home) => (
              <li key={home.assetId}>
                <Link to="/serviceHistory/$assetId" params={{ assetId: home.assetId }} className="history-choice">
                  <span className="history-choice__serial">{home.serialNumber}</span>
                  <span>{plantText(home)}</span>
                  {home.homeownerName && <span>{home.homeownerName}</span>}
                  {home.modelName && <span>{home.modelName}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
