import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { NpsDetail, NpsScore, NpsUpcomingCall, paths, type NpsPeriod, type NpsWindow } from '../../../contract';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';

/*
 * The NPS calls (spec 2 §7 NPS), each kept on the device by readThrough so that the dashboard last loaded reads offline
 * with its age. A copy is kept per scope and period, not per day: opened offline the next day, yesterday's copy shows,
 * saying how old it is.
 */

export const npsKeys = {
  all: ['nps'] as const,
  scores: (scope: string, period: NpsPeriod) => [...npsKeys.all, 'scores', scope, period] as const,
  details: (scope: string, period: NpsPeriod) => [...npsKeys.all, 'details', scope, period] as const,
  upcoming: (scope: string) => [...npsKeys.all, 'upcoming', scope] as const,
};

const query = (window: NpsWindow) => ({ startDate: window.startDate, endDate: window.endDate });

/** GET {api}/NpsScores: spec 2 §7, only the first score record is used. */
export const useNpsScore = (scope: string, period: NpsPeriod, window: NpsWindow) =>
  useQuery({
    queryKey: npsKeys.scores(scope, period),
    queryFn: () =>
      readThrough('nps:scores', `${scope}:${period}`, async () => {
        const [first] = await request(paths.npsScores, { query: query(window), schema: v.array(NpsScore) });
        return first ?? null;
      }),
    meta: NOT_PERSISTED,
  });

/** GET {api}/NpsDetails: the completed calls of the period. */
export const useNpsDetails = (scope: string, period: NpsPeriod, window: NpsWindow) =>
  useQuery({
    queryKey: npsKeys.details(scope, period),
    queryFn: () =>
      readThrough('nps:details', `${scope}:${period}`, () =>
        request(paths.npsDetails, { query: query(window), schema: v.array(NpsDetail) }),
      ),
    meta: NOT_PERSISTED,
  });

/** GET {api}/NpsUpcomingCalls: today to 90 days ahead (spec 2 §9). */
export const useNpsUpcomingCalls = (scope: string, window: NpsWindow) =>
  useQuery({
    queryKey: npsKeys.upcoming(scope),
    queryFn: () =>
      readThrough('nps:upcoming', scope, () => request(paths.npsUpcomingCalls, { query: query(window), schema: v.array(NpsUpcomingCall) })),
    meta: NOT_PERSISTED,
  });
