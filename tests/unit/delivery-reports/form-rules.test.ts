import { describe, expect, it, vi } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  DELIVERY_MESSAGES,
  QUESTION_TYPES,
  attachmentPanelMode,
  type DeliveryReport,
  type HomeSummary,
} from '../../../src/contract';
import { checkFileSelection, type AcceptedFile } from '../../../src/lib/files';
import { fitWithin } from '../../../src/lib/images';
import { createFetchSend, LARGE_BODY_CHARS } from '../../../src/offline/fetch-send';
import type { OutboxEntry } from '../../../src/offline/db';
import { submittedIdOf } from '../../../src/features/delivery-reports/api/answers';
import { descriptionError, parseAmount, prepareSurveyFile, toBase64 } from '../../../src/features/delivery-reports/attachments';
import {
  answerKey,
  anyAnswered,
  checkDeliveryForm,
  deliveryReportBody,
  initialAnswers,
  questionsOf,
} from '../../../src/features/delivery-reports/form-rules';
import { composeBlankForm, questionSetOf } from '../../../src/features/delivery-reports/question-set';

const question = (questionId: number, questionType: 1 | 2 | 3 | 4, isRequired: boolean, sequence = questionId) => ({
  questionId,
  questionText: `Question ${questionId}`,
  questionType,
  isRequired,
  sequence,
  answer: null,
});

const blank: DeliveryReport = {
  surveyId: 1,
  submittedSurveyId: null,
  plantNumber: '910',
  plantName: 'Plant 910',
  serialNumber: 'ABC123',
  modelNumber: 'M1',
  modelName: 'Model',
  customerName: 'Pat Doe',
  submittedBy: '',
  submitDate: null,
  deliveryDateQuestion: question(1, QUESTION_TYPES.dateTime, true),
  siteDeliveryQuestion: question(2, QUESTION_TYPES.yesNo, true),
  questionGroups: [
    { questionGroupId: 20, title: 'Exterior', sequence: 2, questions: [question(5, QUESTION_TYPES.string, false, 1)] },
    {
      questionGroupId: 10,
      title: 'Interior',
      sequence: 1,
      questions: [
        question(4, QUESTION_TYPES.trueFalse, true, 2),
        question(3, QUESTION_TYPES.string, true, 1),
        question(6, QUESTION_TYPES.dateTime, false, 3),
      ],
    },
  ],
  surveyAttachments: [],
};

const filled = { q1: '11/20/2026', q2: 'Yes', q3: 'Set on piers', q4: 'true', q5: '', q6: '' };

