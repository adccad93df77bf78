import { paths, PartsOrderSearchAnswer, type PartsOrderSummary } from '../../../contract';
import type { SearchableList } from '../../../offline/use-list-search';
import { partsOrderKeys } from './keys';

/*
 * The parts list searched on the server (issue 31 §3, offline/use-list-search.ts): what the device does not keep
 * (closed parts orders older than the kept-list rule) is found here, online only. Filters: plant, status (as shown).
 */
export const partsOrderSearch: SearchableList<PartsOrderSummary> = {
  endpoint: paths.partsOrders,
  answer: PartsOrderSearchAnswer,
  queryKey: partsOrderKeys.all,
};
