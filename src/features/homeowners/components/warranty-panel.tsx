import type { AnyFormApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { WARRANTY_MESSAGES, businessDay, formatUsDate, warrantyStatusLabel, zoneOfRecordFor, type CmhUser } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { canEditWarrantyCards } from '../../../lib/permissions';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/use-now';
import { outboxActions, WriteRefusedError } from '../../../offline/runtime';
import { DeviceFullError } from '../../../offline/storage-full';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SidePanel, SidePanelCancel, SidePanelSaveFooter, useSidePanelClose } from '../../../ui/side-panel';
import { saveWarrantyCardCall } from '../api/calls';
import { homeownerKeys } from '../api/keys';
import { MY_HOMEOWNERS_PATH } from '../list-rules';
import { HOMEOWNER_TEXT, savedCopyText } from '../messages';
import { homeKey, type WarrantyCardView } from '../model';
import { scheduleHomeownerReload, useWarrantyCardView } from '../use-homeowner-view';
import { useWarrantyWrite } from '../use-warranty-write';
import {
  WARRANTY_FIELD_LABELS as LABELS,
  WARRANTY_FIELD_MAX_LENGTHS as MAX,
  checkWarrantyForm,
  formFieldOf,
  isWarrantyFormDirty,
  seenCard,
  stateOptions,
  warrantyFormValues,
  type WarrantyFormContext,
} from '../warranty-form';
import { FailuresBanner, PendingBadge } from '../../../ui/pending-marks';
import { viewScope } from '../../../entities/view-scope';
import '../homeowners.css';

/** spec 3 §9: the focus delay on the sold date field. */
export const SOLD_DATE_FOCUS_DELAY_MS = 1000;

/** The form checks on every change (messages still show only once a field was left or a save was tried). */
const VALIDATION = revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' });

/** A server refusal reads 'Message (field)': the field is for the form, people read the message. */
const refusalField = (message: string) => /\(([A-Za-z0-9_.[\]]+)\)\s*$/.exec(message)?.[1];
const refusalMessage = (message: string) => message.replace(/\s*\([A-Za-z0-9_.[\]]+\)\s*$/, '');

/** A save the server refused while the panel is open: on the field it names, else the form's message (returned). */
function placeWriteError(error: unknown, form: AnyFormApi): string | undefined {
  if (!(error instanceof WriteRefusedError)) {
    notify({ level: 'error', title: HOMEOWNER_TEXT.notSaved, description: error instanceof Error ? error.message : String(error) });
    return error instanceof DeviceFullError ? error.message : `${HOMEOWNER_TEXT.notSaved} Try again.`;
  }
  const named = refusalField(error.message);
  const field = named ? formFieldOf(named) : undefined;
  const message = refusalMessage(error.message);
  if (field) {
    // Kept until the field changes or the form is submitted again.
    form.setFieldMeta(field, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onSubmit: message } }));
    return undefined;
  }
  return error.error.status === 409 ? `${message} ${HOMEOWNER_TEXT.staleCard}` : message;
}

const shown = (value: string) => (value.trim() === '' ? '—' : value);

