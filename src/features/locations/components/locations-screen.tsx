import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import type { Location } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { useOnline } from '../../../offline/use-connection';
import { useLocations } from '../api/get-locations';
import { useSetLocationTimeZone } from '../api/set-location-time-zone';
import { FROM_ADDRESS, fromAddressLabel, optionsWith, selectValueOf, timeZoneChoices, type TimeZoneChoices } from '../time-zone-options';
import '../locations.css';

const KIND_LABELS = { retailer: 'Retail center', plant: 'Plant' } as const;

const addressOf = (location: Location) =>
  [location.city, [location.state, location.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

interface RowProps {
  location: Location;
  organisationTimeZone: string;
  choices: TimeZoneChoices;
  online: boolean;
}

function LocationRow({ location, organisationTimeZone, choices, online }: RowProps) {
  const selectId = useId();
  const stored = selectValueOf(location.timeZone, choices);
  const [draft, setDraft] = useState(stored);
  const save = useSetLocationTimeZone();
  const options = useMemo(() => optionsWith(choices, draft), [choices, draft]);
  const kindLabel = KIND_LABELS[location.kind];

  function submit() {
    save.mutate(
      { kind: location.kind, number: location.number, timeZone: draft === FROM_ADDRESS ? null : draft },
      {
        onSuccess: (saved) =>
          notify({
            level: 'success',
            title: `Time zone of ${location.name} saved.`,
            description: `Its business day is now counted in ${saved.effectiveTimeZone}.`,
          }),
        onError: (error) => {
          // Other failures are the error catalogue's (lib/http.ts).
          if (isOfflineError(error))
            notify({ level: 'warning', title: 'You are offline.', description: 'Changing a time zone needs a connection.' });
        },
      },
    );
  }

  return (
    <tr>
      <th scope="row">
        {location.name}
        <span className="locations__kind">{kindLabel}</span>
      </th>
      <td>{location.number}</td>
      <td>{addressOf(location)}</td>
      <td>
        <label className="visually-hidden" htmlFor={selectId}>
          Time zone of {kindLabel.toLowerCase()} {location.name} ({location.number})
        </label>
        <div className="locations__zone">
          <select id={selectId} className="field__input" value={draft} onChange={(event) => setDraft(event.target.value)}>
            <option value={FROM_ADDRESS}>{fromAddressLabel(location, organisationTimeZone)}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--primary"
            onClick={submit}
            disabled={draft === stored || save.isPending || !online}
            aria-busy={save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save'}
            <span className="visually-hidden"> the time zone of {location.name}</span>
          </button>
        </div>
      </td>
      <td>{location.effectiveTimeZone}</td>
    </tr>
  );
}

/**
 * /admin/locations (issue 30 §1): the time zone of each retail center and plant the admin administers, whose day
 * dates its records. "From the address" stores none, so its state and ZIP code (else ORG_TIME_ZONE) tell it. It reads
 * and writes the server only: offline it shows what this device last loaded and saves nothing.
 */
export function LocationsScreen() {
  const locations = useLocations();
  const online = useOnline();
  const choices = useMemo(timeZoneChoices, []);
  const offlineWithoutData =
    !locations.data &&
    (isOfflineError(locations.error ?? locations.failureReason) || (locations.isPending && locations.fetchStatus === 'paused'));
  const data = locations.data;
  const rows = data?.locations ?? [];

  return (
    <div className="page locations">
      <div className="page__header">
        <h1 className="page__title">Time zones</h1>
        <div className="locations__actions">
          <Link to="/admin/users" className="button">
            Users
          </Link>
          <Link to="/admin/audit" className="button">
            Audit log
          </Link>
        </div>
      </div>
      <p className="page__lead">
        Each retail center and plant dates its work orders, parts orders, quotes and warranty cards by the day in its time zone.
      </p>

      {offlineWithoutData && (
        <p className="notice notice--warning" role="status">
          You are offline. The time zones will load when you are back online.
        </p>
      )}
      {!online && data && (
        <p className="notice notice--warning" role="status">
          You are offline. Time zones can be changed when you are back online.
        </p>
      )}
      {locations.isPending && locations.fetchStatus === 'fetching' && <p role="status">Loading time zones…</p>}
      {data && rows.length === 0 && <p>You administer no retail centers or plants.</p>}

      {data && rows.length > 0 && (
        <div className="directory-table-wrap">
          <table className="directory-table locations__table">
            <caption className="visually-hidden">Time zones of retail centers and plants</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Number</th>
                <th scope="col">City, state, ZIP</th>
                <th scope="col">Time zone</th>
                <th scope="col">Days counted in</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((location) => (
                <LocationRow
                  // A new stored zone starts the row again, its choice on what was saved.
                  key={`${location.kind}:${location.number}:${location.timeZone ?? ''}`}
                  location={location}
                  organisationTimeZone={data.organisationTimeZone}
                  choices={choices}
                  online={online}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
