import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, UnitsOfMeasureAnswer, type UnitOfMeasure } from '../contract';
import { request } from '../lib/http';
import { NOT_PERSISTED, readThrough } from '../offline/cached-read';

/**
 * The units of measure a parts item is counted in (spec 3 §3, §7), the same for every user: the work-order and the
 * parts-order item forms read one copy, kept on the device so that an item can be written offline.
 */

/** Where the copy is kept in IndexedDB (offline/cached-read): one for everyone, under the key devices hold already. */
export const UNITS_OF_MEASURE_KEPT = { kind: 'units-of-measure', id: 'all' } as const;

export const unitOfMeasureKeys = { all: ['units-of-measure'] as const };

/** GET {api}/Parts/UnitsOfMeasure (spec 3 §7); spec 3 §3: the code is the abbreviation, trimmed. */
export const fetchUnitsOfMeasure = async () =>
  (await request(paths.unitsOfMeasure, { schema: UnitsOfMeasureAnswer })).map((unit) => ({
    ...unit,
    abbreviation: unit.abbreviation.trim(),
  }));

export const unitsOfMeasureQueryOptions = () =>
  queryOptions({
    queryKey: unitOfMeasureKeys.all,
    queryFn: () => readThrough(UNITS_OF_MEASURE_KEPT.kind, UNITS_OF_MEASURE_KEPT.id, fetchUnitsOfMeasure),
    meta: NOT_PERSISTED,
    staleTime: 60 * 60_000,
  });

export const useUnitsOfMeasure = () => useQuery(unitsOfMeasureQueryOptions());

/** spec 3 §3 Unit of measure: the code is the abbreviation; a unit the item (or its catalog part) already has stays choosable when the list lacks it. */
export function unitOptions(units: readonly UnitOfMeasure[], current = '') {
  const options = units.map((unit) => ({ value: unit.abbreviation, label: `${unit.description} (${unit.abbreviation})` }));
  if (current && !units.some((unit) => unit.abbreviation === current)) options.unshift({ value: current, label: current });
  return [{ value: '', label: 'Select a unit of measure' }, ...options];
}
