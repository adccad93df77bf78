import * as v from 'valibot';
import {
  DISPATCH_WORK_ORDER,
  FACTORY_SERVICE,
  REQUEST_FOR_PAYMENT,
  REQUEST_TYPES,
  ServiceRequestUpdate,
  WORK_ORDER_MESSAGES,
  informationIssues,
  roundToQuarterHour,
  type RequestType,
} from '../../../../contract';
import type { ServiceRequestView } from '../../model';
import { dayToText, invalidDateMessage, issuesByField, numberToText, textToDay, textToNumber } from './form-values';

/** What the information and additional-information panels hold (dates as typed, numbers as text). */
export interface InformationValues {
  requestType: string;
  caseSubject: string;
  caseDescription: string;
  technician: string;
  requestDate: string;
  scheduledDate: string;
  startDate: string;
  endDate: string;
  performedDate: string;
  tripTime: string;
  mileage: string;
  otherCosts: string;
  signature: 'onFile' | 'notAvailable';
  isUnderWarranty: boolean;
}

export type InformationField = keyof InformationValues;

export const INFORMATION_LABELS: Record<InformationField, string> = {
  requestType: 'Request type',
  caseSubject: 'Case subject',
  caseDescription: 'Description',
  technician: 'Technician',
  requestDate: 'Request date',
  scheduledDate: 'Scheduled date',
  startDate: 'Start date',
  endDate: 'End date',
  performedDate: 'Performed date',
  tripTime: 'Trip time (hours)',
  mileage: 'Mileage',
  otherCosts: 'Other costs',
  signature: 'Signature',
  isUnderWarranty: 'Under warranty',
};

/** The panels' labels by the PUT body's field names (a conflict shows them): the signature choice is `signatureOnFile` there. */
export const INFORMATION_CONFLICT_LABELS: Readonly<Record<string, string>> = {
  ...INFORMATION_LABELS,
  signatureOnFile: INFORMATION_LABELS.signature,
};

/** The fields of the Additional Information panel: who did the work and what the case is about. */
export const ADDITIONAL_FIELDS = [
  'caseSubject',
  'caseDescription',
  'technician',
  'signature',
  'isUnderWarranty',
] as const satisfies readonly InformationField[];
export const INFORMATION_FIELDS = Object.keys(INFORMATION_LABELS) as InformationField[];

const DATE_FIELDS = [
  'requestDate',
  'scheduledDate',
  'startDate',
  'endDate',
  'performedDate',
] as const satisfies readonly InformationField[];
const NUMBER_FIELDS = ['tripTime', 'mileage', 'otherCosts'] as const satisfies readonly InformationField[];

export const SIGNATURE_OPTIONS = [
  { value: 'onFile', label: 'On File' },
  { value: 'notAvailable', label: 'Not Available' },
] as const;

export type InformationSubject = Pick<
  ServiceRequestView,
  | 'requestType'
  | 'caseSubject'
  | 'caseDescription'
  | 'technician'
  | 'requestDate'
  | 'scheduledDate'
  | 'startDate'
  | 'endDate'
  | 'performedDate'
  | 'tripTime'
  | 'mileage'
  | 'otherCosts'
  | 'signatureOnFile'
  | 'isUnderWarranty'
  | 'rowVersion'
  | 'isRequestTypeForced'
  | 'isDispatchEnabled'
>;

export function informationValues(view: InformationSubject): InformationValues {
  return {
    requestType: view.isRequestTypeForced ? REQUEST_FOR_PAYMENT : view.requestType,
    caseSubject: view.caseSubject,
    caseDescription: view.caseDescription,
    technician: view.technician,
    requestDate: dayToText(view.requestDate),
    scheduledDate: dayToText(view.scheduledDate),
    startDate: dayToText(view.startDate),
    endDate: dayToText(view.endDate),
    performedDate: dayToText(view.performedDate),
    tripTime: numberToText(view.tripTime),
    mileage: numberToText(view.mileage),
    otherCosts: numberToText(view.otherCosts),
    signature: view.signatureOnFile ? 'onFile' : 'notAvailable',
    isUnderWarranty: view.isUnderWarranty,
  };
}

