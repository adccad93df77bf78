import { hasRole, type PermissionSubject } from '../../../lib/permissions';

/** Reads delivery reports: service or sales users and viewers (the reports' roles, spec 2 §6; contract/delivery-reports.ts). */
export const canReadDeliveryReports = (user: Pick<PermissionSubject, 'roles'>) =>
  hasRole(user, 'Service_User', 'Service_Viewer', 'Sales_User', 'Sales_Viewer');
/** Submits a report and adds, edits or removes its attachments (contract/delivery-reports.ts). */
export const canWriteDeliveryReports = (user: Pick<PermissionSubject, 'roles'>) => hasRole(user, 'Service_User', 'Sales_User');

/** Query keys of delivery reports, written once. */
export const deliveryReportKeys = {
  all: ['delivery-reports'] as const,
  list: (scope: string) => [...deliveryReportKeys.all, 'list', scope] as const,
  blank: (scope: string, plantNumber: string, serialNumber: string) =>
    [...deliveryReportKeys.all, 'blank', scope, plantNumber, serialNumber] as const,
  submitted: (submittedSurveyId: number) => [...deliveryReportKeys.all, 'submitted', submittedSurveyId] as const,
};

/** Kinds of the copies kept in IndexedDB (offline/cached-read). */
export const DELIVERY_CACHE_KINDS = {
  list: 'delivery-report-list',
  /** The question set of the blank form, the same for every home: kept once per scope. */
  questions: 'delivery-form-questions',
  submitted: 'delivery-report',
  /** A form being filled in (answers and photos), so that a reload loses nothing. */
  draft: 'delivery-report-draft',
} as const;

/** The outbox record of a home's report: its submit and anything queued after it keep their order. */
export const deliveryRecordKey = (plantNumber: string, serialNumber: string) => `delivery-report:${plantNumber}/${serialNumber}`;
