import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FACTORY_SERVICE, WORK_ORDER_MESSAGES, businessDay, roundToQuarterHour } from '../../../../contract';
import { notify } from '../../../../lib/notifier';
import { seenAsSaved } from '../../../../offline/conflicts';
import { WriteRefusedError } from '../../../../offline/runtime';
import { focusFirstInvalidField } from '../../../../ui/focus';
import { useAppForm } from '../../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../../ui/side-panel';
import { updateInformationCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { PathLink } from '../../../../ui/path-link';
import { useReview } from '../review/review-context';
import type { ReviewPaths } from '../review/review-model';
import { QUARTER_HOUR_HINT, textToNumber } from './form-values';
import {
  ADDITIONAL_FIELDS,
  INFORMATION_CONFLICT_LABELS,
  INFORMATION_FIELDS,
  INFORMATION_LABELS,
  SIGNATURE_OPTIONS,
  checkInformation,
  informationValues,
  isPerformedDateRequired,
  requestTypeOptions,
  type InformationField,
  type InformationValues,
} from './information-form';
import { FormError, PANEL_VALIDATION, PanelLoading, ReturnToReview, placeWriteError, usePanelRequest } from './panel-frame';

export type InformationMode = 'information' | 'additional';

export const INFORMATION_TITLES: Record<InformationMode, string> = {
  information: 'Information',
  additional: 'Additional Information',
};

const pick = <T extends object>(record: T, names: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => names.includes(name))) as Partial<T>;

