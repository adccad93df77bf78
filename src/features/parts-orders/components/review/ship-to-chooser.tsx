import { useId, useState } from 'react';
import { defaultShipTo, PARTS_ORDER_MESSAGES, shipToFieldsOf, type ShipToLocation } from '../../../../contract';
import { isOfflineError } from '../../../../lib/http';
import { notify } from '../../../../lib/notifier';
import { updateShipToCall } from '../../api/calls';
import { useShipToLocations } from '../../api/get-ship-to-locations';
import { orderRef, type PartsOrderView } from '../../model';
import { usePartsOrderWrite } from '../../use-parts-order-write';
import { PendingBadge } from '../../../../ui/pending-marks';
import { locationAddress, refusalMessage, savedShipToText, shipToChoices } from './review-model';

export const SHIP_TO_LEGEND = 'Ship to';

const locationKey = (location: ShipToLocation) => `${location.order}:${location.name}`;

/**
 * spec 3 §2, §4 shipping location chooser: the retailer's locations and, on a customer order, the home. On first
 * load the choice is the saved one (matched on the first 35 characters of its name) or else the retailer;
 * choosing another saves it to the staged order (PUT with the order's rowVersion).
 */
export function ShipToChooser({ view, editable }: { view: PartsOrderView; editable: boolean }) {
  const retailerNumber = view.retailerNumber;
  const locations = useShipToLocations(retailerNumber);
  const write = usePartsOrderWrite();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const choices = shipToChoices(locations.data?.data ?? [], view.customerShipTo);
  const chosen = defaultShipTo(choices, view.shipToAddressName);

  async function choose(location: ShipToLocation) {
    if (chosen && locationKey(chosen) === locationKey(location)) return;
    setSaving(true);
    try {
      await write(
        updateShipToCall(orderRef(view), { ...shipToFieldsOf(location), rowVersion: view.rowVersion }),
        PARTS_ORDER_MESSAGES.updated,
      );
    } catch (error) {
      notify({
        level: 'warning',
        title: 'The ship-to location was not saved.',
        description: error instanceof Error ? refusalMessage(error.message) : undefined,
      });
    } finally {
      setSaving(false);
    }
  }

  const waiting = locations.isPending && locations.fetchStatus === 'fetching';
  const unavailable = choices.length === 0 && !waiting;
  return (
    <section className="po-section card" aria-labelledby={`${id}-title`}>
      <div className="review-section__header">
        <h2 id={`${id}-title`}>{SHIP_TO_LEGEND}</h2>
        <PendingBadge mark={view.pendingShipTo} subject="ship-to location" />
      </div>
      {waiting && (
        <p className="page__loading" role="status">
          Loading shipping locations...
        </p>
      )}
      {unavailable && (
        <>
          <p className="po-ship-to__saved">{savedShipToText(view) || 'No shipping location is chosen yet.'}</p>
          {editable && (
            <p className="notice notice--info" role="status">
              {locations.isError && isOfflineError(locations.error)
                ? 'The shipping locations are not saved on this device: they can be chosen when the connection is back.'
                : 'No shipping locations are available for this retail center.'}
            </p>
          )}
        </>
      )}
      {choices.length > 0 && (
        <fieldset className="po-ship-to" disabled={!editable || saving} aria-busy={saving || undefined}>
          <legend className="visually-hidden">{SHIP_TO_LEGEND}</legend>
          {choices.map((location, index) => {
            const key = locationKey(location);
            const selected = chosen !== undefined && locationKey(chosen) === key;
            const choiceId = `${id}-choice-${index}`;
            return (
              <label key={key} className={`po-ship-to__choice${selected ? ' po-ship-to__choice--selected' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-ship-to`}
                  value={key}
                  checked={selected}
                  aria-labelledby={`${choiceId}-name`}
                  aria-describedby={`${choiceId}-details`}
                  onChange={() => void choose(location)}
                />
                <span className="po-ship-to__text">
                  <span className="po-ship-to__name" id={`${choiceId}-name`}>
                    {location.name}
                  </span>
                  <span id={`${choiceId}-details`}>
                    <span className="po-ship-to__address">{locationAddress(location)}</span>
                    <span className="po-ship-to__kind">{location.order === 2 ? ' · Home address' : ' · Retailer'}</span>
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
