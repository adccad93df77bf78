import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, UnitsOfMeasureAnswer } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { CACHE_KINDS, partsOrderKeys } from './keys';

/** GET {api}/Parts/UnitsOfMeasure (spec 3 §7); spec 3 §3: the code is the abbreviation, trimmed. */
export const getUnitsOfMeasure = async () =>
  (await request(paths.unitsOfMeasure, { schema: UnitsOfMeasureAnswer })).map((unit) => ({ ...unit, abbreviation: unit.abbreviation.trim() }));

export const unitsOfMeasureQueryOptions = () =>
  queryOptions({
    queryKey: partsOrderKeys.unitsOfMeasure(),
    queryFn: () => readThrough(CACHE_KINDS.unitsOfMeasure, 'all', getUnitsOfMeasure),
    meta: NOT_PERSISTED,
    staleTime: 60 * 60_000,
  });

export const useUnitsOfMeasure = () => useQuery(unitsOfMeasureQueryOptions());
