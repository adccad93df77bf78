import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { OpenPartsOrderRow, ServiceRequestSummaryRow, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';

/** GET {api}/Reports/OpenServiceRequests, kept on the device so the report last loaded reads offline with its age. */
export const useOpenServiceRequests = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'open-service-requests', scope],
    queryFn: () => readThrough('report:open-service-requests', scope, () => request(paths.openServiceRequestsReport, { schema: v.array(ServiceRequestSummaryRow) })),
    meta: NOT_PERSISTED,
    enabled,
  });

/** GET {api}/Reports/OpenPartsOrders, kept the same way. */
export const useOpenPartsOrders = (scope: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'open-parts-orders', scope],
    queryFn: () => readThrough('report:open-parts-orders', scope, () => request(paths.openPartsOrdersReport, { schema: v.array(OpenPartsOrderRow) })),
    meta: NOT_PERSISTED,
    enabled,
  });