/** The home's own data (spec 3 §3): read-only in the form. */
function HomeDetails({
  view,
  plantNumber,
  serialNumber,
}: {
  view: WarrantyCardView | undefined;
  plantNumber: string;
  serialNumber: string;
}) {
  const details: [string, string][] = [
    ['Plant', view?.plantName ? `${view.plantNumber} - ${view.plantName}` : plantNumber],
    ['Model', view ? [view.modelName, view.modelNumber].filter(Boolean).join(' / ') : ''],
    ['Serial number', view?.serialNumber ?? serialNumber],
    ['Manufactured date', formatUsDate(view?.manufacturedDate ?? '')],
    ['Status', view ? warrantyStatusLabel(view.statusCode) : 'No card yet'],
    ['Thermal zone', view?.thermalZone ?? ''],
    ['Wind zone', view?.windZone ?? ''],
    ['Roof load', view?.roofLoad ?? ''],
    ['Estimated NPS date', formatUsDate(view?.npsDate ?? '')],
  ];
  return (
    <section className="ho-form__section" aria-labelledby="ho-home-details">
      <h3 id="ho-home-details" className="ho-form__heading">
        Home
      </h3>
      <dl className="ho-details">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{shown(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface WarrantyFormProps {
  scope: string;
  view: WarrantyCardView | undefined;
  plantNumber: string;
  serialNumber: string;
  editable: boolean;
  storedAt: number | undefined;
  fromCache: boolean;
  /** The zone of the home's retail center, whose business day the sold date window counts from. */
  timeZone: string;
}

function WarrantyForm({ scope, view, plantNumber, serialNumber, editable, storedAt, fromCache, timeZone }: WarrantyFormProps) {
  const write = useWarrantyWrite(scope);
  const queryClient = useQueryClient();
  const close = useSidePanelClose(MY_HOMEOWNERS_PATH);
  const now = useNow();
  const soldDateRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  // spec 3 §4: dirty means different from the card as it was loaded; the form keeps that snapshot.
  const [snapshot] = useState(() => warrantyFormValues(view));
  const latest = useRef(view);
  latest.current = view;
  const context = (card = latest.current): WarrantyFormContext => ({
    plantNumber: card?.plantNumber ?? plantNumber,
    serialNumber: card?.serialNumber ?? serialNumber,
    card,
    today: businessDay(timeZone),
  });
  // The card as the form showed it: what a save compares the form with to tell what the user changed.
  const [seen] = useState(() => seenCard(context(view)));

  const form = useAppForm({
    defaultValues: snapshot,
    validationLogic: VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkWarrantyForm(value, context());
        return check.ok ? undefined : { fields: check.fields };
      },
    },
    onSubmitInvalid: () => {
      notify({ level: 'warning', id: 'warranty-form-invalid', title: HOMEOWNER_TEXT.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: async ({ value, formApi }) => {
      const check = checkWarrantyForm(value, context());
      if (!check.ok) {
        setFormError(check.form);
        return;
      }
      setFormError(undefined);
      setSaving(true);
      try {
        const current = latest.current;
        // A card made on this device and not sent yet is updated too: its PUT carries the rowVersion its create leaves.
        const call = current
          ? saveWarrantyCardCall('update', check.body, current.rowVersion, seen)
          : saveWarrantyCardCall('create', check.body);
        await write({ ...call, fieldLabels: LABELS }, current?.serialNumber ?? serialNumber);
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi));
        if (error instanceof WriteRefusedError && error.error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: homeownerKeys.card(scope, homeKey(plantNumber, serialNumber)) });
        }
      } finally {
        setSaving(false);
      }
    },
  });
  const dirty = useStore(form.store, (state) => isWarrantyFormDirty(state.values, snapshot));
  const sameAsOwner = useStore(form.store, (state) => state.values.homeAddressSameAsOwner);
  const state = useStore(form.store, (formState) => formState.values.state);
  const homeState = useStore(form.store, (formState) => formState.values.homeState);
  const disabled = !editable;

  return (
    <SidePanel
      title={HOMEOWNER_TEXT.panelTitle}
      closeTo={MY_HOMEOWNERS_PATH}
      size="large"
      dirty={editable && dirty && !saving}
      locked={saving}
      onSubmit={editable ? () => void form.handleSubmit() : undefined}
      initialFocus={editable ? soldDateRef : undefined}
      initialFocusDelayMs={SOLD_DATE_FOCUS_DELAY_MS}
      description={`Warranty card of ${view?.serialNumber ?? serialNumber}, plant ${view?.plantNumber ?? plantNumber}`}
      footer={editable ? <SidePanelSaveFooter saving={saving} /> : <SidePanelCancel>Close</SidePanelCancel>}
    >
      <div ref={bodyRef} className="form ho-form">
        {fromCache && storedAt !== undefined && (
          <p className="notice notice--info ho-form__notice" role="status">
            {savedCopyText(describeAge(storedAt, now))}
          </p>
        )}
        {!view && editable && <p className="notice notice--info ho-form__notice">{HOMEOWNER_TEXT.addMode}</p>}
        {!editable && <p className="notice notice--info ho-form__notice">{HOMEOWNER_TEXT.readOnly}</p>}
        {view?.pending && (
          <p className="ho-form__pending">
            <PendingBadge mark={view.pending} />
          </p>
        )}
        <FailuresBanner failures={view?.failures ?? []} actions={outboxActions} />
        {formError && (
          <p className="notice notice--warning ho-form__notice" role="alert">
            {formError}
          </p>
        )}

        <section className="ho-form__section" aria-labelledby="ho-owner">
          <h3 id="ho-owner" className="ho-form__heading">
            Homeowner
          </h3>
          <div className="ho-form__row ho-form__row--name">
            <form.AppField name="firstName">
              {(field) => (
                <field.TextField label={LABELS.firstName} required maxLength={MAX.firstName} autoComplete="off" disabled={disabled} />
              )}
            </form.AppField>
            <form.AppField name="middleInitial">
              {(field) => (
                <field.TextField label={LABELS.middleInitial} maxLength={MAX.middleInitial} autoComplete="off" disabled={disabled} />
              )}
            </form.AppField>
            <form.AppField name="lastName">
              {(field) => (
                <field.TextField label={LABELS.lastName} required maxLength={MAX.lastName} autoComplete="off" disabled={disabled} />
              )}
            </form.AppField>
            <form.AppField name="suffix">
              {(field) => <field.TextField label={LABELS.suffix} maxLength={MAX.suffix} autoComplete="off" disabled={disabled} />}
            </form.AppField>
          </div>
          <form.AppField name="emailAddress">
            {(field) => (
              <field.TextField
                label={LABELS.emailAddress}
                type="email"
                inputMode="email"
                maxLength={MAX.emailAddress}
                autoComplete="off"
                disabled={disabled}
              />
            )}
          </form.AppField>
          <form.AppField name="address1">
            {(field) => (
              <field.TextField label={LABELS.address1} required maxLength={MAX.address1} autoComplete="off" disabled={disabled} />
            )}
          </form.AppField>
          <form.AppField name="address2">
            {(field) => (
              <field.TextField
                label={LABELS.address2}
                maxLength={MAX.address2}
                autoComplete="off"
                disabled={disabled}
                hint="Saved after the address, which can hold 40 characters in all."
              />
            )}
          </form.AppField>
          <div className="ho-form__row">
            <form.AppField name="city">
              {(field) => <field.TextField label={LABELS.city} required maxLength={MAX.city} autoComplete="off" disabled={disabled} />}
            </form.AppField>
            <form.AppField name="state">
              {(field) => <field.SelectField label={LABELS.state} required options={stateOptions(state)} disabled={disabled} />}
            </form.AppField>
            <form.AppField name="zipCode">
              {(field) => (
                <field.TextField
                  label={LABELS.zipCode}
                  required
                  maxLength={MAX.zipCode}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={disabled}
                />
              )}
            </form.AppField>
            <form.AppField name="zip4">
              {(field) => (
                <field.TextField label={LABELS.zip4} maxLength={MAX.zip4} inputMode="numeric" autoComplete="off" disabled={disabled} />
              )}
            </form.AppField>
          </div>
          <div className="ho-form__row">
            <form.AppField name="mainPhone">{(field) => <field.PhoneField label={LABELS.mainPhone} disabled={disabled} />}</form.AppField>
            <form.AppField name="cellPhone">{(field) => <field.PhoneField label={LABELS.cellPhone} disabled={disabled} />}</form.AppField>
            <form.AppField name="soldDate">
              {(field) => (
                <field.DateField
                  label={LABELS.soldDate}
                  required
                  inputRef={soldDateRef}
                  disabled={disabled}
                  hint="From 2 years ago to 3 months from today."
                />
              )}
            </form.AppField>
          </div>
        </section>

        <section className="ho-form__section" aria-labelledby="ho-home-address">
          <h3 id="ho-home-address" className="ho-form__heading">
            Home address
          </h3>
          <form.AppField name="homeAddressSameAsOwner">
            {(field) => <field.ToggleField label={LABELS.homeAddressSameAsOwner} disabled={disabled} />}
          </form.AppField>
          {!sameAsOwner && (
            <>
              <form.AppField name="homeAddress1">
                {(field) => (
                  <field.TextField label={LABELS.homeAddress1} maxLength={MAX.homeAddress1} autoComplete="off" disabled={disabled} />
                )}
              </form.AppField>
              <form.AppField name="homeAddress2">
                {(field) => (
                  <field.TextField label={LABELS.homeAddress2} maxLength={MAX.homeAddress2} autoComplete="off" disabled={disabled} />
                )}
              </form.AppField>
              <div className="ho-form__row">
                <form.AppField name="homeCity">
                  {(field) => <field.TextField label={LABELS.homeCity} maxLength={MAX.homeCity} autoComplete="off" disabled={disabled} />}
                </form.AppField>
                <form.AppField name="homeState">
                  {(field) => <field.SelectField label={LABELS.homeState} options={stateOptions(homeState)} disabled={disabled} />}
                </form.AppField>
                <form.AppField name="homeZipCode">
                  {(field) => (
                    <field.TextField
                      label={LABELS.homeZipCode}
                      maxLength={MAX.homeZipCode}
                      inputMode="numeric"
                      autoComplete="off"
                      disabled={disabled}
                    />
                  )}
                </form.AppField>
              </div>
            </>
          )}
        </section>

        <HomeDetails view={view} plantNumber={plantNumber} serialNumber={serialNumber} />
      </div>
    </SidePanel>
  );
}

/** The panel while its card is on its way, or when there is none to show. */
function PanelMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <SidePanel title={HOMEOWNER_TEXT.panelTitle} closeTo={MY_HOMEOWNERS_PATH} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      <div className="ho-form" role={busy ? 'status' : 'alert'}>
        {children}
      </div>
    </SidePanel>
  );
}