/**
 * spec 3 §2 request types in the selection: Dispatch Work Order only where dispatch is enabled, Standard always.
 * When the type is forced (spec 3 §4) Request for Payment is the only one.
 */
export function requestTypeOptions(view: Pick<InformationSubject, 'isRequestTypeForced' | 'isDispatchEnabled' | 'requestType'>) {
  const option = (code: RequestType) => ({ value: code, label: REQUEST_TYPES[code] });
  if (view.isRequestTypeForced) return [option(REQUEST_FOR_PAYMENT)];
  const codes = (Object.keys(REQUEST_TYPES) as RequestType[]).filter(
    (code) => code !== DISPATCH_WORK_ORDER || view.isDispatchEnabled || view.requestType === DISPATCH_WORK_ORDER,
  );
  return [{ value: '', label: 'Select a request type' }, ...codes.map(option)];
}

/** A performed date is required for Request for Payment (and so whenever the type is forced, spec 3 §4). */
export const isPerformedDateRequired = (requestType: string, forced: boolean) => forced || requestType === REQUEST_FOR_PAYMENT;

export type InformationCheck = { ok: true; body: ServiceRequestUpdate } | { ok: false; fields: Partial<Record<InformationField, string>> };

/**
 * The information form against spec 3 §4, §5 — the contract's schema and rules, the ones the server runs —
 * giving the PUT body (with the request's current rowVersion) or a message per field.
 */
export function checkInformation(values: InformationValues, view: InformationSubject, today: string): InformationCheck {
  const fields: Partial<Record<InformationField, string>> = {};
  const requestType = view.isRequestTypeForced ? REQUEST_FOR_PAYMENT : values.requestType;

  const days = {} as Record<(typeof DATE_FIELDS)[number], string | null>;
  for (const name of DATE_FIELDS) {
    const typed = textToDay(values[name]);
    if (!typed.ok) fields[name] = invalidDateMessage(INFORMATION_LABELS[name]);
    days[name] = typed.ok ? typed.day : null;
  }
  const numbers = {} as Record<(typeof NUMBER_FIELDS)[number], number>;
  for (const name of NUMBER_FIELDS) {
    const typed = textToNumber(values[name]);
    if (typed !== null && (Number.isNaN(typed) || typed < 0)) fields[name] = WORK_ORDER_MESSAGES.numberInvalid;
    numbers[name] = typed === null || Number.isNaN(typed) ? 0 : typed;
  }
  if (requestType === DISPATCH_WORK_ORDER && !view.isDispatchEnabled) fields.requestType = WORK_ORDER_MESSAGES.dispatchNotEnabled;

  const input = {
    requestType,
    caseSubject: values.caseSubject,
    caseDescription: values.caseDescription,
    technician: values.technician,
    ...days,
    // spec 3 §4: Factory Service clears the performed date.
    performedDate: requestType === FACTORY_SERVICE ? null : days.performedDate,
    tripTime: roundToQuarterHour(numbers.tripTime),
    mileage: numbers.mileage,
    otherCosts: numbers.otherCosts,
    signatureOnFile: values.signature === 'onFile',
    isUnderWarranty: values.isUnderWarranty,
    rowVersion: view.rowVersion,
  };
  const parsed = v.safeParse(ServiceRequestUpdate, input);
  if (!parsed.success) {
    for (const [name, message] of Object.entries(issuesByField(parsed.issues))) {
      if (name in INFORMATION_LABELS) fields[name as InformationField] ??= message;
    }
  } else {
    for (const issue of informationIssues(parsed.output, today)) fields[issue.field as InformationField] ??= issue.message;
  }
  if (Object.keys(fields).length > 0 || !parsed.success) return { ok: false, fields };
  return { ok: true, body: parsed.output };
}
