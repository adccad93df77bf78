import { paths, ServiceRequestSearchAnswer, type ServiceRequestSummary } from '../../../contract';
import type { SearchableList } from '../../../offline/use-list-search';
import { workOrderKeys } from './keys';

/*
 * The work order list searched on the server (issue 31 §3, offline/use-list-search.ts): what the device does not keep
 * (closed work orders older than the kept-list rule) is found here, online only. Filters: plant, status (as shown),
 * and in homeowner portal mode portal=only|none (list-rules.ts rowsForTab).
 */
export const workOrderSearch: SearchableList<ServiceRequestSummary> = {
  endpoint: paths.serviceRequests,
  answer: ServiceRequestSearchAnswer,
  queryKey: workOrderKeys.all,
};
