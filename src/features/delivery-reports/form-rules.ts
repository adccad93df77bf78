import * as v from 'valibot';
import {
  CONTROL_CHARACTERS_MESSAGE,
  DELIVERY_MESSAGES,
  DeliveryReportInput,
  MAX_ANSWER_LENGTH,
  MIN_DELIVERY_ATTACHMENTS,
  QUESTION_TYPES,
  Text,
  type DeliveryReport,
  type SurveyAttachmentInput,
  type SurveyQuestion,
} from '../../contract';
import { formatDate, localIsoDay } from '../../lib/date-format';
import { isEmptyDate } from '../../lib/dates';
import { dateText, parseDateText } from '../../lib/validators';
import type { QuestionSet } from './question-set';

/*
 * The delivery form's rules (spec 2 §4 Delivery form, §5): every required question answered, answers free of the
 * characters no field may hold (the invalid-characters flag), dates parseable (exactly MM/DD/YYYY with a slash), and at
 * least MIN_DELIVERY_ATTACHMENTS attachments (a flag shows otherwise). Pure, so that the screen and the tests share them.
 */

/** The form's values: one text per question, by `answerKey`. Dates as typed (MM/DD/YYYY), trueFalse 'true'/'false', yesNo 'Yes'/'No'. */
export type Answers = Record<string, string>;

export const answerKey = (questionId: number) => `q${questionId}`;

export const DELIVERY_DATE_LABEL = 'Delivery Date';

/** The questions in the order the form shows them: delivery date, site delivery, then each group's by sequence. */
export function questionsOf(form: QuestionSet): SurveyQuestion[] {
  const groups = [...form.questionGroups].sort((a, b) => a.sequence - b.sequence);
  return [
    form.deliveryDateQuestion,
    form.siteDeliveryQuestion,
    ...groups.flatMap((group) => [...group.questions].sort((a, b) => a.sequence - b.sequence)),
  ];
}

/** spec 2 §2: the delivery date question is a date whatever type it is stored with. */
const isDateQuestion = (form: QuestionSet, question: SurveyQuestion) =>
  question.questionId === form.deliveryDateQuestion.questionId || question.questionType === QUESTION_TYPES.dateTime;

/** A stored answer as the form shows it: dates MM/DD/YYYY (TBD dates of spec 2 §5 as empty). */
function shownAnswer(form: QuestionSet, question: SurveyQuestion): string {
  const answer = question.answer ?? '';
  if (!isDateQuestion(form, question)) return answer;
  return answer === '' || isEmptyDate(answer) ? '' : formatDate(answer);
}

/** The form's starting values: the answers a report holds (none on a blank form). */
export function initialAnswers(form: DeliveryReport | QuestionSet): Answers {
  return Object.fromEntries(questionsOf(form).map((question) => [answerKey(question.questionId), shownAnswer(form, question)]));
}

/** spec 2 §2: cancelling asks first when any question is answered. */
export const anyAnswered = (answers: Answers) => Object.values(answers).some((answer) => answer.trim() !== '');

const AnswerText = Text(MAX_ANSWER_LENGTH);
const hasInvalidCharacters = (text: string) =>
  v.safeParse(AnswerText, text).issues?.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE) ?? false;

/** The answers of the choice types as stored (contract SurveyQuestion) and as the form labels them. */
export const ANSWER_CHOICES: Partial<Record<number, readonly { value: string; label: string }[]>> = {
  [QUESTION_TYPES.trueFalse]: [
    { value: 'true', label: 'True' },
    { value: 'false', label: 'False' },
  ],
  [QUESTION_TYPES.yesNo]: [
    { value: 'Yes', label: 'Yes' },
    { value: 'No', label: 'No' },
  ],
};

/** What is wrong with one answer, or undefined. */
export function answerError(form: QuestionSet, question: SurveyQuestion, value: string): string | undefined {
  const text = value.trim();
  if (isDateQuestion(form, question)) {
    const label = question.questionId === form.deliveryDateQuestion.questionId ? DELIVERY_DATE_LABEL : 'Date';
    const parsed = v.safeParse(dateText({ label, required: question.isRequired }), text);
    if (!parsed.success) return text === '' ? DELIVERY_MESSAGES.answerRequired : parsed.issues[0].message;
    return undefined;
  }
  if (text === '') return question.isRequired ? DELIVERY_MESSAGES.answerRequired : undefined;
  if (hasInvalidCharacters(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (text.length > MAX_ANSWER_LENGTH) return `Can be no longer than ${MAX_ANSWER_LENGTH} characters.`;
  const choices = ANSWER_CHOICES[question.questionType];
  if (choices && !choices.some((choice) => choice.value === text)) return DELIVERY_MESSAGES.answerInvalid;
  return undefined;
}

export interface FormCheck {
  /** Messages by answerKey. */
  errors: Record<string, string>;
  /** spec 2 §5 invalid-characters flag: some answer holds characters no field may hold. */
  invalidCharacters: boolean;
  /** spec 2 §5, §9: fewer than MIN_DELIVERY_ATTACHMENTS attachments. */
  attachmentsMissing: boolean;
  ok: boolean;
}

export function checkDeliveryForm(form: QuestionSet, answers: Answers, attachmentCount: number): FormCheck {
  const errors: Record<string, string> = {};
  for (const question of questionsOf(form)) {
    const key = answerKey(question.questionId);
    const message = answerError(form, question, answers[key] ?? '');
    if (message) errors[key] = message;
  }
  const invalidCharacters = Object.values(errors).includes(CONTROL_CHARACTERS_MESSAGE);
  const attachmentsMissing = attachmentCount < MIN_DELIVERY_ATTACHMENTS;
  return { errors, invalidCharacters, attachmentsMissing, ok: Object.keys(errors).length === 0 && !attachmentsMissing };
}

/** A typed date as the body carries it, YYYY-MM-DD ('' when empty). */
function isoDay(text: string): string {
  const date = text.trim() === '' ? null : parseDateText(text);
  return date ? localIsoDay(date) : '';
}

/** The body of POST /DeliveryForm (spec 2 §7): the whole form of one home, answers and photos together. */
export function deliveryReportBody(form: DeliveryReport, answers: Answers, attachments: SurveyAttachmentInput[]): DeliveryReportInput {
  const answerOf = (question: SurveyQuestion) => {
    const value = (answers[answerKey(question.questionId)] ?? '').trim();
    if (isDateQuestion(form, question)) return isoDay(value) || null;
    return value === '' ? null : value;
  };
  return v.parse(DeliveryReportInput, {
    plantNumber: form.plantNumber,
    serialNumber: form.serialNumber,
    deliveryDateQuestion: { questionId: form.deliveryDateQuestion.questionId, answer: answerOf(form.deliveryDateQuestion) },
    siteDeliveryQuestion: { questionId: form.siteDeliveryQuestion.questionId, answer: answerOf(form.siteDeliveryQuestion) },
    questionGroups: form.questionGroups.map((group) => ({
      questionGroupId: group.questionGroupId,
      questions: group.questions.map((question) => ({ questionId: question.questionId, answer: answerOf(question) })),
    })),
    surveyAttachments: attachments,
  });
}