describe('delivery form rules (spec 2 §5)', () => {
  it('orders the questions: delivery date, site delivery, then each group by sequence', () => {
    expect(questionsOf(blank).map((entry) => entry.questionId)).toEqual([1, 2, 3, 4, 6, 5]);
  });

  it('requires every required answer and at least one attachment, each with its flag', () => {
    const empty = checkDeliveryForm(blank, initialAnswers(blank), 0);
    expect(empty.ok).toBe(false);
    expect(Object.keys(empty.errors).sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(empty.errors.q3).toBe(DELIVERY_MESSAGES.answerRequired);
    expect(empty.attachmentsMissing).toBe(true);
    expect(checkDeliveryForm(blank, filled, 0)).toMatchObject({ ok: false, errors: {}, attachmentsMissing: true });
    expect(checkDeliveryForm(blank, filled, 1)).toEqual({ ok: true, errors: {}, invalidCharacters: false, attachmentsMissing: false });
  });

  it('flags invalid characters and wrong choices, and checks dates with the §5 validator', () => {
    const check = checkDeliveryForm(blank, { ...filled, q3: 'Set\u0000on piers', q2: 'Maybe', q1: '13/45/2026', q6: '02/30/2026' }, 1);
    expect(check.invalidCharacters).toBe(true);
    expect(check.errors.q3).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(check.errors.q2).toBe(DELIVERY_MESSAGES.answerInvalid);
    expect(check.errors.q1).toMatch(/MM\/DD\/YYYY/);
    expect(check.errors.q6).toMatch(/MM\/DD\/YYYY/);
    expect(checkDeliveryForm(blank, { ...filled, q6: '2026-11-02' }, 1).ok).toBe(true);
  });

  it('asks before cancelling only when something is answered', () => {
    expect(anyAnswered(initialAnswers(blank))).toBe(false);
    expect(anyAnswered({ ...initialAnswers(blank), [answerKey(5)]: 'x' })).toBe(true);
  });

  it('builds the POST /DeliveryForm body: ISO dates, null for unanswered, every group', () => {
    const body = deliveryReportBody(blank, filled, [{ imageFileName: 'a.jpg', base64Image: 'AAAA', description: 'Front', amount: 0 }]);
    expect(body.deliveryDateQuestion).toEqual({ questionId: 1, answer: '2026-11-20' });
    expect(body.siteDeliveryQuestion).toEqual({ questionId: 2, answer: 'Yes' });
    expect(body.questionGroups).toEqual([
      { questionGroupId: 20, questions: [{ questionId: 5, answer: null }] },
      {
        questionGroupId: 10,
        questions: [
          { questionId: 4, answer: 'true' },
          { questionId: 3, answer: 'Set on piers' },
          { questionId: 6, answer: null },
        ],
      },
    ]);
    expect(body.surveyAttachments).toHaveLength(1);
  });

  it('shows stored answers back, dates as MM/DD/YYYY and TBD dates as empty', () => {
    const answered = {
      ...blank,
      deliveryDateQuestion: { ...blank.deliveryDateQuestion, answer: '2026-11-20' },
      siteDeliveryQuestion: { ...blank.siteDeliveryQuestion, answer: 'No' },
    };
    expect(initialAnswers(answered)).toMatchObject({ q1: '11/20/2026', q2: 'No', q3: '' });
    expect(initialAnswers({ ...answered, deliveryDateQuestion: { ...blank.deliveryDateQuestion, answer: '1900-01-01' } }).q1).toBe('');
  });

  it('keeps the question set once and composes any kept home’s blank form from it', () => {
    const set = questionSetOf({ ...blank, siteDeliveryQuestion: { ...blank.siteDeliveryQuestion, answer: 'Yes' } });
    expect(set.siteDeliveryQuestion.answer).toBeNull();
    const home = {
      plantNumber: '931',
      plantName: 'Plant 931',
      serialNumber: 'XYZ9',
      modelNumber: 'M2',
      modelName: 'Other',
      homeownerName: 'Sam Roe',
    } as HomeSummary;
    const form = composeBlankForm(set, home);
    expect(form).toMatchObject({
      plantNumber: '931',
      serialNumber: 'XYZ9',
      customerName: 'Sam Roe',
      submittedSurveyId: null,
      surveyAttachments: [],
    });
    expect(questionsOf(form).map((entry) => entry.questionId)).toEqual([1, 2, 3, 4, 6, 5]);
  });
});

describe('survey attachments (spec 2 §2, §5)', () => {
  it('is in edit mode when exactly one attachment exists, otherwise in add mode', () => {
    expect([0, 1, 2, 5].map(attachmentPanelMode)).toEqual(['add', 'edit', 'add', 'add']);
  });

  it('allows letters, digits, comma, period and space in a description', () => {
    expect(descriptionError('Front porch, east side. 2')).toBeUndefined();
    expect(descriptionError('Porch & steps!')).toBe(DELIVERY_MESSAGES.descriptionInvalid);
    expect(parseAmount('')).toEqual({ ok: true, amount: 0 });
    expect(parseAmount('$1,250.5')).toEqual({ ok: true, amount: 1250.5 });
    expect(parseAmount('-3').ok).toBe(false);
  });

  const jpeg = (name: string, extra: number) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, extra])], name, { type: 'image/jpeg' });

  it('refuses a whole selection when one file is not an allowed type, and drops duplicate contents', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const refused = await checkFileSelection([jpeg('a.jpg', 1), text], { allowPdf: false });
    expect(refused).toMatchObject({ ok: false, title: DELIVERY_MESSAGES.invalidFileTitle, message: DELIVERY_MESSAGES.invalidFile });
    const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    expect(await checkFileSelection([pdf], { allowPdf: true })).toMatchObject({ ok: true });
    expect(await checkFileSelection([pdf], { allowPdf: false })).toMatchObject({ ok: false, message: DELIVERY_MESSAGES.invalidFile });
    const accepted = await checkFileSelection([jpeg('a.jpg', 1), jpeg('copy-of-a.jpg', 1), jpeg('b.jpg', 2)]);
    expect(accepted.ok && accepted.files.map((file) => file.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(accepted.ok && accepted.duplicates.map((file) => file.name)).toEqual(['copy-of-a.jpg']);
  });

  it('compresses JPEG photos and keeps GIFs as they are', async () => {
    const compress = vi.fn(async () => ({
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1])], { type: 'image/jpeg' }),
      type: 'image/jpeg' as const,
      converted: true,
    }));
    const photo: AcceptedFile = { file: jpeg('IMG_1.JPEG', 9), hash: 'h1', type: 'image/jpeg' };
    const prepared = await prepareSurveyFile(photo, compress);
    expect(prepared).toMatchObject({ ok: true, file: { fileName: 'IMG_1.jpg', contentType: 'image/jpeg', hash: 'h1' } });
    expect(prepared.ok && prepared.file.data.byteLength).toBe(4);
    const gif: AcceptedFile = { file: new File(['GIF89a...'], 'x.gif', { type: 'image/gif' }), hash: 'h2', type: 'image/gif' };
    expect(await prepareSurveyFile(gif, compress)).toMatchObject({ ok: true, file: { fileName: 'x.gif', contentType: 'image/gif' } });
    expect(compress).toHaveBeenCalledTimes(1);
  });

  it('resizes a photo to 1600 px on its long side, keeping its aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('writes base64 without a data-URL prefix, also for large files', () => {
    expect(toBase64(new TextEncoder().encode('hello').buffer as ArrayBuffer)).toBe('aGVsbG8=');
    const large = new Uint8Array(200_000).map((_, index) => index % 251);
    expect(atob(toBase64(large.buffer)).length).toBe(200_000);
  });

  it('reads the new submitted survey id from the POST answer', () => {
    expect([
      submittedIdOf({ submittedSurveyId: 7 }),
      submittedIdOf({}),
      submittedIdOf(null),
      submittedIdOf({ submittedSurveyId: 'x' }),
    ]).toEqual([7, undefined, undefined, undefined]);
  });
});

