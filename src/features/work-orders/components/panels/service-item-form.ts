import * as v from 'valibot';
import {
  FACTORY_SERVICE,
  ServiceItemInput,
  WORK_ORDER_MESSAGES,
  laborRateFor,
  roundToQuarterHour,
  serviceItemIssues,
} from '../../../../contract';
import type { ServiceItemView } from '../../model';
import { issuesByField, numberToText, textToNumber } from './form-values';

/** spec 3 §3: serviceRequestCode 'D' means declined. */
export const DECLINED_CODE = 'D';

export interface ServiceItemValues {
  problemDescription: string;
  determinedCause: string;
  actionTaken: string;
  declined: boolean;
  declinedReason: string;
  partsCost: string;
  laborHours: string;
  crew: 'one' | 'two';
}

export type ServiceItemField = keyof ServiceItemValues;

export const SERVICE_ITEM_LABELS: Record<ServiceItemField, string> = {
  problemDescription: 'Problem description',
  determinedCause: 'Determined cause',
  actionTaken: 'Action taken',
  declined: 'Declined',
  declinedReason: 'Declined reason',
  partsCost: 'Parts cost',
  laborHours: 'Labor hours',
  crew: 'Crew',
};
export const SERVICE_ITEM_FIELDS = Object.keys(SERVICE_ITEM_LABELS) as ServiceItemField[];

export const CREW_OPTIONS = [
  { value: 'one', label: 'One-man' },
  { value: 'two', label: 'Two-man' },
] as const;

const isDeclined = (code: string) => code.trim().toUpperCase() === DECLINED_CODE;

export function serviceItemValues(item?: ServiceItemView): ServiceItemValues {
  if (!item) {
    return {
      problemDescription: '',
      determinedCause: '',
      actionTaken: '',
      declined: false,
      declinedReason: '',
      partsCost: '',
      laborHours: '',
      crew: 'one',
    };
  }
  return {
    problemDescription: item.problemDescription,
    determinedCause: item.determinedCause,
    actionTaken: item.actionTaken,
    declined: isDeclined(item.serviceRequestCode),
    declinedReason: item.declinedReason,
    partsCost: numberToText(item.partsCost),
    laborHours: numberToText(item.laborHours),
    crew: item.isTwoMan ? 'two' : 'one',
  };
}

/** The labor the form's values come to (spec 3 §5): quarter hours at the one- or two-man rate of the request. */
export function laborPreview(
  values: Pick<ServiceItemValues, 'laborHours' | 'crew'>,
  rates: { oneManServiceRate: number; twoManServiceRate: number },
) {
  const typed = textToNumber(values.laborHours);
  const hours = typed === null || Number.isNaN(typed) || typed < 0 ? 0 : roundToQuarterHour(typed);
  const rate = laborRateFor(values.crew === 'two', rates);
  return { hours, rate, cost: Math.round(hours * rate * 100) / 100 };
}

export type ServiceItemCheck = { ok: true; body: ServiceItemInput } | { ok: false; fields: Partial<Record<ServiceItemField, string>> };

/**
 * The service item form against spec 3 §5 — the contract's schema and serviceItemIssues, as the server runs them.
 * `previousCode` keeps a code other than 'D' the item already had.
 */
export function checkServiceItem(values: ServiceItemValues, requestType: string, previousCode = ''): ServiceItemCheck {
  const fields: Partial<Record<ServiceItemField, string>> = {};
  const partsCost = textToNumber(values.partsCost);
  const laborHours = textToNumber(values.laborHours);
  if (partsCost !== null && (Number.isNaN(partsCost) || partsCost < 0)) fields.partsCost = WORK_ORDER_MESSAGES.partsCostInvalid;
  if (laborHours !== null && (Number.isNaN(laborHours) || laborHours < 0)) fields.laborHours = WORK_ORDER_MESSAGES.laborHoursInvalid;
  const keptCode = isDeclined(previousCode) ? '' : previousCode;
  const input = {
    problemDescription: values.problemDescription,
    determinedCause: values.determinedCause,
    actionTaken: values.actionTaken,
    declinedReason: values.declined ? values.declinedReason : '',
    serviceRequestCode: values.declined ? DECLINED_CODE : keptCode,
    partsCost: partsCost === null || Number.isNaN(partsCost) ? null : partsCost,
    laborHours: laborHours === null || Number.isNaN(laborHours) ? null : laborHours,
    isTwoMan: values.crew === 'two',
  };
  const parsed = v.safeParse(ServiceItemInput, input);
  if (!parsed.success) {
    for (const [name, message] of Object.entries(issuesByField(parsed.issues))) {
      if (name in SERVICE_ITEM_LABELS) fields[name as ServiceItemField] ??= message;
    }
  }
  for (const issue of serviceItemIssues(input, requestType)) fields[issue.field as ServiceItemField] ??= issue.message;
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: parsed.output };
}

/** spec 3 §5: parts cost and labor hours are required unless the request is Factory Service. */
export const costsRequired = (requestType: string) => requestType !== FACTORY_SERVICE;
