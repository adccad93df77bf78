import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CatalogCategoriesAnswer,
  CatalogChangeRequestAnswer,
  CatalogCommoditiesAnswer,
  CatalogPartAnswer,
  CatalogPartListAnswer,
  CatalogPartSubmittedAnswer,
  ChangeHistoryAnswer,
  ChangeResultAnswer,
  NotInCatalogPartsAnswer,
  PartsCatalogAnswer,
  CATALOG_PLACEHOLDER_IMAGE,
  catalogImageName,
  paths,
  type CatalogChangeRequest,
  type CatalogPart,
  type CatalogPartSubmission,
  type ChangeRequestDecision,
  type PartsCatalog,
} from '../../contract';
import { isOfflineError, request, requestBlob } from '../../lib/http';
import { notify } from '../../lib/notifier';
import { NOT_PERSISTED, readKept, readThrough, type CachedRead } from '../../offline/cached-read';
import { changeRequestFromCatalog } from './model';

/*
 * The calls of the catalog admin and change management (spec 3 §7 Parts catalog). Reads are kept on the device as
 * they load (readThrough), so the last catalog and lists stay readable offline with their age; the changes need the
 * connection (they are reviews of shared data, not field work the outbox carries).
 */

export const catalogAdminKeys = {
  all: ['parts-catalog-admin'] as const,
  catalog: (plantNumber: string) => [...catalogAdminKeys.all, 'catalog', plantNumber] as const,
  changeRequest: (partsCatalogId: number) => [...catalogAdminKeys.all, 'change-request', partsCatalogId] as const,
  categories: (plantNumber: string) => [...catalogAdminKeys.all, 'categories', plantNumber] as const,
  commodities: (plantNumber: string, categoryNumber: string) =>
    [...catalogAdminKeys.all, 'commodities', plantNumber, categoryNumber] as const,
  notInCatalog: (plantNumber: string, categoryNumber: string, commodityNumber: string) =>
    [...catalogAdminKeys.all, 'not-in-catalog', plantNumber, categoryNumber, commodityNumber] as const,
  pending: () => [...catalogAdminKeys.all, 'pending'] as const,
  history: () => [...catalogAdminKeys.all, 'history'] as const,
  changeResult: (partsCatalogHistoryId: number) => [...catalogAdminKeys.all, 'change-result', partsCatalogHistoryId] as const,
  image: (fileName: string) => [...catalogAdminKeys.all, 'image', fileName] as const,
};

/** The kinds of the copies kept on the device (offline/cached-read): a plant's catalog by plant number, the rest by id. */
export const CATALOG_ADMIN_KINDS = {
  catalog: 'catalog-admin:catalog',
  changeRequest: 'catalog-admin:change-request',
  pending: 'catalog-admin:pending',
  history: 'catalog-admin:history',
  changeResult: 'catalog-admin:change-result',
} as const;

/** GET {api}/PartsCatalog?plantNumber={n}: the pending and approved catalog (and the inactive versions). */
export const wholeCatalogQueryOptions = (plantNumber: string) =>
  queryOptions({
    queryKey: catalogAdminKeys.catalog(plantNumber),
    queryFn: () =>
      readThrough(CATALOG_ADMIN_KINDS.catalog, plantNumber, () =>
        request(paths.partsCatalog, { query: { plantNumber }, schema: PartsCatalogAnswer }),
      ),
    meta: NOT_PERSISTED,
    enabled: plantNumber !== '',
  });

/** A change request as a panel shows it: `composed` when it was put together from the plant's kept catalog (offline). */
export type KeptChangeRequest = CachedRead<CatalogChangeRequest> & { composed?: true };

/**
 * GET {api}/PartsCatalog/GetChangeRequest?partsCatalogId={id}, kept once read. With no connection and `plantNumber`
 * given (the Part Form over that plant's catalog), the newer of the request kept and the one composed from the plant's
 * kept catalog, which holds every version of every part (model.ts changeRequestFromCatalog): so each part of a catalog
 * shown offline opens offline, and agrees with the list (issue 19).
 */
