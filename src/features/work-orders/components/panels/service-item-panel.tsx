import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { WORK_ORDER_MESSAGES, roundToQuarterHour } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { seenAsSaved } from '../../../../offline/conflicts';
import { WriteRefusedError } from '../../../../offline/runtime';
import { focusFirstInvalidField } from '../../../../ui/focus';
import { useAppForm } from '../../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../../ui/side-panel';
import { addServiceItemCall, updateServiceItemCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServiceItemView, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { PendingBadge } from '../../../../ui/pending-marks';
import { costText, findServiceItem, type ReviewPaths } from '../review/review-model';
import { QUARTER_HOUR_HINT, textToNumber } from './form-values';
import { FormError, PANEL_VALIDATION, PanelLoading, ReturnToReview, placeWriteError, usePanelItem } from './panel-frame';
import {
  CREW_OPTIONS,
  SERVICE_ITEM_FIELDS,
  SERVICE_ITEM_LABELS,
  checkServiceItem,
  costsRequired,
  laborPreview,
  serviceItemValues,
} from './service-item-form';

export const SERVICE_ITEM_TITLES = { add: 'Add Service Item', edit: 'Edit Service Item' } as const;

function ServiceItemForm({ view, paths, item }: { view: ServiceRequestView; paths: ReviewPaths; item: ServiceItemView | undefined }) {
  const write = useWorkOrderWrite();
  const queryClient = useQueryClient();
  const close = useSidePanelClose(paths.review);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ view, item });
  latest.current = { view, item };
  // The item as the form showed it: what the save compares the form with to tell what the user changed.
  const [seen] = useState(() => seenAsSaved(item, checkServiceItem(serviceItemValues(item), view.requestType, item?.serviceRequestCode)));
  const editing = item !== undefined;

  const form = useAppForm({
    defaultValues: serviceItemValues(item),
    validationLogic: PANEL_VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkServiceItem(value, latest.current.view.requestType, latest.current.item?.serviceRequestCode);
        return check.ok ? undefined : { fields: check.fields };
      },
    },
    onSubmitInvalid: () => {
      notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: async ({ value, formApi }) => {
      const { view: current, item: currentItem } = latest.current;
      const check = checkServiceItem(value, current.requestType, currentItem?.serviceRequestCode);
      if (!check.ok) return;
      setFormError(undefined);
      setSaving(true);
      try {
        const ref = requestRef(current);
        if (currentItem) {
          // An item not sent yet is updated under its temp id; the outbox sends it after the create.
          await write(
            {
              ...updateServiceItemCall(ref, currentItem.key, { ...check.body, rowVersion: currentItem.rowVersion }, seen),
              fieldLabels: SERVICE_ITEM_LABELS,
            },
            WORK_ORDER_TOASTS.lineItemUpdated,
          );
        } else {
          await write(addServiceItemCall(ref, check.body).call, WORK_ORDER_TOASTS.lineItemAdded);
        }
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi, SERVICE_ITEM_FIELDS));
        if (error instanceof WriteRefusedError && error.error.status === 409)
          void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
      } finally {
        setSaving(false);
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);
  const declined = useStore(form.store, (state) => state.values.declined);
  const labor = useStore(form.store, (state) => laborPreview(state.values, view));
  const crew = useStore(form.store, (state) => state.values.crew);
  const required = costsRequired(view.requestType);
  const title = editing ? SERVICE_ITEM_TITLES.edit : SERVICE_ITEM_TITLES.add;

  return (
    <SidePanel
      title={title}
      closeTo={paths.review}
      size="large"
      dirty={dirty && !saving}
      locked={saving}
      onSubmit={() => void form.handleSubmit()}
      description={editing ? `Service item ${item.serviceRequestSequence}` : undefined}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={bodyRef} className="form panel-form">
        {item?.pending && (
          <p className="panel-form__pending">
            <PendingBadge mark={item.pending} subject={`service item ${item.serviceRequestSequence}`} />
          </p>
        )}
        <FormError message={formError} />
        <form.AppField name="problemDescription">
          {(field) => <field.TextAreaField label={SERVICE_ITEM_LABELS.problemDescription} required maxLength={2000} rows={3} />}
        </form.AppField>
        <form.AppField name="determinedCause">
          {(field) => <field.TextAreaField label={SERVICE_ITEM_LABELS.determinedCause} required maxLength={2000} rows={3} />}
        </form.AppField>
        <form.AppField name="actionTaken">
          {(field) => <field.TextAreaField label={SERVICE_ITEM_LABELS.actionTaken} required maxLength={2000} rows={3} />}
        </form.AppField>
        <form.AppField name="crew">
          {(field) => <field.RadioGroupField label={SERVICE_ITEM_LABELS.crew} options={CREW_OPTIONS} />}
        </form.AppField>
        <div className="form__row">
          <form.AppField
            name="laborHours"
            listeners={{
              // spec 3 §5: labor hours round to the nearest quarter hour.
              onBlur: ({ value }) => {
                const hours = textToNumber(value);
                if (hours === null || Number.isNaN(hours) || hours < 0) return;
                const rounded = String(roundToQuarterHour(hours));
                if (rounded !== value) form.setFieldValue('laborHours', rounded);
              },
            }}
          >
            {(field) => (
              <field.TextField label={SERVICE_ITEM_LABELS.laborHours} inputMode="decimal" required={required} hint={QUARTER_HOUR_HINT} />
            )}
          </form.AppField>
          <form.AppField name="partsCost">
            {(field) => <field.TextField label={SERVICE_ITEM_LABELS.partsCost} inputMode="decimal" required={required} />}
          </form.AppField>
        </div>
        <dl className="panel-form__summary" aria-live="polite">
          <div>
            <dt>Labor rate</dt>
            <dd>
              {costText(labor.rate)} per hour ({crew === 'two' ? 'two-man' : 'one-man'} rate)
            </dd>
          </div>
          <div>
            <dt>Labor cost</dt>
            <dd>{costText(labor.cost)}</dd>
          </div>
        </dl>
        <form.AppField name="declined">{(field) => <field.ToggleField label={SERVICE_ITEM_LABELS.declined} />}</form.AppField>
        {declined && (
          <form.AppField name="declinedReason">
            {(field) => <field.TextAreaField label={SERVICE_ITEM_LABELS.declinedReason} maxLength={2000} rows={2} />}
          </form.AppField>
        )}
      </div>
    </SidePanel>
  );
}

/**
 * spec 3 §2 service item panels: add (…/serviceitems, /workorders/{id}/lineitems/) and edit (…/serviceitems/{sequence},
 * /workorders/{id}/lineitems/{lineItemId}); `itemId` is the route's sequence or line item id (maybe a temp id).
 */
export function ServiceItemPanel({ itemId, by = 'id' }: { itemId?: string; by?: 'sequence' | 'id' }) {
  const target = usePanelItem(itemId, (view, ids) => findServiceItem(view, ids, by));
  const title = itemId === undefined ? SERVICE_ITEM_TITLES.add : SERVICE_ITEM_TITLES.edit;
  if (target.status === 'waiting') return <PanelLoading title={title} />;
  if (target.status === 'gone') return <ReturnToReview />;
  return <ServiceItemForm view={target.view} paths={target.paths} item={target.item} />;
}
