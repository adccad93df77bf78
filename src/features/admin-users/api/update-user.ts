import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ManagedUser, paths, type UserUpdateBody } from '../../../contract';
import { request } from '../../../lib/http';
import { adminUserKeys } from './keys';

/** PUT {api}/api/User/ (spec 1 §7). 400 goes to the form's fields and 409 (changed meanwhile) to the panel. */
export const updateUser = (body: UserUpdateBody) => request(paths.users, { method: 'PUT', body, schema: ManagedUser, handles: [400, 409] });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKeys.user(user.cmhUserId), user);
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.users() });
    },
  });
}
