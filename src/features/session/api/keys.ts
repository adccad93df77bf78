/** Query keys of the session area, written once. */
export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  termsDocument: () => [...sessionKeys.all, 'terms-document'] as const,
  portalMetadata: (retailerNumber: string) => [...sessionKeys.all, 'portal-metadata', retailerNumber] as const,
};
