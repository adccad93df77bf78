/** Query keys of the service history, written once. */
export const serviceHistoryKeys = {
  all: ['service-history'] as const,
  requests: (assetId: number) => [...serviceHistoryKeys.all, 'requests', assetId] as const,
  parts: (assetId: number) => [...serviceHistoryKeys.all, 'parts', assetId] as const,
  warranty: (assetId: number) => [...serviceHistoryKeys.all, 'warranty', assetId] as const,
  lookupHomes: (scope: string, source: LookupSource) => [...serviceHistoryKeys.all, 'lookup-homes', source, scope] as const,
};

/** Where the header-link form finds its homes: the service homes list, or (for homeowner users) the homeowner list. */
export type LookupSource = 'homes' | 'homeowners';

/** Kinds of the copies kept in IndexedDB (offline/cached-read); a home's copies are kept under its assetId. */
export const HISTORY_KINDS = {
  requests: 'service-history:requests',
  parts: 'service-history:parts',
  warranty: 'service-history:warranty',
  lookupHomes: 'service-history:lookup-homes',
} as const;