export async function readChangeRequest(partsCatalogId: number, plantNumber?: string): Promise<KeptChangeRequest> {
  let read: KeptChangeRequest | undefined;
  let failure: unknown;
  try {
    read = await readThrough(CATALOG_ADMIN_KINDS.changeRequest, String(partsCatalogId), () =>
      request(paths.catalogChangeRequest, { query: { partsCatalogId }, schema: CatalogChangeRequestAnswer }),
    );
  } catch (error) {
    if (!isOfflineError(error) || plantNumber === undefined) throw error;
    failure = error;
  }
  if (read && (!read.fromCache || plantNumber === undefined)) return read;
  const catalog = await readKept<PartsCatalog>(CATALOG_ADMIN_KINDS.catalog, plantNumber!);
  const composed = catalog && changeRequestFromCatalog(catalog.data, partsCatalogId);
  if (catalog && composed && (!read || catalog.storedAt > read.storedAt))
    return { data: composed, storedAt: catalog.storedAt, fromCache: true, composed: true };
  if (read) return read;
  throw failure;
}

export const changeRequestQueryOptions = (partsCatalogId: number, plantNumber?: string) =>
  queryOptions({
    queryKey: [...catalogAdminKeys.changeRequest(partsCatalogId), plantNumber ?? null],
    queryFn: () => readChangeRequest(partsCatalogId, plantNumber),
    meta: NOT_PERSISTED,
  });

/** The Part Form's request (with `plantNumber`, composed from the kept catalog offline), or the Part Approval Form's. */
export const useChangeRequest = (partsCatalogId: number, plantNumber?: string) =>
  useQuery(changeRequestQueryOptions(partsCatalogId, plantNumber));

/** GET {api}/PartsCatalog/GetCategories, then GetCommodities, then GetPartsNotInCatalog: the Add Part drill-down. */
export const useCategories = (plantNumber: string) =>
  useQuery({
    queryKey: catalogAdminKeys.categories(plantNumber),
    queryFn: () => request(paths.catalogCategories, { query: { plantNumber }, schema: CatalogCategoriesAnswer }),
  });

export const useCommodities = (plantNumber: string, categoryNumber: string | undefined) =>
  useQuery({
    queryKey: catalogAdminKeys.commodities(plantNumber, categoryNumber ?? ''),
    queryFn: () =>
      request(paths.catalogCommodities, { query: { plantNumber, categoryNumber: categoryNumber! }, schema: CatalogCommoditiesAnswer }),
    enabled: categoryNumber !== undefined,
  });

export const usePartsNotInCatalog = (plantNumber: string, categoryNumber: string | undefined, commodityNumber: string | undefined) =>
  useQuery({
    queryKey: catalogAdminKeys.notInCatalog(plantNumber, categoryNumber ?? '', commodityNumber ?? ''),
    queryFn: () =>
      request(paths.partsNotInCatalog, {
        query: { plantNumber, categoryNumber: categoryNumber!, commodityNumber: commodityNumber! },
        schema: NotInCatalogPartsAnswer,
      }),
    enabled: categoryNumber !== undefined && commodityNumber !== undefined,
    // A part added a moment ago must not be offered again.
    staleTime: 0,
  });

/** GET {api}/PartsCatalog/GetPendingParts. */
export const usePendingParts = () =>
  useQuery({
    queryKey: catalogAdminKeys.pending(),
    queryFn: () =>
      readThrough(CATALOG_ADMIN_KINDS.pending, 'all', () => request(paths.pendingCatalogParts, { schema: CatalogPartListAnswer })),
    meta: NOT_PERSISTED,
  });

/** GET {api}/PartsCatalog/GetChangeRequestHistory. */
export const useChangeHistory = (enabled: boolean) =>
  useQuery({
    queryKey: catalogAdminKeys.history(),
    queryFn: () =>
      readThrough(CATALOG_ADMIN_KINDS.history, 'all', () => request(paths.catalogChangeHistory, { schema: ChangeHistoryAnswer })),
    meta: NOT_PERSISTED,
    enabled,
  });

/**
 * GET {api}/PartsCatalog/GetChangeResult?partsCatalogHistoryId={id}: kept once read, so a request opened before opens
 * offline with its age (the history grows without end: its requests are not kept for every row).
 */
