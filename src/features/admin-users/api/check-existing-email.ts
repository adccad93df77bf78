import { EmailCheckAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';

/** GET {api}/api/User/CheckForExistingEmail?email= (spec 1 §5: uniqueness is checked on blur). */
export const checkExistingEmail = async (email: string, signal?: AbortSignal) =>
  (await request(paths.userEmailCheck, { query: { email }, schema: EmailCheckAnswer, handles: 'all', signal })).exists;
