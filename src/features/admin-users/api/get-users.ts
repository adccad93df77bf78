import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManagedUserList, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** GET {api}/api/User/ (spec 1 §7): the users of the admin's retail centers, allowEdit set by the server. */
export const getUsers = () => request(paths.users, { schema: ManagedUserList });

export const usersQueryOptions = () => queryOptions({ queryKey: adminUserKeys.users(), queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions());
