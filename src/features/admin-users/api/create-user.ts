import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ManagedUser, paths, type UserCreateBody } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** POST {api}/api/User/ (spec 1 §7). A 400 carries the field it is about; the form shows it there. */
export const createUser = (body: UserCreateBody) => request(paths.users, { method: 'POST', body, schema: ManagedUser, handles: [400] });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.users() }),
  });
}
