import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { digitsOnly, mainPhoneForDisplay, warrantyStatusLabel, type WarrantyCard } from '../../../contract';
import { formatPhone, formatState } from '../../../lib/formats';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { KEPT_DETAIL_KINDS } from '../../../entities/kept-details';
import { useNeedsConnection } from '../../../offline/kept-detail-ids';
import { NeedsConnectionMark } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import {
  historyDate,
  partsLineHref,
  partsLineTitle,
  plantText,
  requestLineHref,
  requestLineStatus,
  requestLineTitle,
  type HistoryHome,
  type PartsLine,
  type RequestLine,
} from '../model';

export function HistorySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="history-section card" aria-labelledby={id}>
      <h2 id={id} className="history-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="history-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Whether a read could not reach the server and has no copy on this device. The app's queries run once
 * even offline and then pause their retries until the connection returns, so the offline failure is the
 * paused query's failureReason, not (yet) its error.
 */
export const isMissingOffline = (query: Pick<UseQueryResult, 'data' | 'error' | 'failureReason'>) =>
  query.data === undefined && isOfflineError(query.error ?? query.failureReason);

/**
 * One read of the screen in its states: loading; offline without a kept copy (this home's history is not on
 * this device); another failure; or the data, with the age of a kept copy so nobody takes it for live data.
 */
export function CachedReadBody<T>({
  query,
  messages,
  now,
  children,
}: {
  query: UseQueryResult<CachedRead<T>>;
  messages: { offline: string; failed: string };
  now: number;
  children: (data: T) => ReactNode;
}) {
  if (query.data) {
    return (
      <>
        {query.data.fromCache && (
          <p className="history-age notice notice--info" role="status">
            Saved copy, updated {describeAge(query.data.storedAt, now)}.
          </p>
        )}
        {children(query.data.data)}
      </>
    );
  }
  // Not on this device: said plainly, with no Try again, which would fail the same way until the connection is back (issue 19).
  if (isMissingOffline(query)) {
    return (
      <p className="history-message notice notice--info" role="status">
        {messages.offline}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="history-message notice notice--warning" role="alert">
        {messages.failed}{' '}
        <button type="button" className="button button--link" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="history-loading" role="status">
      Loading...
    </p>
  );
}

export function HomeDetails({ home }: { home: HistoryHome }) {
  const model = [home.modelName, home.modelNumber].filter(Boolean).join(' · ');
  return (
    <HistorySection title="Home">
      <dl className="history-fields">
        <Field label="Serial Number">{home.serialNumber}</Field>
        <Field label="Plant">{plantText(home)}</Field>
        <Field label="Model">{model}</Field>
        <Field label="Homeowner">{home.homeownerName}</Field>
      </dl>
    </HistorySection>
  );
}

const phoneText = (digits: string) => (digits.length === 10 ? formatPhone(digits) : '');

const nameOnCard = (card: WarrantyCard) =>
  [card.firstName, card.middleInitial, card.lastName, card.suffix]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

const ownerAddress = (card: WarrantyCard) => {
  const cityLine = [card.city.trim(), [formatState(card.state), card.zipCode.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [card.address1.trim(), cityLine].filter(Boolean).join(', ');
};

/** The card, or 'No warranty card' — with a link to add it where the user may (`addHref`). */
export function WarrantyCardDetails({ card, addHref }: { card: WarrantyCard | null; addHref?: string }) {
  if (!card) {
    return (
      <p className="history-empty">
        No warranty card
        {addHref && (
          <>
            {' '}
            <PathLink href={addHref} className="button">
              Add Warranty Card
            </PathLink>
          </>
        )}
      </p>
    );
  }
  return (
    <dl className="history-fields">
      <Field label="Name">{nameOnCard(card)}</Field>
      <Field label="Address">{ownerAddress(card)}</Field>
      {card.showHomeAddress && card.homeAddress.trim() !== '' && <Field label="Home Address">{card.homeAddress.trim()}</Field>}
      <Field label="Email">{card.emailAddress}</Field>
      <Field label="Phone">{phoneText(mainPhoneForDisplay(card))}</Field>
      <Field label="Cell Phone">{phoneText(digitsOnly(card.cellAreaCode) + digitsOnly(card.cellPhoneNumber))}</Field>
      <Field label="Home Phone">{phoneText(digitsOnly(card.homePhoneNumber))}</Field>
      <Field label="Sold Date">{historyDate(card.soldDate)}</Field>
      <Field label="Status">{warrantyStatusLabel(card.statusCode)}</Field>
      <Field label="NPS Date">{historyDate(card.npsDate)}</Field>
    </dl>
  );
}

/** A line whose record is not kept on the device (open work is; a closed one once opened) says so offline (issue 19). */
export function RequestLines({ lines }: { lines: readonly RequestLine[] }) {
  const needsConnection = useNeedsConnection(KEPT_DETAIL_KINDS.serviceRequest);
  if (lines.length === 0) return <p className="history-empty">No service requests for this home.</p>;
  return (
    <ol className="history-lines">
      {lines.map((line) => (
        <li key={line.serviceRequestId} className="history-line">
          <div className="history-line__header">
            <h3 className="history-line__title">
              <PathLink href={requestLineHref(line)}>{requestLineTitle(line)}</PathLink>
            </h3>
            {needsConnection(String(line.serviceRequestId)) && <NeedsConnectionMark />}
            <span className="history-line__status">{requestLineStatus(line)}</span>
          </div>
          <dl className="history-fields history-fields--line">
            <Field label="Request Date">{historyDate(line.requestDate)}</Field>
            <Field label="Performed Date">{historyDate(line.performedDate)}</Field>
          </dl>
          {line.items.length === 0 ? (
            <p className="history-empty">No service items.</p>
          ) : (
            <ul className="history-items" aria-label={`Service items of ${requestLineTitle(line)}`}>
              {line.items.map((item) => (
                <li key={item.serviceRequestItemId} className="history-item">
                  <dl className="history-fields history-fields--item">
                    <Field label="Problem">{item.problemDescription}</Field>
                    <Field label="Cause">{item.determinedCause}</Field>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export function PartsLines({ lines }: { lines: readonly PartsLine[] }) {
  const needsConnection = useNeedsConnection(KEPT_DETAIL_KINDS.partsOrder);
  if (lines.length === 0) return <p className="history-empty">No parts orders for this home.</p>;
  return (
    <ol className="history-lines">
      {lines.map((line) => (
        <li key={line.partsOrderId} className="history-line">
          <div className="history-line__header">
            <h3 className="history-line__title">
              <PathLink href={partsLineHref(line)}>{partsLineTitle(line)}</PathLink>
            </h3>
            {needsConnection(String(line.partsOrderId)) && <NeedsConnectionMark />}
            <span className="history-line__status">{line.orderStatus}</span>
          </div>
          <dl className="history-fields history-fields--line">
            <Field label="Order Date">{historyDate(line.orderDate)}</Field>
            <Field label="Ship Date">{historyDate(line.expectedShipDate)}</Field>
          </dl>
          {line.items.length === 0 ? (
            <p className="history-empty">No parts on this order.</p>
          ) : (
            <ul className="history-items" aria-label={`Parts of ${partsLineTitle(line)}`}>
              {line.items.map((item) => (
                <li key={item.partsOrderItemId} className="history-item history-item--part">
                  <span className="history-item__quantity">
                    {[item.quantity, item.unitOfMeasure].filter((part) => part !== '').join(' ')}
                  </span>
                  <span className="history-item__description">{item.partDescription || item.partNumber}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
