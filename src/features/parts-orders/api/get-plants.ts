import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { paths, PlantContactList, type CmhUser } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough, type CachedRead } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';
import { viewScope } from '../../../entities/view-scope';

export interface PlantChoice {
  plantNumber: string;
  name: string;
}

/** GET {api}/Contact/Plants: the plants that serve the current retail center (kept, so a stock order can be started offline). */
export const getRetailerPlants = async (): Promise<PlantChoice[]> =>
  (await request(paths.plantContacts, { schema: PlantContactList })).map((plant) => ({ plantNumber: plant.plantNumber, name: plant.name }));

export const retailerPlantsQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: partsOrderKeys.plants(scope),
    queryFn: () => readThrough(CACHE_KINDS.plants, scope, getRetailerPlants),
    meta: NOT_PERSISTED,
    staleTime: 60 * 60_000,
  });

const byName = (a: PlantChoice, b: PlantChoice) => a.name.localeCompare(b.name) || a.plantNumber.localeCompare(b.plantNumber);

/**
 * The facilities a stock order can be placed with (spec 3 §2 stock order modal): a plant user's own facilities
 * (from the profile, nothing to fetch), else the plants of the retail center the user works for.
 */
export interface PlantChoices {
  /** undefined while the retail center's plants are loading (or could not be read). */
  plants: PlantChoice[] | undefined;
  /** The fetched list with its age, for retail-center users. */
  query: UseQueryResult<CachedRead<PlantChoice[]>>;
}

export function usePlantChoices(user: CmhUser): PlantChoices {
  const query = useQuery({ ...retailerPlantsQueryOptions(viewScope(user)), enabled: !user.isPlantUser });
  if (user.isPlantUser) {
    return {
      plants: user.availableFacilities.map((facility) => ({ plantNumber: facility.plantNumber, name: facility.name })).sort(byName),
      query,
    };
  }
  return { plants: query.data ? [...query.data.data].sort(byName) : undefined, query };
}
