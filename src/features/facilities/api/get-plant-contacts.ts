import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, PlantContactList } from '../../../contract';
import { request } from '../../../lib/http';
import { facilityKeys } from './keys';

/** GET {api}/Contact/Plants: how to reach the plants that serve the current retailer (My Plants). */
export const getPlantContacts = () => request(paths.plantContacts, { schema: PlantContactList });

export const plantContactsQueryOptions = (retailerNumber: string | null) =>
  queryOptions({ queryKey: facilityKeys.plantContacts(retailerNumber), queryFn: getPlantContacts, staleTime: 60 * 60 * 1000 });

export const usePlantContacts = (retailerNumber: string | null) => useQuery(plantContactsQueryOptions(retailerNumber));
