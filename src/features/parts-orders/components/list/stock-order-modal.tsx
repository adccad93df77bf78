import { useStore } from '@tanstack/react-form';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { CreatePartsOrderInput, PARTS_ORDER_MESSAGES, type CmhUser } from '../../../../contract';
import { isOfflineError } from '../../../../lib/http';
import { describeAge } from '../../../../offline/age';
import { useNow } from '../../../../offline/use-now';
import { WriteRefusedError } from '../../../../offline/runtime';
import { useAppForm } from '../../../../ui/form';
import { Modal } from '../../../../ui/modal';
import { useModals } from '../../../../ui/modals';
import { UNSAVED_CHANGES_MESSAGE } from '../../../../ui/side-panel';
import { usePlantChoices } from '../../api/get-plants';
import { useCreatePartsOrder } from '../../use-create-parts-order';

export const STOCK_ORDER_TITLE = 'New Stock Order';
export const FACILITY_LABEL = 'Facility';

/** The stock order's one field against the contract (spec 3 §5: the facility is required). */
export function checkStockOrder(plantNumber: string): { ok: true; input: CreatePartsOrderInput } | { ok: false; message: string } {
  const parsed = v.safeParse(CreatePartsOrderInput, { plantNumber, longSerialNumber: '' });
  return parsed.success
    ? { ok: true, input: parsed.output }
    : { ok: false, message: parsed.issues[0]?.message ?? PARTS_ORDER_MESSAGES.facilityRequired };
}

/**
 * spec 3 §2 stock parts order modal: asks for the facility (plant), required; creates the staged stock order
 * and opens it (offline too: the order is made on the device and sent when the connection is back).
 */
export function StockOrderModal({ user, onClose }: { user: CmhUser; onClose: () => void }) {
  const { plants, query } = usePlantChoices(user);
  const create = useCreatePartsOrder();
  const modals = useModals();
  const now = useNow();
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const form = useAppForm({
    defaultValues: { plantNumber: '' },
    validators: {
      onChange: ({ value }) => {
        const check = checkStockOrder(value.plantNumber);
        return check.ok ? undefined : { fields: { plantNumber: check.message } };
      },
    },
    onSubmit: async ({ value }) => {
      const check = checkStockOrder(value.plantNumber);
      if (!check.ok) return;
      setFormError(undefined);
      try {
        await create(check.input);
      } catch (error) {
        setFormError(error instanceof WriteRefusedError ? error.message : error instanceof Error ? error.message : String(error));
      }
    },
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const dirty = useStore(form.store, (state) => state.isDirty);

  async function close() {
    if (submitting) return;
    if (dirty && !(await modals.confirm(UNSAVED_CHANGES_MESSAGE))) return;
    onClose();
  }

  const options = [
    { value: '', label: 'Select a facility' },
    ...(plants ?? []).map((plant) => ({ value: plant.plantNumber, label: `${plant.name} (${plant.plantNumber})` })),
  ];
  const loading = plants === undefined && query.isPending && query.fetchStatus === 'fetching';
  return (
    <Modal
      open
      title={STOCK_ORDER_TITLE}
      description="A stock order is placed with a facility for your retail center's inventory."
      onClose={() => void close()}
      actions={
        <>
          <button type="button" className="button" disabled={submitting} onClick={() => void close()}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Creating...' : 'Create Order'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {query.data?.fromCache && (
          <p className="notice notice--info" role="status">
            Saved list of facilities, updated {describeAge(query.data.storedAt, now)}.
          </p>
        )}
        {plants === undefined && query.isError && (
          <p className="notice notice--warning" role="alert">
            {isOfflineError(query.error)
              ? 'You are offline and no list of facilities is saved on this device yet.'
              : 'The facilities could not be loaded.'}{' '}
            <button type="button" className="button button--link" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        )}
        {loading && (
          <p className="page__loading" role="status">
            Loading facilities...
          </p>
        )}
        {formError && (
          <p className="notice notice--warning" role="alert">
            {formError}
          </p>
        )}
        <form.AppField name="plantNumber">
          {(field) => <field.SelectField label={FACILITY_LABEL} options={options} required />}
        </form.AppField>
      </form>
    </Modal>
  );
}
