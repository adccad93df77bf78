import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationList, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { locationKeys } from './keys';

/** GET {api}/api/Locations: the retail centers and plants this admin administers, with their zones. */
export const getLocations = (signal?: AbortSignal) => request(paths.locations, { schema: LocationList, signal });

export const locationsQueryOptions = () => queryOptions({ queryKey: locationKeys.list(), queryFn: ({ signal }) => getLocations(signal) });

export const useLocations = () => useQuery(locationsQueryOptions());