function InformationForm({ view, paths, mode }: { view: ServiceRequestView; paths: ReviewPaths; mode: InformationMode }) {
  const write = useWorkOrderWrite();
  const queryClient = useQueryClient();
  const close = useSidePanelClose(paths.review);
  // "Today" is the request's business day, as the server counts it (contract/time-zones.ts), also offline.
  const { timeZone } = useReview();
  const today = () => businessDay(timeZone);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [otherIssues, setOtherIssues] = useState<string[]>([]);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Saves read the request as it is then (its rowVersion, and in the additional panel the fields it does not show).
  const latest = useRef(view);
  latest.current = view;
  // The request as the form showed it: what the save compares the form with to tell what the user changed.
  const [seen] = useState(() => seenAsSaved(view, checkInformation(informationValues(view), view, today())));
  const shown: readonly InformationField[] = mode === 'information' ? INFORMATION_FIELDS : ADDITIONAL_FIELDS;
  const complete = (value: InformationValues): InformationValues =>
    mode === 'information' ? value : { ...informationValues(latest.current), ...pick(value, ADDITIONAL_FIELDS) };

  const form = useAppForm({
    defaultValues: informationValues(view),
    validationLogic: PANEL_VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkInformation(complete(value), latest.current, today());
        if (check.ok) return undefined;
        const fields = pick(check.fields, shown);
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmitInvalid: () => {
      // spec 3 §5: save is blocked with this toast.
      notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: async ({ value, formApi }) => {
      setFormError(undefined);
      const check = checkInformation(complete(value), latest.current, today());
      if (!check.ok) {
        // Only the additional panel gets here: what blocks the save is on the Information panel.
        setOtherIssues(
          Object.entries(check.fields).map(([name, message]) => `${INFORMATION_LABELS[name as InformationField]}: ${message}`),
        );
        notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
        return;
      }
      setOtherIssues([]);
      setSaving(true);
      try {
        const label = mode === 'information' ? 'Update work order information' : 'Update additional information';
        await write(
          { ...updateInformationCall(requestRef(latest.current), check.body, seen, label), fieldLabels: INFORMATION_CONFLICT_LABELS },
          mode === 'information' ? WORK_ORDER_TOASTS.infoUpdated : WORK_ORDER_TOASTS.additionalInfoUpdated,
        );
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi, shown));
        if (error instanceof WriteRefusedError && error.error.status === 409)
          void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
      } finally {
        setSaving(false);
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);
  const requestType = useStore(form.store, (state) => state.values.requestType);
  const performedRequired = isPerformedDateRequired(requestType, view.isRequestTypeForced);
  const title = INFORMATION_TITLES[mode];

  return (
    <SidePanel
      title={title}
      closeTo={paths.review}
      size="large"
      dirty={dirty && !saving}
      locked={saving}
      onSubmit={() => void form.handleSubmit()}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={bodyRef} className="form panel-form">
        <FormError message={formError} />
        {otherIssues.length > 0 && (
          <div className="notice notice--warning panel-form__error" role="alert">
            <p>Fix these on the Information panel first:</p>
            <ul>
              {otherIssues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
            <PathLink href={paths.information}>Edit Information</PathLink>
          </div>
        )}
        {mode === 'information' && (
          <>
            <form.AppField
              name="requestType"
              listeners={{
                // spec 3 §4: choosing Factory Service clears the performed date.
                onChange: ({ value }) => {
                  if (value === FACTORY_SERVICE) form.setFieldValue('performedDate', '');
                },
              }}
            >
              {(field) => (
                <field.SelectField
                  label={INFORMATION_LABELS.requestType}
                  options={requestTypeOptions(view)}
                  disabled={view.isRequestTypeForced}
                  hint={view.isRequestTypeForced ? 'This work order is a Request for Payment; the type cannot be changed.' : undefined}
                />
              )}
            </form.AppField>
            <div className="form__row">
              <form.AppField name="requestDate">{(field) => <field.DateField label={INFORMATION_LABELS.requestDate} />}</form.AppField>
              <form.AppField name="scheduledDate">{(field) => <field.DateField label={INFORMATION_LABELS.scheduledDate} />}</form.AppField>
            </div>
            <div className="form__row">
              <form.AppField name="startDate">{(field) => <field.DateField label={INFORMATION_LABELS.startDate} />}</form.AppField>
              <form.AppField name="endDate">
                {(field) => <field.DateField label={INFORMATION_LABELS.endDate} hint="Within 14 days of the start date." />}
              </form.AppField>
            </div>
            <form.AppField name="performedDate">
              {(field) => (
                <field.DateField
                  label={INFORMATION_LABELS.performedDate}
                  required={performedRequired}
                  disabled={requestType === FACTORY_SERVICE}
                  hint={
                    requestType === FACTORY_SERVICE
                      ? 'Factory Service has no performed date.'
                      : 'Within the last 60 days, not in the future.'
                  }
                />
              )}
            </form.AppField>
            <div className="form__row">
              <form.AppField
                name="tripTime"
                listeners={{
                  // spec 3 §5: trip time rounds to the nearest quarter hour.
                  onBlur: ({ value }) => {
                    const hours = textToNumber(value);
                    if (hours === null || Number.isNaN(hours) || hours < 0) return;
                    const rounded = String(roundToQuarterHour(hours));
                    if (rounded !== value) form.setFieldValue('tripTime', rounded);
                  },
                }}
              >
                {(field) => <field.TextField label={INFORMATION_LABELS.tripTime} inputMode="decimal" hint={QUARTER_HOUR_HINT} />}
              </form.AppField>
              <form.AppField name="mileage">
                {(field) => (
                  <field.TextField
                    label={INFORMATION_LABELS.mileage}
                    inputMode="decimal"
                    hint={view.mileageRate > 0 ? `Miles driven, at $${view.mileageRate.toFixed(2)} per mile.` : 'Miles driven.'}
                  />
                )}
              </form.AppField>
              <form.AppField name="otherCosts">
                {(field) => <field.TextField label={INFORMATION_LABELS.otherCosts} inputMode="decimal" />}
              </form.AppField>
            </div>
          </>
        )}
        <form.AppField name="caseSubject">
          {(field) => <field.TextField label={INFORMATION_LABELS.caseSubject} maxLength={255} />}
        </form.AppField>
        <form.AppField name="caseDescription">
          {(field) => <field.TextAreaField label={INFORMATION_LABELS.caseDescription} maxLength={4000} rows={4} />}
        </form.AppField>
        <form.AppField name="technician">
          {(field) => <field.TextField label={INFORMATION_LABELS.technician} maxLength={100} />}
        </form.AppField>
        <form.AppField name="signature">
          {(field) => <field.RadioGroupField label={INFORMATION_LABELS.signature} options={SIGNATURE_OPTIONS} />}
        </form.AppField>
        <form.AppField name="isUnderWarranty">{(field) => <field.ToggleField label={INFORMATION_LABELS.isUnderWarranty} />}</form.AppField>
      </div>
    </SidePanel>
  );
}

/** spec 3 §2 Information (…/info) and Additional information (…/additionalInfo) panels over the review. */
export function InformationPanel({ mode }: { mode: InformationMode }) {
  const target = usePanelRequest();
  if (target.status === 'waiting') return <PanelLoading title={INFORMATION_TITLES[mode]} />;
  if (target.status === 'gone') return <ReturnToReview />;
  return <InformationForm view={target.view} paths={target.paths} mode={mode} />;
}
