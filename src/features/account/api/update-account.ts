import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { AccountUpdateBody, paths } from '../../../contract';
import { request } from '../../../lib/http';

/**
 * spec 1 §5 My Account in password-change mode (passwordExpired=true, or "Change password" opened): "when the
 * password is changed, it is required".
 */
export const PasswordChangeUpdateBody = v.pipe(
  AccountUpdateBody,
  v.forward(
    v.partialCheck([['password']], (input) => input.password !== '', 'Password is required.'),
    ['password'],
  ),
);

/** PUT {api}/Account (spec 1 §7): the own account; a stale rowVersion answers 409, handled by the screen. */
export const updateAccount = (body: AccountUpdateBody) => request(paths.account, { method: 'PUT', body, handles: [409] });

export const useUpdateAccount = () => useMutation({ mutationFn: updateAccount });
