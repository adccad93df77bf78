import { useMutation } from '@tanstack/react-query';
import { ChangeRetailerAnswer, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { storeProfile } from '../../../lib/profile-storage';
import { storeToken } from '../../../lib/session-token';

/** GET {auth}/api/Account/ChangeRetailerNumber?retailerNumber={n} (spec 1 §7). */
export const changeRetailer = (retailerNumber: string) =>
  request(paths.changeRetailer, { query: { retailerNumber }, schema: ChangeRetailerAnswer });

/** spec 1 §2 Header: switching the retail center stores the new token and profile, then the page reloads. */
export function useChangeRetailer() {
  return useMutation({
    mutationFn: changeRetailer,
    onSuccess: ({ bearerToken, user }) => {
      storeToken(bearerToken);
      storeProfile(user);
      window.location.reload();
    },
  });
}
