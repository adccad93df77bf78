import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  catalogParts,
  partDescription,
  PARTS_ORDER_MESSAGES,
  WORK_ORDER_MESSAGES,
  type CatalogPart,
  type UnitOfMeasure,
} from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { seenAsSaved } from '../../../../offline/conflicts';
import { WriteRefusedError } from '../../../../offline/runtime';
import { DeviceFullError } from '../../../../offline/storage-full';
import { focusFirstInvalidField } from '../../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../../ui/side-panel';
import { unitOptions, useUnitsOfMeasure } from '../../../../entities/units-of-measure';
import { viewScope } from '../../../../entities/view-scope';
import { CatalogPicker, useApprovedCatalog, useCatalogImage } from '../../catalog';
import { addItemCall, updateItemCall } from '../../api/calls';
import { partsOrderKeys } from '../../api/keys';
import { stagedOrderPath } from '../../messages';
import { orderRef, type PartsOrderItemView, type PartsOrderView } from '../../model';
import { usePartsOrderWrite } from '../../use-parts-order-write';
import { PendingBadge } from '../../../../ui/pending-marks';
import { useOrderReview } from '../review/order-context';
import { itemName, refusalField, refusalMessage } from '../review/review-model';
import { PanelLoading, ReturnToReview, usePanelTarget } from './panel-frame';
import {
  billingCodeOptions,
  catalogValues,
  checkItem,
  findCatalogPart,
  ITEM_FIELDS,
  ITEM_LABELS,
  itemValues,
  newItemValues,
  type ItemField,
  type ItemValues,
} from './parts-item-form';
import '../parts-orders.css';

export const PARTS_ITEM_TITLES = { add: 'Add Parts Item', edit: 'Edit Parts Item' } as const;
export const CATALOG_LOCK_HINT = 'From the parts catalog.';
export const UNITS_UNAVAILABLE_HINT = 'The list of units is not available on this device: type the unit code (for example EA).';

/** The picked catalog part on a card (spec 3 §2: "pick a part onto a card"): image, description, part number, unit. */
function PartCard({
  part,
  onChange,
  onClear,
  disabled,
}: {
  part: CatalogPart;
  onChange: () => void;
  onClear: () => void;
  disabled: boolean;
}) {
  const image = useCatalogImage(part.imageFilename || null);
  const description = partDescription(part);
  return (
    <div className="po-part-card" role="group" aria-label={`Chosen part ${part.partNumber}`}>
      {image ? <img className="po-part-card__image" src={image} alt="" /> : <span className="po-part-card__image" aria-hidden="true" />}
      <div className="po-part-card__text">
        <span className="po-part-card__description">{description || part.partNumber}</span>
        <span className="po-part-card__number">Part number {part.partNumber}</span>
        {part.unitOfMeasure.trim() && <span className="po-part-card__unit">Unit {part.unitOfMeasure.trim()}</span>}
        {(part.categoryDescription || part.commodityDescription) && (
          <span className="po-part-card__path">{[part.categoryDescription, part.commodityDescription].filter(Boolean).join(' › ')}</span>
        )}
      </div>
      <div className="po-part-card__actions">
        <button type="button" className="button" disabled={disabled} onClick={onChange}>
          Change Part
        </button>
        <button type="button" className="button" disabled={disabled} onClick={onClear}>
          Clear Part
        </button>
      </div>
    </div>
  );
}

/** The panels' form checks on every change; messages still show only once a field was left or a save tried. */
const VALIDATION = revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' });

