import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, ShipToListAnswer } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';

/** GET {api}/Parts/ShipToLocations?retailerNumber (spec 3 §7 "get retailers' shipping information"): order-1 locations. */
export const getShipToLocations = (retailerNumber: string) =>
  request(paths.shipToLocations, { schema: ShipToListAnswer, query: { retailerNumber } });

export const shipToLocationsQueryOptions = (retailerNumber: string) =>
  queryOptions({
    queryKey: partsOrderKeys.shipTo(retailerNumber),
    queryFn: () => readThrough(CACHE_KINDS.shipTo, retailerNumber, () => getShipToLocations(retailerNumber)),
    meta: NOT_PERSISTED,
    staleTime: 60 * 60_000,
  });

export const useShipToLocations = (retailerNumber: string) =>
  useQuery({ ...shipToLocationsQueryOptions(retailerNumber), enabled: retailerNumber !== '' });
