import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Location, paths, type LocationKind, type LocationList } from '../../../contract';
import { request } from '../../../lib/http';
import { locationKeys } from './keys';

export interface LocationTimeZoneChange {
  kind: LocationKind;
  number: string;
  /** An IANA name, or null: from the address. */
  timeZone: string | null;
}

/** PUT {api}/api/Locations/{kind}/{number}: answers the location as stored, with the zone its days are now counted in. */
export const setLocationTimeZone = ({ kind, number, timeZone }: LocationTimeZoneChange) =>
  request(paths.location(kind, number), { method: 'PUT', body: { timeZone }, schema: Location });

export function useSetLocationTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocationTimeZone,
    onSuccess: (saved) => {
      // The list shows the answer at once, then is read again (another admin may have changed other rows).
      queryClient.setQueryData<LocationList>(
        locationKeys.list(),
        (list) =>
          list && {
            ...list,
            locations: list.locations.map((location) =>
              location.kind === saved.kind && location.number === saved.number ? saved : location,
            ),
          },
      );
      return queryClient.invalidateQueries({ queryKey: locationKeys.list() });
    },
  });
}