function PartsItemForm({
  view,
  item,
  units,
}: {
  view: PartsOrderView;
  item: PartsOrderItemView | undefined;
  units: readonly UnitOfMeasure[] | undefined;
}) {
  const write = usePartsOrderWrite();
  const queryClient = useQueryClient();
  const reviewHref = stagedOrderPath(view.key);
  const close = useSidePanelClose(reviewHref);
  const scope = viewScope(useOrderReview().user);
  const catalog = useApprovedCatalog(view.plantNumber, scope);
  const parts = useMemo(() => (catalog.data ? catalogParts(catalog.data.data) : []), [catalog.data]);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  // undefined: nothing picked in this panel (an edited item shows the catalog part it came from); null: cleared.
  const [pick, setPick] = useState<CatalogPart | null | undefined>(undefined);
  const [formError, setFormError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const editing = item !== undefined;
  const matched = useMemo(() => (item ? findCatalogPart(parts, itemValues(item)) : undefined), [item, parts]);
  const picked = pick === undefined ? matched : (pick ?? undefined);
  const locked = picked ? catalogValues(picked).locked : { partDescription: false, unitOfMeasure: false };
  const allowedUnit = picked?.unitOfMeasure.trim() || item?.unitOfMeasure.trim() || '';
  const latest = useRef({ view, item, units, allowedUnit });
  latest.current = { view, item, units, allowedUnit };
  // The item as the form showed it (as the save would send it untouched: a stored unit 'EA ' shows as 'EA'): what
  // the save compares the form with to tell what the user changed.
  const [seen] = useState(() =>
    seenAsSaved(item, item ? checkItem(itemValues(item), undefined, item.unitOfMeasure.trim()) : { ok: false }),
  );

  const form = useAppForm({
    defaultValues: item ? itemValues(item) : newItemValues(view),
    validationLogic: VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkItem(value, latest.current.units, latest.current.allowedUnit);
        return check.ok ? undefined : { fields: check.fields };
      },
    },
    onSubmitInvalid: () => {
      notify({ level: 'warning', id: 'parts-item-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: async ({ value, formApi }) => {
      const { view: order, item: current, units: knownUnits, allowedUnit: unit } = latest.current;
      const check = checkItem(value, knownUnits, unit);
      if (!check.ok) return;
      setFormError(undefined);
      setSaving(true);
      try {
        const ref = orderRef(order);
        if (current)
          await write(
            { ...updateItemCall(ref, current.key, { ...check.body, rowVersion: current.rowVersion }, seen), fieldLabels: ITEM_LABELS },
            PARTS_ORDER_MESSAGES.itemUpdated,
          );
        else await write(addItemCall(ref, check.body).call, PARTS_ORDER_MESSAGES.itemAdded);
        close();
      } catch (error) {
        if (!(error instanceof WriteRefusedError)) {
          setFormError(error instanceof DeviceFullError ? error.message : 'The parts item was not saved. Try again.');
          return;
        }
        const field = refusalField(error.message);
        const message = refusalMessage(error.message);
        if (field && (ITEM_FIELDS as string[]).includes(field)) {
          formApi.setFieldMeta(field as ItemField, (meta) => ({
            ...meta,
            isBlurred: true,
            errorMap: { ...meta.errorMap, onSubmit: message },
          }));
        } else {
          setFormError(error.error.status === 409 ? `${message} The latest version has been loaded: check it and save again.` : message);
        }
        if (error.error.status === 409) void queryClient.invalidateQueries({ queryKey: partsOrderKeys.all });
      } finally {
        setSaving(false);
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);

  function choose(part: CatalogPart) {
    const { fields } = catalogValues(part);
    for (const [name, value] of Object.entries(fields) as [keyof typeof fields, string][]) form.setFieldValue(name, value);
    setPick(part);
    setPicking(false);
  }

  /** spec 3 §5: clearing the catalog part resets the item. */
  function clear() {
    const fresh = newItemValues(view);
    for (const name of ITEM_FIELDS) form.setFieldValue(name, fresh[name] as ItemValues[typeof name]);
    setPick(null);
  }

  const title = editing ? PARTS_ITEM_TITLES.edit : PARTS_ITEM_TITLES.add;
  const unitValue = useStore(form.store, (state) => state.values.unitOfMeasure);
  return (
    <SidePanel
      title={title}
      closeTo={reviewHref}
      dirty={dirty && !saving}
      locked={saving}
      size="large"
      onSubmit={() => void form.handleSubmit()}
      description={editing ? itemName(item) : undefined}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={bodyRef} className="form po-panel-form">
        {item?.pending && (
          <p className="po-panel-form__pending">
            <PendingBadge mark={item.pending} subject={`parts item ${itemName(item)}`} />
          </p>
        )}
        {formError && (
          <p className="notice notice--warning" role="alert">
            {formError}
          </p>
        )}
        {picking ? (
          <CatalogPicker plantNumber={view.plantNumber} scope={scope} onPick={choose} onCancel={() => setPicking(false)} />
        ) : picked ? (
          <PartCard part={picked} disabled={saving} onChange={() => setPicking(true)} onClear={clear} />
        ) : (
          <div className="po-part-choose">
            <button type="button" className="button" disabled={saving} onClick={() => setPicking(true)}>
              Choose Part from Catalog
            </button>
            <span className="po-part-choose__hint">Pick a part of the plant&apos;s approved catalog, or enter the part below.</span>
          </div>
        )}
        <div hidden={picking} className="po-panel-form__fields">
          <form.AppField name="partNumber">
            {(field) => (
              <field.TextField
                label={ITEM_LABELS.partNumber}
                maxLength={40}
                autoComplete="off"
                disabled={picked !== undefined}
                hint={picked ? CATALOG_LOCK_HINT : undefined}
              />
            )}
          </form.AppField>
          <form.AppField name="partDescription">
            {(field) => (
              <field.TextField
                label={ITEM_LABELS.partDescription}
                required
                maxLength={255}
                autoComplete="off"
                disabled={locked.partDescription}
                hint={locked.partDescription ? CATALOG_LOCK_HINT : undefined}
              />
            )}
          </form.AppField>
          <div className="form__row">
            <form.AppField name="quantity">
              {(field) => <field.TextField label={ITEM_LABELS.quantity} inputMode="numeric" required />}
            </form.AppField>
            <form.AppField name="unitOfMeasure">
              {(field) =>
                units && units.length > 0 ? (
                  <field.SelectField
                    label={ITEM_LABELS.unitOfMeasure}
                    options={unitOptions(units, allowedUnit || unitValue)}
                    required
                    disabled={locked.unitOfMeasure}
                    hint={locked.unitOfMeasure ? CATALOG_LOCK_HINT : undefined}
                  />
                ) : (
                  <field.TextField
                    label={ITEM_LABELS.unitOfMeasure}
                    required
                    maxLength={10}
                    disabled={locked.unitOfMeasure}
                    hint={locked.unitOfMeasure ? CATALOG_LOCK_HINT : units ? undefined : UNITS_UNAVAILABLE_HINT}
                  />
                )
              }
            </form.AppField>
          </div>
          <form.AppField name="billingCode">
            {(field) => <field.SelectField label={ITEM_LABELS.billingCode} options={billingCodeOptions()} required />}
          </form.AppField>
          <form.AppField name="notes">
            {(field) => <field.TextAreaField label={ITEM_LABELS.notes} maxLength={1000} rows={3} />}
          </form.AppField>
        </div>
      </div>
    </SidePanel>
  );
}

/**
 * spec 3 §2 parts item panels over a staged order: add (/partsorders/{partsOrderId}/partsitems) and edit
 * (/partsorders/{partsOrderId}/partsitems/{partsOrderItemId}).
 */
export function PartsItemPanel({ itemKey }: { itemKey?: string }) {
  const target = usePanelTarget(itemKey);
  const units = useUnitsOfMeasure();
  const title = itemKey === undefined ? PARTS_ITEM_TITLES.add : PARTS_ITEM_TITLES.edit;
  if (target.status === 'waiting' || (units.isPending && units.fetchStatus === 'fetching')) return <PanelLoading title={title} />;
  if (target.status === 'gone') return <ReturnToReview />;
  return <PartsItemForm view={target.view} item={target.item} units={units.data?.data} />;
}
