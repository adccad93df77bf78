import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, PartsCatalogAnswer } from '../../../contract';
import { request, type RequestOptions } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';

/** Kinds of what the catalog keeps on the device: the catalog in `entities`, each image as a document. */
export const CATALOG_KINDS = { catalog: 'parts-catalog', image: 'catalog-image' } as const;

export const catalogKeys = {
  all: ['parts-catalog'] as const,
  approved: (plantNumber: string) => [...catalogKeys.all, 'approved', plantNumber] as const,
};

/** GET {api}/PartsCatalog?plantNumber={n}&approved=true (spec 3 §7): the approved and active parts of a plant. */
export const getApprovedCatalog = (plantNumber: string, options: Pick<RequestOptions, 'handles' | 'signal'> = {}) =>
  request(paths.partsCatalog, { query: { plantNumber, approved: 'true' }, schema: PartsCatalogAnswer, ...options });

/** Reads a plant's approved catalog from the server and keeps it; offline, the kept copy. */
export const readApprovedCatalog = (plantNumber: string, options: Pick<RequestOptions, 'handles' | 'signal'> = {}) =>
  readThrough(CATALOG_KINDS.catalog, plantNumber, () => getApprovedCatalog(plantNumber, options));

export const approvedCatalogQueryOptions = (plantNumber: string) =>
  queryOptions({
    queryKey: catalogKeys.approved(plantNumber),
    // 403 (a plant that is not the user's) is shown in the picker itself.
    queryFn: ({ signal }) => readApprovedCatalog(plantNumber, { handles: [403], signal }),
    meta: NOT_PERSISTED,
    // spec 3 §7: "cached per plant for the session". A copy read offline is stale at once, so that the
    // server's replaces it as soon as the connection is back.
    staleTime: (query) => (query.state.data?.fromCache ? 0 : Infinity),
    gcTime: Infinity,
    enabled: plantNumber !== '',
  });

/** The approved catalog of a plant, as the picker and the parts item card read it: `{ data, storedAt, fromCache }`. */
export const useApprovedCatalog = (plantNumber: string) => useQuery(approvedCatalogQueryOptions(plantNumber));