export const changeResultQueryOptions = (partsCatalogHistoryId: number) =>
  queryOptions({
    queryKey: catalogAdminKeys.changeResult(partsCatalogHistoryId),
    queryFn: () =>
      readThrough(CATALOG_ADMIN_KINDS.changeResult, String(partsCatalogHistoryId), () =>
        request(paths.catalogChangeResult, { query: { partsCatalogHistoryId }, schema: ChangeResultAnswer }),
      ),
    meta: NOT_PERSISTED,
  });
export const useChangeResult = (partsCatalogHistoryId: number) => useQuery(changeResultQueryOptions(partsCatalogHistoryId));

/** spec 3 §9: after a panel closes, the lists reload after 500 ms (the panel's close animation runs first). */
export const LIST_RELOAD_DELAY_MS = 500;
export function reloadListsSoon(queryClient: QueryClient) {
  // Images never change under their name (a new picture gets a new one): they are not asked again.
  const isImage = (queryKey: readonly unknown[]) => queryKey[1] === catalogAdminKeys.image('')[1];
  setTimeout(
    () => void queryClient.invalidateQueries({ queryKey: catalogAdminKeys.all, predicate: (query) => !isImage(query.queryKey) }),
    LIST_RELOAD_DELAY_MS,
  );
}

/*
 * The changes. spec 3 §8 shows no HTTP error handling for catalog calls: a refusal (400) shows its message through
 * the http layer's warning, the busy flags clear and the panel stays open.
 */

/** A change that found no connection says so (the http layer is silent on offline errors); others were said there. */
export function notifyChangeFailure(error: unknown) {
  if (isOfflineError(error))
    notify({
      level: 'warning',
      id: 'catalog-admin-offline',
      title: 'You are offline.',
      description: 'Catalog changes need the connection. Try again when you are back online.',
    });
}

/** POST {api}/PartsCatalog: a part change request (spec 3 §7). */
export const useSubmitPart = () =>
  useMutation({
    mutationFn: (body: CatalogPartSubmission) =>
      request(paths.submitCatalogPart, { method: 'POST', body, schema: CatalogPartSubmittedAnswer }),
  });

/** POST {api}/PartsCatalog/UpdateChangeRequest: approve or decline. */
export const useDecideChangeRequest = () =>
  useMutation({
    mutationFn: (body: ChangeRequestDecision) =>
      request(paths.updateCatalogChangeRequest, { method: 'POST', body, schema: CatalogPartAnswer }),
  });

/** POST {api}/PartsCatalog/RemovePartDescription. */
export const useRemovePart = () =>
  useMutation({
    mutationFn: (part: CatalogPart) => request(paths.removeCatalogPart, { method: 'POST', body: part, schema: CatalogPartAnswer }),
  });

/** POST {api}/PartsCatalog/RevertChangeResult with the history id as the body. */
export const useRevertChange = () =>
  useMutation({
    mutationFn: (partsCatalogHistoryId: number) =>
      request(paths.revertCatalogChangeResult, { method: 'POST', body: partsCatalogHistoryId, schema: ChangeResultAnswer, handles: [400] }),
  });

const useImageBlob = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: catalogAdminKeys.image(name),
    queryFn: async () => (await requestBlob(paths.partsCatalogImage(name), { handles: 'all' })).blob,
    staleTime: Infinity,
    meta: NOT_PERSISTED,
    retry: false,
    enabled,
  });

/**
 * A catalog image for <img src>: GET {images}/PartsCatalogImages/{file} needs the bearer token, which an <img> cannot
 * send, so the bytes come through the http client into an object URL (revoked when no longer shown). The placeholder
 * stands in for a part without an image or whose image cannot be had (spec 3 §3). Silent on errors.
 */
export function useCatalogImageUrl(fileName: string | null | undefined): string | undefined {
  const name = catalogImageName(fileName);
  const own = useImageBlob(name, true);
  const placeholder = useImageBlob(CATALOG_PLACEHOLDER_IMAGE, own.isError && name !== CATALOG_PLACEHOLDER_IMAGE);
  const blob = own.data ?? placeholder.data;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
