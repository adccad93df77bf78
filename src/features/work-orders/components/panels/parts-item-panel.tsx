import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { WORK_ORDER_MESSAGES, type UnitOfMeasure } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { seenAsSaved } from '../../../../offline/conflicts';
import { WriteRefusedError } from '../../../../offline/runtime';
import { focusFirstInvalidField } from '../../../../ui/focus';
import { useAppForm } from '../../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../../ui/side-panel';
import { addPartsItemCall, updatePartsItemCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServicePartsItemView, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { PendingBadge } from '../../../../ui/pending-marks';
import { findPartsItem, partsItemName, type ReviewPaths } from '../review/review-model';
import { FormError, PANEL_VALIDATION, PanelLoading, ReturnToReview, placeWriteError, usePanelItem } from './panel-frame';
import { PARTS_ITEM_FIELDS, PARTS_ITEM_LABELS, billingCodeOptions, checkPartsItem, partsItemValues } from './parts-item-form';
import { unitOptions, useUnitsOfMeasure } from '../../../../entities/units-of-measure';

export const PARTS_ITEM_TITLES = { add: 'Add Parts Item', edit: 'Edit Parts Item' } as const;
export const UNITS_UNAVAILABLE_HINT = 'The list of units is not available on this device: type the unit code (for example EA).';

function PartsItemForm({
  view,
  paths,
  part,
  units,
}: {
  view: ServiceRequestView;
  paths: ReviewPaths;
  part: ServicePartsItemView | undefined;
  units: readonly UnitOfMeasure[] | undefined;
}) {
  const write = useWorkOrderWrite();
  const queryClient = useQueryClient();
  const close = useSidePanelClose(paths.review);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ view, part, units });
  latest.current = { view, part, units };
  // The part as the form showed it: what the save compares the form with to tell what the user changed.
  const [seen] = useState(() => seenAsSaved(part, checkPartsItem(partsItemValues(part), units, part?.unitOfMeasure.trim())));
  const editing = part !== undefined;

  const form = useAppForm({
    defaultValues: partsItemValues(part),
    validationLogic: PANEL_VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkPartsItem(value, latest.current.units, latest.current.part?.unitOfMeasure.trim());
        return check.ok ? undefined : { fields: check.fields };
      },
    },
    onSubmitInvalid: () => {
      notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: async ({ value, formApi }) => {
      const { view: current, part: currentPart, units: currentUnits } = latest.current;
      const check = checkPartsItem(value, currentUnits, currentPart?.unitOfMeasure.trim());
      if (!check.ok) return;
      setFormError(undefined);
      setSaving(true);
      try {
        const ref = requestRef(current);
        if (currentPart) {
          await write(
            {
              ...updatePartsItemCall(ref, currentPart.key, { ...check.body, rowVersion: currentPart.rowVersion }, seen),
              fieldLabels: PARTS_ITEM_LABELS,
            },
            WORK_ORDER_TOASTS.partsItemUpdated,
          );
        } else {
          await write(addPartsItemCall(ref, check.body).call, WORK_ORDER_TOASTS.partsItemAdded);
        }
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi, PARTS_ITEM_FIELDS));
        if (error instanceof WriteRefusedError && error.error.status === 409)
          void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
      } finally {
        setSaving(false);
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);
  const title = editing ? PARTS_ITEM_TITLES.edit : PARTS_ITEM_TITLES.add;

  return (
    <SidePanel
      title={title}
      closeTo={paths.review}
      dirty={dirty && !saving}
      locked={saving}
      onSubmit={() => void form.handleSubmit()}
      description={editing ? partsItemName(part) : undefined}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={bodyRef} className="form panel-form">
        {part?.pending && (
          <p className="panel-form__pending">
            <PendingBadge mark={part.pending} subject={`parts item ${partsItemName(part)}`} />
          </p>
        )}
        <FormError message={formError} />
        <form.AppField name="partNumber">
          {(field) => <field.TextField label={PARTS_ITEM_LABELS.partNumber} maxLength={40} autoComplete="off" />}
        </form.AppField>
        <form.AppField name="partDescription">
          {(field) => <field.TextField label={PARTS_ITEM_LABELS.partDescription} required maxLength={255} autoComplete="off" />}
        </form.AppField>
        <div className="form__row">
          <form.AppField name="quantity">
            {(field) => <field.TextField label={PARTS_ITEM_LABELS.quantity} inputMode="numeric" required />}
          </form.AppField>
          <form.AppField name="unitOfMeasure">
            {(field) =>
              units && units.length > 0 ? (
                <field.SelectField
                  label={PARTS_ITEM_LABELS.unitOfMeasure}
                  options={unitOptions(units, part?.unitOfMeasure.trim())}
                  required
                />
              ) : (
                <field.TextField
                  label={PARTS_ITEM_LABELS.unitOfMeasure}
                  required
                  maxLength={10}
                  hint={units ? undefined : UNITS_UNAVAILABLE_HINT}
                />
              )
            }
          </form.AppField>
        </div>
        <form.AppField name="billingCode">
          {(field) => <field.SelectField label={PARTS_ITEM_LABELS.billingCode} options={billingCodeOptions()} required />}
        </form.AppField>
        <form.AppField name="notes">
          {(field) => <field.TextAreaField label={PARTS_ITEM_LABELS.notes} maxLength={1000} rows={3} />}
        </form.AppField>
      </div>
    </SidePanel>
  );
}

/**
 * spec 3 §2 parts item panels: add (/servicerequests/{id}/PartsOrder/{partsOrderId}, /workorders/{id}/partsitems/) and
 * edit (…/PartsItem/{partsOrderItemId}, /workorders/{id}/partsitems/{id}, /workorders/{id}/partsrequest/lineitems/{id}).
 */
export function PartsItemPanel({ itemId, by = 'item' }: { itemId?: string; by?: 'item' | 'partsRequestLine' }) {
  const target = usePanelItem(itemId, (view, ids) => findPartsItem(view, ids, by));
  const units = useUnitsOfMeasure();
  const title = itemId === undefined ? PARTS_ITEM_TITLES.add : PARTS_ITEM_TITLES.edit;
  if (target.status === 'waiting' || (units.isPending && units.fetchStatus === 'fetching')) return <PanelLoading title={title} />;
  if (target.status === 'gone') return <ReturnToReview />;
  return <PartsItemForm view={target.view} paths={target.paths} part={target.item} units={units.data?.data} />;
}
