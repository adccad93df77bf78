import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deliveryIntentOf } from '../../../src/features/delivery-reports/api/calls';
import { FeedbackIntent } from '../../../src/features/feedback/api/submit-feedback';
import { warrantyIntentOf } from '../../../src/features/homeowners/api/calls';
import { leadIntentOf, leadStatusCall } from '../../../src/features/leads/api/calls';
import { partsOrderIntentOf } from '../../../src/features/parts-orders/api/calls';
import { SupportIntent } from '../../../src/features/support/api/submit-support';
import { workOrderIntentOf } from '../../../src/features/work-orders/api/calls';
import type { OutboxIntent } from '../../../src/offline/db';

/* Each feature reads the intents of its entries through the valibot schema of its union (offline/read-entry.ts intentOf). */

const entry = (intent: OutboxIntent) => ({ intent });

describe('intents read through their schemas', () => {
  it('a feature reads its own kinds, with their fields', () => {
    expect(workOrderIntentOf(entry({ feature: 'work-orders', kind: 'service-item', action: 'add', id: 'tmp-1' }))).toEqual({
      feature: 'work-orders',
      kind: 'service-item',
      action: 'add',
      id: 'tmp-1',
    });
    expect(partsOrderIntentOf(entry({ feature: 'parts-orders', kind: 'create-order', orderId: 'tmp-2' }))?.kind).toBe('create-order');
    expect(
      deliveryIntentOf(entry({ feature: 'delivery-reports', kind: 'survey-attachment', action: 'remove', submittedSurveyId: 5 })),
    ).toBeDefined();
    expect(warrantyIntentOf(entry({ feature: 'homeowners', kind: 'warranty-card', action: 'update' }))).toBeDefined();
    expect(leadIntentOf(entry(leadStatusCall(3, 'Ann Lee', 'C').intent))).toEqual({
      feature: 'leads',
      kind: 'lead-status',
      leadId: 3,
      status: 'C',
    });
  });

  it('not another feature’s intent, nor a kind the feature does not know, nor one whose fields are not its kind’s', () => {
    expect(workOrderIntentOf(entry({ feature: 'parts-orders', kind: 'submit' }))).toBeUndefined();
    expect(workOrderIntentOf(entry({ feature: 'work-orders', kind: 'teleport' }))).toBeUndefined();
    expect(workOrderIntentOf(entry({ feature: 'work-orders', kind: 'service-item', action: 'add', id: 7 }))).toBeUndefined();
    expect(partsOrderIntentOf(entry({ feature: 'parts-orders', kind: 'item', action: 'move', id: '1' }))).toBeUndefined();
    expect(leadIntentOf(entry({ feature: 'leads', kind: 'lead-status', leadId: 3, status: 'P' }))).toBeUndefined();
    expect(warrantyIntentOf(entry({ feature: 'homeowners', kind: 'warranty-card' }))).toBeUndefined();
  });

  it('feedback and support have schemas of their own', () => {
    expect(v.is(FeedbackIntent, { feature: 'feedback', kind: 'submit-feedback' })).toBe(true);
    expect(v.is(SupportIntent, { feature: 'support', kind: 'submit-support-request' })).toBe(true);
    expect(v.is(SupportIntent, { feature: 'feedback', kind: 'submit-feedback' })).toBe(false);
  });
});
