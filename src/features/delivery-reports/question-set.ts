import type { DeliveryReport, HomeSummary } from '../../contract';

/*
 * issue 12 §5 offline at the homesite: the blank form's questions are the same for every home, so the device keeps
 * them once (from any blank form it read) and composes a home's blank form from them and the kept home.
 */

export type QuestionSet = Pick<DeliveryReport, 'surveyId' | 'deliveryDateQuestion' | 'siteDeliveryQuestion' | 'questionGroups'>;

/** The questions of a form (or of a kept set) without answers. */
export function questionSetOf(form: QuestionSet): QuestionSet {
  return {
    surveyId: form.surveyId,
    deliveryDateQuestion: { ...form.deliveryDateQuestion, answer: null },
    siteDeliveryQuestion: { ...form.siteDeliveryQuestion, answer: null },
    questionGroups: form.questionGroups.map((group) => ({
      ...group,
      questions: group.questions.map((question) => ({ ...question, answer: null })),
    })),
  };
}

/** A home's blank form as GET /DeliveryForm/{plantNumber}/{serialNumber} would answer it. */
export function composeBlankForm(questions: QuestionSet, home: HomeSummary): DeliveryReport {
  return {
    ...questionSetOf(questions),
    submittedSurveyId: null,
    plantNumber: home.plantNumber,
    plantName: home.plantName,
    serialNumber: home.serialNumber,
    modelNumber: home.modelNumber,
    modelName: home.modelName,
    customerName: home.homeownerName,
    submittedBy: '',
    submitDate: null,
    surveyAttachments: [],
  };
}
