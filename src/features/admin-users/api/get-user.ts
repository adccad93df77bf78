import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManagedUser, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** GET {api}/api/User/?cmhUserId={id} (spec 1 §7): one user; 404 when the admin does not share a retail center with them. */
export const getUser = (cmhUserId: number) => request(paths.users, { query: { cmhUserId }, schema: ManagedUser, handles: [404] });

// Always fetched afresh when the form opens, so an edit starts from the latest rowVersion.
export const userQueryOptions = (cmhUserId: number) =>
  queryOptions({ queryKey: adminUserKeys.user(cmhUserId), queryFn: () => getUser(cmhUserId), staleTime: 0 });

export const useUser = (cmhUserId: number) => useQuery(userQueryOptions(cmhUserId));
