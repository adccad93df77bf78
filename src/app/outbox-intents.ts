import type { DeliveryIntent } from '../features/delivery-reports/api/calls';
import type { FeedbackIntent } from '../features/feedback/api/submit-feedback';
import type { WarrantyIntent } from '../features/homeowners/api/calls';
import type { LeadIntent } from '../features/leads/api/calls';
import type { PartsOrderIntent } from '../features/parts-orders/api/calls';
import type { SupportIntent } from '../features/support/api/submit-support';
import type { WorkOrderIntent } from '../features/work-orders/api/calls';

/*
 * Every intent the app queues (offline/db.ts OutboxIntent), one union of the features' own, each read through its
 * valibot schema (offline/read-entry.ts intentOf). INTENT_SCREENS names, for every feature and kind, the screen that
 * shows an entry of it as pending: a kind added to a feature's union and shown nowhere fails to compile here, as does
 * one listed here that no feature queues. The pending-changes screen lists every entry besides, by its label.
 */

/** What offline/legacy-intents.ts gives an entry queued before intents that none of the features wrote. */
type UnrecognisedIntent = { feature: 'unrecognised'; kind: 'unrecognised' };

export type AppIntent =
  WorkOrderIntent | PartsOrderIntent | DeliveryIntent | WarrantyIntent | LeadIntent | FeedbackIntent | SupportIntent | UnrecognisedIntent;

type IntentScreens = {
  readonly [Feature in AppIntent['feature']]: { readonly [Kind in Extract<AppIntent, { feature: Feature }>['kind']]: string };
};

const PENDING_CHANGES = '/pending-changes (by its label)';

export const INTENT_SCREENS = {
  'work-orders': {
    'create-request': '/service list and the review (a request made on this device)',
    information: 'review header and Information sections',
    cancel: 'review header (Cancel tag)',
    submit: 'review header (Submit tag)',
    archive: 'review header',
    'service-item': 'review: Service Items',
    'parts-item': 'review: Parts Items',
    attachment: 'review: Attachments',
  },
  'parts-orders': {
    'create-order': '/service/parts list and the order review (an order made on this device)',
    'ship-to': 'order review: Ship To',
    cancel: 'order review header (Cancel tag)',
    submit: 'order review header (Submit tag)',
    item: 'order review: items',
    receipt: 'order review header (Receipt tag) and items',
  },
  'delivery-reports': {
    'submit-report': '/surveys/deliveryreports (submission pending)',
    'survey-attachment': 'submitted delivery report: attachments',
  },
  homeowners: { 'warranty-card': '/service/myhomeowners and the warranty card panel' },
  leads: { 'lead-status': '/sales/leads' },
  feedback: { 'submit-feedback': PENDING_CHANGES },
  support: { 'submit-support-request': PENDING_CHANGES },
  unrecognised: { unrecognised: PENDING_CHANGES },
} as const satisfies IntentScreens;
