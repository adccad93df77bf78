import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  DELIVERY_FORM_SURVEY_ID,
  DeliveryReportListRow,
  OpenPartsOrderRow,
  PaidServiceOrderRow,
  ReceivableServiceOrderRow,
  ServiceRequestSummaryRow,
  paths,
  type PaidServiceOrderQuery,
} from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';

/*
 * Each report is kept on the device when it loads (readThrough), so the report last loaded reads offline with its
 * age: per user and scope, and the paid report per date range as well.
 */

/** GET {api}/Reports/OpenServiceRequests. */
export const useOpenServiceRequests = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'open-service-requests', scope],
    queryFn: () =>
      readThrough('report:open-service-requests', scope, () =>
        request(paths.openServiceRequestsReport, { schema: v.array(ServiceRequestSummaryRow) }),
      ),
    meta: NOT_PERSISTED,
    enabled,
  });

/** GET {api}/Reports/OpenPartsOrders. */
export const useOpenPartsOrders = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'open-parts-orders', scope],
    queryFn: () =>
      readThrough('report:open-parts-orders', scope, () => request(paths.openPartsOrdersReport, { schema: v.array(OpenPartsOrderRow) })),
    meta: NOT_PERSISTED,
    enabled,
  });

/** GET {api}/Reports/PaidServiceOrderReport?startDate&endDate; nothing is asked while the dates are not valid (null). */
export const usePaidServiceOrders = (scope: string, range: PaidServiceOrderQuery | null, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'paid-service-orders', scope, range?.startDate, range?.endDate],
    queryFn: () =>
      readThrough('report:paid-service-orders', `${scope}:${range!.startDate}:${range!.endDate}`, () =>
        request(paths.paidServiceOrdersReport, { query: { ...range! }, schema: v.array(PaidServiceOrderRow) }),
      ),
    meta: NOT_PERSISTED,
    enabled: enabled && range !== null,
  });

/** GET {api}/Reports/ReceivableServiceOrderReport. */
export const useReceivableServiceOrders = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'receivable-service-orders', scope],
    queryFn: () =>
      readThrough('report:receivable-service-orders', scope, () =>
        request(paths.receivableServiceOrdersReport, { schema: v.array(ReceivableServiceOrderRow) }),
      ),
    meta: NOT_PERSISTED,
    enabled,
  });

/** GET {api}/Survey?surveyId=1: the delivery report list (spec 2 §7). */
export const useDeliveryReportList = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'delivery-reports', scope],
    queryFn: () =>
      readThrough('report:delivery-reports', scope, () =>
        request(paths.surveys, { query: { surveyId: String(DELIVERY_FORM_SURVEY_ID) }, schema: v.array(DeliveryReportListRow) }),
      ),
    meta: NOT_PERSISTED,
    enabled,
  });