describe('outbox send of a large JSON body', () => {
  it('goes through XHR with upload progress, as JSON', async () => {
    const sent: { body?: unknown; headers: Record<string, string> } = { headers: {} };
    const progress: number[] = [];
    class FakeXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 0;
      responseText = '';
      timeout = 0;
      onload?: () => void;
      open() {}
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      send(body: string) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length / 2, total: body.length });
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length });
        this.status = 201;
        this.responseText = '{"submittedSurveyId":3}';
        this.onload?.();
      }
    }
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    const send = createFetchSend({
      resolveBase: () => '/api',
      getToken: () => 'jwt',
      fetch,
      XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    });
    const entry: OutboxEntry = {
      seq: 1,
      id: 'e',
      method: 'POST',
      base: 'api',
      path: '/DeliveryForm',
      body: { photo: 'A'.repeat(LARGE_BODY_CHARS) },
      fileIds: [],
      idempotencyKey: 'k',
      recordKey: 'r',
      label: 'l',
      intent: { feature: 'delivery-reports', kind: 'test' },
      dependsOn: [],
      status: 'sending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
    };
    expect(await send(entry, [], { onUploadProgress: (loaded) => progress.push(loaded) })).toEqual({
      status: 201,
      body: { submittedSurveyId: 3 },
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(JSON.parse(sent.body as string)).toEqual(entry.body);
    expect(sent.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k' });
    expect(progress.at(-1)).toBe((sent.body as string).length);
    // A small body still goes through fetch.
    await send({ ...entry, body: { a: 1 } }, [], { onUploadProgress: () => undefined });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
