// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_TYPES, type DeliveryReport, type HomeSummary } from '../../../src/contract';
import { OfflineError, resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { clearKeptCopies } from '../../../src/offline/cached-read';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { homesQueryOptions } from '../../../src/entities/homes';
import { primeQuestionSet, readBlankForm } from '../../../src/features/delivery-reports/api/delivery-reports';
import { readDraft, removeDraft, removeDraftsOfHome, saveDraft } from '../../../src/features/delivery-reports/drafts';
import { jsonResponse } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

/*
 * issue 12 §5 offline at the homesite: the question set is kept once from any blank form, a kept home's blank form is
 * composed from it with no connection, and a draft (answers and photo bytes) survives until submitted or logout.
 */

const SCOPE = 'service@demo.homesite.test:4217';

const home = (serialNumber: string, plantNumber = '910', homeownerName = 'Ann Lee'): HomeSummary => ({
  assetId: serialNumber.length,
  serialNumber,
  plantNumber,
  plantName: `Plant ${plantNumber}`,
  retailerNumber: '4217',
  modelNumber: '32ANN76B4',
  modelName: 'The Anniversary 76',
  manufacturedDate: '2026-01-02',
  soldDate: '2026-03-04',
  homeownerName,
  address1: '',
  city: '',
  state: 'TN',
  zipCode: '',
});

const question = (questionId: number, questionType: 1 | 2 | 3 | 4) => ({
  questionId,
  questionText: `Q${questionId}`,
  questionType,
  isRequired: true,
  sequence: questionId,
  answer: null,
});

const blankOf = (target: HomeSummary): DeliveryReport => ({
  surveyId: 1,
  submittedSurveyId: null,
  plantNumber: target.plantNumber,
  plantName: target.plantName,
  serialNumber: target.serialNumber,
  modelNumber: target.modelNumber,
  modelName: target.modelName,
  customerName: target.homeownerName,
  submittedBy: '',
  submitDate: null,
  deliveryDateQuestion: question(1, QUESTION_TYPES.dateTime),
  siteDeliveryQuestion: question(2, QUESTION_TYPES.yesNo),
  questionGroups: [{ questionGroupId: 1, title: 'Exterior', sequence: 1, questions: [question(3, QUESTION_TYPES.trueFalse)] }],
  surveyAttachments: [],
});

const homes = [home('TAKEN1'), home('ABC123'), home('XYZ999', '931', 'Sam Roe')];
let offline = false;
const reads: string[] = [];

beforeEach(() => {
  offline = false;
  reads.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      reads.push(url.pathname);
      if (offline) throw new TypeError('Failed to fetch');
      if (url.pathname === '/api/Homes') return jsonResponse(200, homes);
      if (url.pathname === '/api/DeliveryForm/910/TAKEN1')
        return jsonResponse(409, { message: 'A delivery report has already been submitted for this home.', submittedSurveyId: 4 });
      const form = /^\/api\/DeliveryForm\/(\d+)\/(\w+)$/.exec(url.pathname);
      const target = form && homes.find((candidate) => candidate.plantNumber === form[1] && candidate.serialNumber === form[2]);
      return target ? jsonResponse(200, blankOf(target)) : jsonResponse(404, { message: 'No home.' });
    }),
  );
  resetHttpClients();
  setNotifier({ notify: () => undefined });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: async () => ({ status: 200, body: {} }) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
});

describe('delivery forms kept on the device', () => {
  it('keeps the question set once (past a home that already has a report) and composes any kept home’s form offline', async () => {
    await homesQueryOptions(SCOPE).queryFn!({} as never);
    await primeQuestionSet(SCOPE, homes);
    expect(reads.filter((path) => path.startsWith('/api/DeliveryForm'))).toEqual([
      '/api/DeliveryForm/910/TAKEN1',
      '/api/DeliveryForm/910/ABC123',
    ]);

    offline = true;
    const composed = await readBlankForm(SCOPE, '931', 'XYZ999');
    expect(composed.fromCache).toBe(true);
    expect(composed.data).toMatchObject({
      plantNumber: '931',
      serialNumber: 'XYZ999',
      customerName: 'Sam Roe',
      submittedSurveyId: null,
      surveyAttachments: [],
    });
    expect(composed.data.questionGroups[0]!.questions.map((entry) => entry.questionId)).toEqual([3]);
    // Another user's (or retail center's) copy is not used, nor a home that was not kept.
    await expect(readBlankForm('someone@else:1', '931', 'XYZ999')).rejects.toBeInstanceOf(OfflineError);
    await expect(readBlankForm(SCOPE, '910', 'NOPE')).rejects.toBeInstanceOf(OfflineError);
  });

  it('reads the blank form from the server when it answers, keeping its questions', async () => {
    const read = await readBlankForm(SCOPE, '910', 'ABC123');
    expect(read).toMatchObject({ fromCache: false, data: { serialNumber: 'ABC123' } });
  });

  it('keeps a draft with its photo bytes until it is removed, and drops it at logout', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 7]).buffer;
    const draft = {
      answers: { q1: '11/20/2026' },
      attachments: [{ id: 'a', fileName: 'a.jpg', contentType: 'image/jpeg', description: 'Front', amount: 0, hash: 'h', data: photo }],
    };
    await saveDraft(SCOPE, '910', 'ABC123', draft);
    const kept = await readDraft(SCOPE, '910', 'ABC123');
    expect(kept?.answers).toEqual({ q1: '11/20/2026' });
    expect([...new Uint8Array(kept!.attachments[0]!.data)]).toEqual([0xff, 0xd8, 0xff, 7]);
    expect(await readDraft(SCOPE, '931', 'XYZ999')).toBeUndefined();
    await removeDraft(SCOPE, '910', 'ABC123');
    expect(await readDraft(SCOPE, '910', 'ABC123')).toBeUndefined();
    await saveDraft(SCOPE, '910', 'ABC123', draft);
    await clearKeptCopies();
    expect(await readDraft(SCOPE, '910', 'ABC123')).toBeUndefined();
  });

  it("drops every user's draft of a home once the server has its report, and only that home's", async () => {
    const draft = { answers: { q1: '11/20/2026' }, attachments: [] };
    await saveDraft(SCOPE, '910', 'ABC123', draft);
    await saveDraft('other-user|4217', '910', 'ABC123', draft);
    await saveDraft(SCOPE, '910', 'ABC1234', draft);
    await removeDraftsOfHome('910', 'ABC123');
    expect(await readDraft(SCOPE, '910', 'ABC123')).toBeUndefined();
    expect(await readDraft('other-user|4217', '910', 'ABC123')).toBeUndefined();
    expect(await readDraft(SCOPE, '910', 'ABC1234')).toEqual(draft);
  });
});
