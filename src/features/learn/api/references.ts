import { useQuery } from '@tanstack/react-query';
import { LearnReferenceList, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';

/** The list is the same for every user: one copy kept on the device. */
const KEPT_KIND = 'learn:references';
const KEPT_ID = 'all';

export const learnKeys = {
  all: ['learn'] as const,
  references: () => [...learnKeys.all, 'references'] as const,
};

/**
 * GET {api}/Documents/References (spec 3 §7 Documents): categories → sub-categories → documents. Kept on the device
 * when it loads (readThrough), so the list last loaded reads offline, with its age.
 */
export const useLearnReferences = () =>
  useQuery({
    queryKey: learnKeys.references(),
    queryFn: () => readThrough(KEPT_KIND, KEPT_ID, () => request(paths.learnReferences, { schema: LearnReferenceList })),
    meta: NOT_PERSISTED,
    staleTime: 5 * 60 * 1000,
  });
