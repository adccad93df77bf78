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
  facilities: at('api', '/Contact'),
  plantContacts: at('api', '/Contact/Plants'),
  releaseNotes: at('api', '/ReleaseNotes'),
  feedback: at('api', '/Survey/Feedback'),
  users: at('api', '/api/User/'),
  userEmailCheck: at('api', '/api/User/CheckForExistingEmail'),
  groups: at('api', '/api/Group/'),
  portalMetadata: (retailerNumber: string) => at('api', `/service/hxstatus/${encodeURIComponent(retailerNumber)}`),
  helpDocuments: at('api', '/Documents/Help'),
  helpDocument: (documentId: number) => at('api', `/Documents/Help/${documentId}`),
  /** spec 1 §5: `name` is the display name with special characters stripped (lib/help-files.ts). */
  helpPdf: (name: string) => at('api', `/FileStream/GetHelpDocument/${encodeURIComponent(name)}`),
  helpPdfDownload: (name: string) => at('api', `/FileStream/DownloadHelpDocument/${encodeURIComponent(name)}/`),
  helpVideo: (name: string) => at('api', `/FileStream/GetHelpVideo/${encodeURIComponent(name)}`),
  helpVideoCaptions: (name: string) => at('api', `/FileStream/GetHelpVideoCaptions/${encodeURIComponent(name)}`),
} as const;
