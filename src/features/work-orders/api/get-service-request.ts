import { queryOptions } from '@tanstack/react-query';
import { paths, ServiceRequestAnswer } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough, readThroughAlias } from '../../../offline/cached-read';
import { CACHE_KINDS, workOrderKeys } from './keys';

/** GET {api}/service/{serviceRequestId} (spec 3 §7). Kept on the device once opened. */
export const getServiceRequest = (serviceRequestId: number) =>
  request(paths.serviceRequest(serviceRequestId), { schema: ServiceRequestAnswer, handles: [404] });

/** GET {api}/service/workorders/{workOrderId} (spec 3 §7). */
export const getWorkOrder = (workOrderId: number) =>
  request(paths.workOrder(workOrderId), { schema: ServiceRequestAnswer, handles: [404] });

// A request is kept under its own id whichever address read it, so either route finds it offline.
export const serviceRequestQueryOptions = (serviceRequestId: number) =>
  queryOptions({
    queryKey: workOrderKeys.detail(serviceRequestId),
    queryFn: () => readThrough(CACHE_KINDS.detail, String(serviceRequestId), () => getServiceRequest(serviceRequestId)),
    meta: NOT_PERSISTED,
  });

export const workOrderQueryOptions = (workOrderId: number) =>
  queryOptions({
    queryKey: workOrderKeys.byWorkOrder(workOrderId),
    queryFn: () =>
      readThroughAlias(
        CACHE_KINDS.detail,
        () => getWorkOrder(workOrderId),
        (request) => String(request.serviceRequestId),
        (request) => request.vantageWorkOrderId === workOrderId,
      ),
    meta: NOT_PERSISTED,
  });
