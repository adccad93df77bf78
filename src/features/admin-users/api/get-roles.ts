import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { paths, Role } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** GET {api}/api/Group/ (spec 1 §7, cached): the roles a user can be given. */
export const getRoles = () => request(paths.groups, { schema: v.array(Role) });

export const rolesQueryOptions = () => queryOptions({ queryKey: adminUserKeys.roles(), queryFn: getRoles, staleTime: 60 * 60 * 1000 });

export const useRoles = () => useQuery(rolesQueryOptions());
