import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ServiceRequestSummaryView } from '../../model';
import { useWorkOrderListView } from '../../use-request-view';
import { PathLink } from '../../../../ui/path-link';
import { REVIEW_LOAD_ERROR_MESSAGE, REVIEW_NOT_FOUND_MESSAGE, SERVICE_PATH } from './review-screen';
import './review.css';

const sameNumber = (a: string, b: string) =>
  a.trim().toUpperCase() === b.trim().toUpperCase() || (/^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b));

/** The request a /servicerequests/{plantNumber}/{serviceRequestNumber} address names, among the rows the user sees. */
export function findByNumber(rows: readonly ServiceRequestSummaryView[], plantNumber: string, requestNumber: string) {
  return rows.find(
    (row) =>
      sameNumber(row.plantNumber, plantNumber) &&
      (sameNumber(row.serviceRequestNumber, requestNumber) ||
        (row.vantageWorkOrderNumber !== null && sameNumber(row.vantageWorkOrderNumber, requestNumber))),
  );
}

/** spec 3 §2 /servicerequests/{plantNumber}/{serviceRequestNumber}: finds the request in the (cached) list and opens its review. */
export function RequestLookup({ plantNumber, requestNumber, scope }: { plantNumber: string; requestNumber: string; scope: string }) {
  const { rows, query } = useWorkOrderListView(scope);
  const router = useRouter();
  const found = findByNumber(rows, plantNumber, requestNumber);
  const target = found ? `/servicerequests/${encodeURIComponent(found.key)}/` : undefined;
  useEffect(() => {
    if (target) void router.navigate({ href: target, replace: true });
  }, [target, router]);

  return (
    <div className="page work-order-review">
      <h1 className="page__title">Work Order</h1>
      {target || query.isPending ? (
        <p className="page__loading" role="status">
          Loading work order...
        </p>
      ) : query.isError && !query.data ? (
        <p className="notice notice--warning" role="alert">
          {REVIEW_LOAD_ERROR_MESSAGE}
        </p>
      ) : (
        <>
          <p className="notice notice--warning" role="status">
            {REVIEW_NOT_FOUND_MESSAGE}
          </p>
          <PathLink href={SERVICE_PATH}>Back to Service &amp; Parts</PathLink>
        </>
      )}
    </div>
  );
}
