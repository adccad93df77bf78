import type { ApiBase } from './bases';

/** An endpoint of the spec: the base it hangs off and its path below that base. */
export interface Endpoint {
  base: ApiBase;
  path: string;
}

const at = (base: ApiBase, path: string): Endpoint => ({ base, path });

/** The calls of spec 1 §7 implemented so far; paths exactly as the spec writes them. */
export const paths = {
  token: at('auth', '/api/Account/Token'),
  profile: at('auth', '/api/Account/User'),
  changeRetailer: at('auth', '/api/Account/ChangeRetailerNumber'),
  acceptTerms: at('auth', '/api/Account/Terms/'),
  logout: at('auth', '/api/Account/Logout'),
  termsDocument: at('api', '/FileStream/GetTermsOfUseDocumentDetails/'),
  account: at('api', '/Account'),
  logger: at('api', '/api/Logger'),
  support: at('api', '/Support'),
  portalMetadata: (retailerNumber: string) => at('api', `/service/hxstatus/${encodeURIComponent(retailerNumber)}`),
} as const;
