import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordAnswer, paths, type ForgotPasswordBody } from '../../../contract';
import { request } from '../../../lib/http';

/**
 * POST {auth}/api/Account/ForgotPassword: the same answer whether or not the user exists. A 400 and a 429 (asked
 * too often) carry a message the screen shows; no connection is shown by the screen too.
 */
export const forgotPassword = (body: ForgotPasswordBody) =>
  request(paths.forgotPassword, { method: 'POST', body, schema: ForgotPasswordAnswer, handles: [400, 429] });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
