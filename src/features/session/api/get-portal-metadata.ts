import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, PortalMetadata } from '../../../contract';
import { isHttpError, request } from '../../../lib/http';
import { sessionKeys } from './keys';

/** GET {api}/service/hxstatus/{retailerNumber}: homeowner-portal metadata. A retailer without any has none (404). */
export async function getPortalMetadata(retailerNumber: string): Promise<PortalMetadata | null> {
  try {
    return await request(paths.portalMetadata(retailerNumber), { schema: PortalMetadata, handles: [404] });
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

/** spec 1 §6: the partner-portal flag is looked up per retailer and cached per retailer number. */
export const portalMetadataQueryOptions = (retailerNumber: string) =>
  queryOptions({
    queryKey: sessionKeys.portalMetadata(retailerNumber),
    queryFn: () => getPortalMetadata(retailerNumber),
    staleTime: 24 * 60 * 60 * 1000,
  });

export function usePartnerPortal(retailerNumber: string | null) {
  const query = useQuery({ ...portalMetadataQueryOptions(retailerNumber ?? ''), enabled: retailerNumber !== null });
  return {
    partnerPortal: query.data?.partnerPortal ?? false,
    /** Still unknown: the first lookup is running. Offline without a cached answer counts as known (not a partner portal). */
    resolving: retailerNumber !== null && query.isPending && query.fetchStatus === 'fetching',
  };
}
