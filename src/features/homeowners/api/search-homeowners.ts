import { HomeownerSearchAnswer, paths, type WarrantyCard } from '../../../contract';
import type { SearchableList } from '../../../offline/use-list-search';
import { homeownerKeys } from './keys';

/*
 * My Homeowners searched on the server (issue 31 §3, offline/use-list-search.ts): what the device does not keep (cards
 * of homes without an open work order, unchanged for longer than the kept-list rule) is found here, online only.
 * Filter: status (as shown; 'incomplete only' is Incomplete).
 */
export const homeownerSearch: SearchableList<WarrantyCard> = {
  endpoint: paths.homeowners,
  answer: HomeownerSearchAnswer,
  queryKey: homeownerKeys.all,
};