export interface WarrantyPanelProps {
  user: CmhUser;
  plantNumber: string;
  serialNumber: string;
}

/**
 * spec 3 §2, §4, §5 /service/myhomeowners/warranty/{plantNumber}/{serialNumber}: the 'Edit Homeowner' panel. Add mode
 * when the home has no card (plant and serial prefilled), edit mode otherwise; offline it works on the kept copy
 * (the card, or the list's row) and its save waits in the outbox.
 */
export function WarrantyPanel({ user, plantNumber, serialNumber }: WarrantyPanelProps) {
  const scope = viewScope(user);
  const state = useWarrantyCardView(scope, plantNumber, serialNumber);
  const queryClient = useQueryClient();
  const router = useRouter();
  // spec 3 §9: after the panel closes, the list reloads after 500 ms. (Closed means the address moved on: React's
  // development double mount unmounts the panel once without it.)
  useEffect(() => {
    const openedAt = router.state.location.href;
    return () => {
      if (router.state.location.href !== openedAt) scheduleHomeownerReload(queryClient);
    };
  }, [router, queryClient]);

  if (state.status === 'loading') {
    return (
      <PanelMessage busy>
        <p className="page__loading">Loading...</p>
      </PanelMessage>
    );
  }
  if (state.status === 'home-not-found') {
    return (
      <PanelMessage>
        <p>{WARRANTY_MESSAGES.homeNotFound} It may belong to another retail center or plant.</p>
      </PanelMessage>
    );
  }
  if (state.status === 'error') {
    return (
      <PanelMessage>
        <p>{state.offline ? HOMEOWNER_TEXT.cardOfflineNoCopy : HOMEOWNER_TEXT.cardLoadFailed}</p>
      </PanelMessage>
    );
  }
  return (
    <WarrantyForm
      key={homeKey(plantNumber, serialNumber)}
      scope={scope}
      view={state.view}
      plantNumber={plantNumber}
      serialNumber={serialNumber}
      editable={canEditWarrantyCards(user)}
      storedAt={state.storedAt}
      fromCache={state.fromCache}
      timeZone={zoneOfRecordFor(user, state.view ?? { plantNumber })}
    />
  );
}
