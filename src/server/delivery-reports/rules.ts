/**
 * The delivery report rules the server checks before it writes (contract/delivery-reports.ts header, spec 2 §5):
 * every answer against its question, the required questions answered, and each attachment's bytes by their content.
 */
import { createHash } from 'node:crypto';
import {
  DELIVERY_MESSAGES,
  MAX_SURVEY_ATTACHMENT_BYTES,
  QUESTION_TYPES,
  SURVEY_PDF_ENABLED,
  isAnswerValid,
  isIsoDay,
  type DeliveryReportInput,
  type QuestionType,
  type SurveyAttachmentInput,
} from '../../contract';
import { detectFileType, invalidFileMessage, type DetectedFileType } from '../../lib/files';
import { PLACEMENTS, isRequiredQuestion, type QuestionRow } from './store';

/** A 400 answer's body: what is wrong and where in the request. */
export interface Refusal {
  message: string;
  field: string;
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'message' in value && 'field' in value;

export interface CheckedAnswer {
  questionId: number;
  answer: string;
}

interface SentAnswer {
  questionId: number;
  answer: string | null;
  placement: string;
  groupId: number | null;
  field: string;
}

function sentAnswers(body: DeliveryReportInput): SentAnswer[] {
  return [
    { ...body.deliveryDateQuestion, placement: PLACEMENTS.deliveryDate, groupId: null, field: 'deliveryDateQuestion' },
    { ...body.siteDeliveryQuestion, placement: PLACEMENTS.siteDelivery, groupId: null, field: 'siteDeliveryQuestion' },
    ...body.questionGroups.flatMap((group, groupIndex) =>
      group.questions.map((question, questionIndex) => ({
        ...question,
        placement: PLACEMENTS.group,
        groupId: group.questionGroupId,
        field: `questionGroups.${groupIndex}.questions.${questionIndex}`,
      })),
    ),
  ];
}

/** Dates are kept as their day (the contract's 'YYYY-MM-DD'), whatever time came with them. */
function storedAnswer(questionType: QuestionType, answer: string): string | null {
  if (!isAnswerValid(questionType, answer)) return null;
  if (questionType !== QUESTION_TYPES.dateTime) return answer;
  const day = answer.slice(0, 10);
  return isIsoDay(day) ? day : null;
}

/**
 * The answers to store (unanswered ones are not stored), or the first refusal: a question that is not an active one
 * of this form in the place it was sent, a question answered twice, an answer that does not fit its question's type,
 * or a required question left unanswered (the message names the question).
 */
export function checkAnswers(questions: readonly QuestionRow[], body: DeliveryReportInput): CheckedAnswer[] | Refusal {
  const active = new Map(questions.filter((question) => question.isActive).map((question) => [question.id, question]));
  const answered = new Map<number, CheckedAnswer>();
  const sentAt = new Map<number, string>();
  for (const sent of sentAnswers(body)) {
    const question = active.get(sent.questionId);
    if (!question || question.placement !== sent.placement || (sent.placement === PLACEMENTS.group && question.groupId !== sent.groupId)) {
      return {
        message: `Question ${sent.questionId} is not a question of this form. (${sent.field}.questionId)`,
        field: `${sent.field}.questionId`,
      };
    }
    if (sentAt.has(question.id))
      return { message: `The question '${question.questionText}' is answered more than once.`, field: `${sent.field}.questionId` };
    sentAt.set(question.id, sent.field);
    const answer = sent.answer ?? '';
    if (answer === '') continue;
    const stored = storedAnswer(question.questionType as QuestionType, answer);
    if (stored === null) return { message: `${DELIVERY_MESSAGES.answerInvalid} (${question.questionText})`, field: `${sent.field}.answer` };
    answered.set(question.id, { questionId: question.id, answer: stored });
  }
  for (const question of active.values()) {
    if (isRequiredQuestion(question) && !answered.has(question.id)) {
      const field = sentAt.has(question.id) ? `${sentAt.get(question.id)}.answer` : `questionId ${question.id}`;
      return { message: `${DELIVERY_MESSAGES.answerRequired} (${question.questionText})`, field };
    }
  }
  return [...answered.values()];
}

/** What a delivery report accepts (SURVEY_PDF_ENABLED decides PDF, contract header). */
const ACCEPTED_TYPES: readonly DetectedFileType[] = SURVEY_PDF_ENABLED
  ? ['image/jpeg', 'image/gif', 'application/pdf']
  : ['image/jpeg', 'image/gif'];
const EXTENSIONS: Record<DetectedFileType, string> = { 'image/jpeg': 'jpg', 'image/gif': 'gif', 'application/pdf': 'pdf' };

/** Server-made file names (surveyFileName): safe in a query string and a Content-Disposition, unique by their prefix. */
export const SURVEY_FILE_NAME_PATTERN = /^\d{1,10}-\d{1,4}-[A-Za-z0-9_-]{1,40}\.(jpg|gif|pdf)$/;

export interface CheckedFile {
  bytes: Uint8Array;
  /** The bytes as sent: the database decodes them itself (see attachmentValues in routes/delivery-reports.ts). */
  base64: string;
  contentType: DetectedFileType;
  sha256: string;
  /** The client's name reduced to letters, digits, '-' and '_', without its extension. */
  baseName: string;
  description: string;
  amount: number;
}

function baseNameOf(clientName: string): string {
  const name = clientName.slice(Math.max(clientName.lastIndexOf('/'), clientName.lastIndexOf('\\')) + 1);
  const withoutExtension = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  const safe = withoutExtension
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return safe || 'photo';
}

/** Decodes and checks one attachment: base64 that decodes exactly, an accepted type by its signature, within the size limit. */
export function checkAttachment(input: SurveyAttachmentInput, fieldPrefix = ''): CheckedFile | Refusal {
  const field = `${fieldPrefix}base64Image`;
  const refused = { message: invalidFileMessage(SURVEY_PDF_ENABLED), field };
  // The contract's pattern allows only the base64 alphabet with '=' at the end; a whole number of quads decodes exactly.
  if (input.base64Image.length % 4 !== 0) return refused;
  const bytes = new Uint8Array(Buffer.from(input.base64Image, 'base64'));
  if (bytes.byteLength > MAX_SURVEY_ATTACHMENT_BYTES) return { message: DELIVERY_MESSAGES.imageTooLarge, field };
  const contentType = detectFileType(bytes);
  if (!contentType || !ACCEPTED_TYPES.includes(contentType)) return refused;
  return {
    bytes,
    base64: input.base64Image,
    contentType,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    baseName: baseNameOf(input.imageFileName),
    description: input.description,
    amount: input.amount,
  };
}

/** spec 2 §5: a file whose contents repeat an earlier one is dropped. */
export function withoutDuplicateContents(files: readonly CheckedFile[], known: ReadonlySet<string> = new Set()): CheckedFile[] {
  const seen = new Set(known);
  return files.filter((file) => {
    if (seen.has(file.sha256)) return false;
    seen.add(file.sha256);
    return true;
  });
}

/** The stored name of a report's `ordinal`-th file (counted from 1 over all its files, removed ones too, so never reused). */
export const surveyFileName = (submittedSurveyId: number, ordinal: number, file: Pick<CheckedFile, 'baseName' | 'contentType'>) =>
  `${submittedSurveyId}-${ordinal}-${file.baseName}.${EXTENSIONS[file.contentType]}`;
