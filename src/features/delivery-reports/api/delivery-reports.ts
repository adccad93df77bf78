import * as v from 'valibot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeliveryReportListRow, SURVEY_TYPES, paths, type DeliveryReport, type HomeSummary } from '../../../contract';
import { OfflineError, isHttpError, request } from '../../../lib/http';
import { NOT_PERSISTED, readKept, readThrough, type CachedRead } from '../../../offline/cached-read';
import { getOffline } from '../../../offline/runtime';
import { HOMES_KEPT_KIND } from '../../../entities/homes';
import { composeBlankForm, questionSetOf, type QuestionSet } from '../question-set';
import { DeliveryReportAnswer } from './answers';
import { DELIVERY_CACHE_KINDS, deliveryReportKeys } from './keys';

/*
 * The reads of spec 2 §7 Delivery forms and surveys, each kept on the device (offline/cached-read) so that the
 * homesite, where there is often no signal, has the homes, the report list, the question set and any report once read.
 */

const KEPT_FOR = 5 * 60_000;

/** GET /Survey?surveyId=1: the delivery report list (which homes have a report). */
export const deliveryReportListQuery = (scope: string) =>
  queryOptions({
    queryKey: deliveryReportKeys.list(scope),
    queryFn: () =>
      readThrough(DELIVERY_CACHE_KINDS.list, scope, () =>
        request(paths.surveys, { query: { surveyId: SURVEY_TYPES.DeliveryForm }, schema: v.array(DeliveryReportListRow) }),
      ),
    meta: NOT_PERSISTED,
    staleTime: KEPT_FOR,
  });
export const useDeliveryReportList = (scope: string) => useQuery(deliveryReportListQuery(scope));

/** 409: the home already has a report (the screen opens it instead); 404: not a home of the user's scope. */
const fetchBlankForm = (plantNumber: string, serialNumber: string) =>
  request(paths.blankDeliveryForm(plantNumber, serialNumber), { schema: DeliveryReportAnswer, handles: [404, 409] });

/** Keeps the questions of a blank form read from the server (the same for every home: one copy per scope). */
async function keepQuestionSet(scope: string, form: DeliveryReport) {
  const { db } = getOffline();
  await db.withReopen(() =>
    db.entities.put({ kind: DELIVERY_CACHE_KINDS.questions, id: scope, data: questionSetOf(form), updatedAt: Date.now() }),
  );
}

/**
 * Reads one blank form so that its question set is on the device (the start screen does this while online). A home
 * whose report someone just submitted answers 409: the next one is tried, up to `attempts` homes.
 */
export async function primeQuestionSet(
  scope: string,
  homes: readonly Pick<HomeSummary, 'plantNumber' | 'serialNumber'>[],
  attempts = 3,
): Promise<void> {
  let failure: unknown = new Error('No home to read a blank form from.');
  for (const home of homes.slice(0, attempts)) {
    try {
      await keepQuestionSet(scope, await fetchBlankForm(home.plantNumber, home.serialNumber));
      return;
    } catch (error) {
      if (!isHttpError(error, 409) && !isHttpError(error, 404)) throw error;
      failure = error;
    }
  }
  throw failure;
}

/**
 * A home's blank form: from the server when it answers (its questions kept); with no connection, composed from the
 * kept question set and the kept home (question-set.ts).
 */
export async function readBlankForm(scope: string, plantNumber: string, serialNumber: string): Promise<CachedRead<DeliveryReport>> {
  try {
    const form = await fetchBlankForm(plantNumber, serialNumber);
    await keepQuestionSet(scope, form);
    return { data: form, storedAt: Date.now(), fromCache: false };
  } catch (error) {
    if (!(error instanceof OfflineError)) throw error;
    const [questions, homes] = await Promise.all([
      readKept<QuestionSet>(DELIVERY_CACHE_KINDS.questions, scope),
      readKept<HomeSummary[]>(HOMES_KEPT_KIND, scope),
    ]);
    const home = homes?.data.find((row) => row.plantNumber === plantNumber && row.serialNumber === serialNumber);
    if (!questions || !home) throw error;
    return { data: composeBlankForm(questions.data, home), storedAt: questions.storedAt, fromCache: true };
  }
}

export const useBlankForm = (scope: string, plantNumber: string, serialNumber: string, enabled = true) =>
  useQuery({
    queryKey: deliveryReportKeys.blank(scope, plantNumber, serialNumber),
    queryFn: () => readBlankForm(scope, plantNumber, serialNumber),
    meta: NOT_PERSISTED,
    staleTime: KEPT_FOR,
    retry: false,
    enabled,
  });

/** GET /DeliveryForm/{submittedSurveyId}: a submitted report, readable offline once opened. */
export const useSubmittedReport = (submittedSurveyId: number) =>
  useQuery({
    queryKey: deliveryReportKeys.submitted(submittedSurveyId),
    queryFn: () =>
      readThrough(DELIVERY_CACHE_KINDS.submitted, String(submittedSurveyId), () =>
        request(paths.submittedDeliveryForm(submittedSurveyId), { schema: DeliveryReportAnswer, handles: [404, 403] }),
      ),
    meta: NOT_PERSISTED,
    retry: false,
  });
