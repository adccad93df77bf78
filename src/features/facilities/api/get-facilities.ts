import { queryOptions, useQuery } from '@tanstack/react-query';
import { FacilityList, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { facilityKeys } from './keys';

/** GET {api}/Contact (spec 1 §7): the facilities list of My Facilities. */
export const getFacilities = () => request(paths.facilities, { schema: FacilityList });

export const facilitiesQueryOptions = (retailerNumber: string | null) =>
  queryOptions({ queryKey: facilityKeys.facilities(retailerNumber), queryFn: getFacilities, staleTime: 60 * 60 * 1000 });

export const useFacilities = (retailerNumber: string | null) => useQuery(facilitiesQueryOptions(retailerNumber));
