import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { serialKey, zoneOfRecordFor, type CmhUser, type HomeSummary, type RequestType, type ServiceRequest } from '../../../../contract';
import { viewScope } from '../../../../entities/view-scope';
import { isOfflineError } from '../../../../lib/http';
import { describeAge } from '../../../../offline/age';
import { useOnline } from '../../../../offline/use-connection';
import { useNow } from '../../../../offline/use-now';
import { WriteRefusedError } from '../../../../offline/runtime';
import { createServiceRequestCall } from '../../api/calls';
import { WORK_ORDER_TOASTS } from '../../messages';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { findHome, homeAddress, plantText } from './list-rules';
import { homeKeys, keepPickedHome, searchHomes, useHomes } from '../../../../entities/homes';
import './service-list.css';

export interface AddWorkOrderScreenProps {
  user: CmhUser;
  serialNumber: string;
  plantNumber: string;
  /** From /service/add/{type}/…: handed to the review (`?type=`) for its information panel to preselect. */
  requestType?: RequestType;
}

/** Where the new request opens: its review, with the route's request type when there was one. */
const reviewOf = (requestId: number | string, requestType: RequestType | undefined) =>
  `/servicerequests/${encodeURIComponent(String(requestId))}/${requestType ? `?type=${requestType}` : ''}`;

/**
 * spec 3 §2 'Add New Work Order' (/service/add/{serialNumber}/{plantNumber}): the home, and Create Work Order,
 * which is POST /service/CreateServiceRequest for it (spec 3 §7). Offline the create waits in the outbox and the
 * review opens on its temporary id; the homes come from the device's copy.
 */
export function AddWorkOrderScreen({ user, serialNumber, plantNumber, requestType }: AddWorkOrderScreenProps) {
  const scope = viewScope(user);
  const homes = useHomes(scope);
  const found = useHomeOnServer(scope, serialNumber, plantNumber, homes.data?.data);
  const write = useWorkOrderWrite();
  const router = useRouter();
  const now = useNow();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second click before React re-renders the disabled button must not create a second request.
  const inFlight = useRef(false);

  const copy = homes.data;
  const home = (copy ? findHome(copy.data, serialNumber, plantNumber) : undefined) ?? found.data ?? undefined;
  const searching = !home && found.isFetching;

  const create = async () => {
    if (!home || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    setError(null);
    try {
      const { tempId, call } = createServiceRequestCall(home, zoneOfRecordFor(user, home));
      const outcome = await write(call, WORK_ORDER_TOASTS.created);
      const created = outcome.status === 'sent' ? (outcome.body as ServiceRequest | undefined)?.serviceRequestId : undefined;
      await router.navigate({ href: reviewOf(typeof created === 'number' ? created : tempId, requestType) });
    } catch (caught) {
      setError(caught instanceof WriteRefusedError ? caught.error.message : 'The work order could not be created. Please try again.');
      inFlight.current = false;
      setSaving(false);
    }
  };

  if (!copy || searching) {
    const offline = homes.isError && isOfflineError(homes.error);
    return (
      <div className="page add-work-order">
        <h1 className="page__title">Add New Work Order</h1>
        {homes.isError && !copy ? (
          <div className="notice notice--warning" role="alert">
            {offline
              ? 'You are offline and no copy of the homes is saved on this device yet, so the home cannot be found.'
              : 'The homes could not be loaded.'}{' '}
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

  if (!home) {
    return (
      <div className="page add-work-order">
        <h1 className="page__title">Add New Work Order</h1>
        <div className="service-empty" role="status">
          <h2 className="service-empty__title">Home not found</h2>
          <p>
            No home with serial number {serialNumber} at plant {plantNumber} is among the homes you can open a request for.
          </p>
          <Link to="/service" className="button">
            Back to Service &amp; Parts
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page add-work-order">
      <h1 className="page__title">Add New Work Order</h1>
      {copy.fromCache && (
        <p className="notice notice--info" role="status">
          Saved copy of the homes, updated {describeAge(copy.storedAt, now)}.
        </p>
      )}
      <section className="card add-work-order__home" aria-labelledby="add-work-order-home">
        <h2 id="add-work-order-home" className="add-work-order__subtitle">
          Home
        </h2>
        <dl className="add-work-order__details">
          <div>
            <dt>Serial Number</dt>
            <dd>{home.serialNumber}</dd>
          </div>
          <div>
            <dt>Plant</dt>
            <dd>{plantText(home)}</dd>
          </div>
          <div>
            <dt>Model</dt>
            <dd>{[home.modelName, home.modelNumber].filter(Boolean).join(' · ')}</dd>
          </div>
          <div>
            <dt>Homeowner</dt>
            <dd>{home.homeownerName || (home.soldDate === null ? 'Stock home (not sold yet)' : '')}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{homeAddress(home)}</dd>
          </div>
        </dl>
        {error && (
          <p className="field__errors add-work-order__error" role="alert">
            {error}
          </p>
        )}
        <div className="add-work-order__actions">
          <Link to="/service" className="button">
            Cancel
          </Link>
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            aria-busy={saving || undefined}
            onClick={() => void create()}
          >
            {saving ? 'Creating...' : 'Create Work Order'}
          </button>
        </div>
      </section>
    </div>
  );
}

/**
 * A home the device's copy does not hold (a large scope keeps HOMES_KEPT_CAP homes, contract/homes.ts), found on the
 * server by its serial number while online, and kept with the copy: the request opened for it shows it offline too.
 */
function useHomeOnServer(scope: string, serialNumber: string, plantNumber: string, copy: readonly HomeSummary[] | undefined) {
  const online = useOnline();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...homeKeys.all, 'found', scope, serialKey(serialNumber), plantNumber],
    queryFn: async ({ signal }) => {
      const home = findHome(await searchHomes(serialKey(serialNumber), signal), serialNumber, plantNumber);
      if (!home) return null;
      await keepPickedHome(scope, home);
      await queryClient.invalidateQueries({ queryKey: homeKeys.list(scope) });
      return home;
    },
    enabled: online && copy !== undefined && !findHome(copy, serialNumber, plantNumber),
    retry: false,
  });
}
