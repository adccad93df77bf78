import { useMutation } from '@tanstack/react-query';
import { paths, SendLinkAnswer, type SendLinkBody } from '../../../contract';
import { request } from '../../../lib/http';

/**
 * POST {api}/api/User/SendLink (issue 29): an invitation to a user with no password, a password reset link to one
 * with a password. Without a mail server the answer carries the link itself, to be shown once to this admin.
 */
export const sendLink = (body: SendLinkBody) => request(paths.userSendLink, { method: 'POST', body, schema: SendLinkAnswer });

export const useSendLink = () => useMutation({ mutationFn: sendLink });
