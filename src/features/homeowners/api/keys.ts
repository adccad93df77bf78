/** Query keys of the homeowner screens, written once. */
export const homeownerKeys = {
  all: ['homeowners'] as const,
  list: (scope: string) => [...homeownerKeys.all, 'list', scope] as const,
  card: (scope: string, homeKey: string) => [...homeownerKeys.all, 'card', scope, homeKey] as const,
};

/** Kinds of the copies kept in IndexedDB (offline/cached-read): the whole list per scope, and single cards. */
export const HOMEOWNER_CACHE_KINDS = {
  card: 'warranty-card',
} as const;
