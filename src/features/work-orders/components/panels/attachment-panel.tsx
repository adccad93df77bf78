import { useStore, type AnyFormApi } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { WORK_ORDER_MESSAGES } from '../../../../contract';
import type { AcceptedFile } from '../../../../lib/files';
import { newUuid } from '../../../../lib/ids';
import { notify } from '../../../../lib/notifier';
import { WriteRefusedError } from '../../../../offline/runtime';
import { FileInput, FilePreparation } from '../../../../ui/file-input';
import { focusFirstInvalidField } from '../../../../ui/focus';
import { useAppForm } from '../../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../../ui/side-panel';
import { addAttachmentCall, updateAttachmentCall } from '../../api/calls';
import { workOrderKeys } from '../../api/keys';
import { WORK_ORDER_TOASTS } from '../../messages';
import { requestRef, type ServiceAttachmentView, type ServiceRequestView } from '../../model';
import { useWorkOrderWrite } from '../../use-work-order-write';
import { AttachmentFile } from '../review/attachment-file';
import { PendingBadge } from '../../../../ui/pending-marks';
import { attachmentName, findAttachment, type ReviewPaths } from '../review/review-model';
import { UploadProgress } from '../review/upload-progress';
import {
  ATTACHMENT_FIELDS,
  ATTACHMENT_LABELS,
  ATTACHMENT_TYPE_OPTIONS,
  attachmentValues,
  checkAttachment,
  prepareAttachmentFile,
  type AttachmentValues,
  type PreparedFile,
} from './attachment-form';
import { FormError, PANEL_VALIDATION, PanelLoading, ReturnToReview, placeWriteError, usePanelItem } from './panel-frame';

export const ATTACHMENT_TITLES = { add: 'Add Attachment', edit: 'Edit Attachment' } as const;
export const TAKE_PHOTO_LABEL = 'Take Photo';
export const CHOOSE_FILES_LABEL = 'Choose Files';

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Phones and tablets: a camera button besides the file picker (`capture` does nothing on a desktop). */
const hasTouchCamera = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

function AttachmentFields({ form }: { form: ReturnType<typeof useAttachmentForm> }) {
  return (
    <>
      <form.AppField name="attachmentType">
        {(field) => <field.RadioGroupField label={ATTACHMENT_LABELS.attachmentType} options={ATTACHMENT_TYPE_OPTIONS} required />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={ATTACHMENT_LABELS.description} maxLength={500} rows={3} />}
      </form.AppField>
      <form.AppField name="amount">
        {(field) => (
          <field.TextField label={ATTACHMENT_LABELS.amount} inputMode="decimal" hint="The amount of a receipt or invoice, in dollars." />
        )}
      </form.AppField>
    </>
  );
}

function useAttachmentForm(
  defaultValues: AttachmentValues,
  onValid: (value: AttachmentValues, form: AnyFormApi) => Promise<void>,
  bodyRef: RefObject<HTMLDivElement | null>,
) {
  return useAppForm({
    defaultValues,
    validationLogic: PANEL_VALIDATION,
    validators: {
      onDynamic: ({ value }) => {
        const check = checkAttachment(value);
        return check.ok ? undefined : { fields: check.issues };
      },
    },
    onSubmitInvalid: () => {
      notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
      requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null));
    },
    onSubmit: ({ value, formApi }) => onValid(value, formApi),
  });
}

interface ChosenFile extends PreparedFile {
  id: string;
  previewUrl: string;
}

/** The files picked so far, each with a preview URL that lives as long as it is listed. */
function useChosenFiles() {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const add = (prepared: PreparedFile[]) => {
    const chosen = prepared.map((file) => {
      const previewUrl = URL.createObjectURL(file.blob);
      urls.current.add(previewUrl);
      return { ...file, id: newUuid(), previewUrl };
    });
    setFiles((current) => [...current, ...chosen]);
  };
  const remove = (id: string) =>
    setFiles((current) => {
      const gone = current.find((file) => file.id === id);
      if (gone) {
        URL.revokeObjectURL(gone.previewUrl);
        urls.current.delete(gone.previewUrl);
      }
      return current.filter((file) => file.id !== id);
    });
  return { files, add, remove };
}

function AddAttachmentForm({ view, paths }: { view: ServiceRequestView; paths: ReviewPaths }) {
  const write = useWorkOrderWrite();
  const close = useSidePanelClose(paths.review);
  const [saving, setSaving] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const filesId = useId();
  const latest = useRef(view);
  latest.current = view;
  const chosen = useChosenFiles();
  const filesRef = useRef(chosen.files);
  filesRef.current = chosen.files;
  const [camera] = useState(hasTouchCamera);

  async function onFiles(accepted: AcceptedFile[]) {
    setPreparing(true);
    try {
      const results = await Promise.all(accepted.map((file) => prepareAttachmentFile(file)));
      const refused = results.filter((result) => !result.ok);
      for (const result of refused) notify({ level: 'warning', title: result.message, description: result.name });
      setFileError(refused.length ? refused.map((result) => `${result.name}: ${result.message}`).join(' ') : undefined);
      chosen.add(results.flatMap((result) => (result.ok ? [result.file] : [])));
    } finally {
      setPreparing(false);
    }
  }

  const form = useAttachmentForm(
    attachmentValues(),
    async (value, formApi) => {
      const check = checkAttachment(value);
      if (!check.ok) return;
      if (filesRef.current.length === 0) {
        setFileError(WORK_ORDER_MESSAGES.fileRequired);
        notify({ level: 'warning', id: 'work-order-form-invalid', title: WORK_ORDER_MESSAGES.unableToSave });
        return;
      }
      setFormError(undefined);
      setFileError(undefined);
      setSaving(true);
      try {
        // One attachment per file (spec 3 §7: one file per call), sent in the order they were chosen.
        for (const file of filesRef.current) {
          await write(
            addAttachmentCall(requestRef(latest.current), check.fields, file.blob, file.name).call,
            WORK_ORDER_TOASTS.attachmentAdded,
          );
          chosen.remove(file.id);
        }
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi, ATTACHMENT_FIELDS));
      } finally {
        setSaving(false);
      }
    },
    bodyRef,
  );
  const dirty = useStore(form.store, (state) => state.isDirty) || chosen.files.length > 0;
  const knownHashes = new Set(chosen.files.map((file) => file.hash));

  return (
    <SidePanel
      title={ATTACHMENT_TITLES.add}
      closeTo={paths.review}
      size="large"
      dirty={dirty && !saving}
      locked={saving || preparing}
      onSubmit={() => void form.handleSubmit()}
      footer={<SidePanelSaveFooter saving={saving} disabled={saving || preparing} />}
    >
      <div ref={bodyRef} className="form panel-form">
        <FormError message={formError} />
        <UploadProgress />
        <AttachmentFields form={form} />
        <fieldset className="attachment-picker" aria-describedby={fileError ? `${filesId}-error` : undefined}>
          <legend className="field__label">
            Files<span aria-hidden="true"> *</span>
          </legend>
          <div className="attachment-picker__inputs">
            {camera && (
              <FileInput
                label={TAKE_PHOTO_LABEL}
                capture="environment"
                onFiles={(files) => void onFiles(files)}
                knownHashes={knownHashes}
                disabled={saving}
              />
            )}
            <FileInput
              label={CHOOSE_FILES_LABEL}
              multiple
              allowPdf
              onFiles={(files) => void onFiles(files)}
              knownHashes={knownHashes}
              disabled={saving}
              hint="Photos (JPG, GIF) and PDF receipts; each file becomes one attachment. Photos are made smaller before they are saved."
            />
          </div>
          <FilePreparation preparing={preparing} error={fileError} errorId={`${filesId}-error`} />
          {chosen.files.length > 0 && (
            <ul className="attachment-picker__files" aria-label="Files to attach">
              {chosen.files.map((file) => (
                <li key={file.id} className="attachment-picker__file">
                  {file.type === 'application/pdf' ? (
                    <span className="attachment-picker__pdf" aria-hidden="true">
                      PDF
                    </span>
                  ) : (
                    <img src={file.previewUrl} alt={`Preview of ${file.name}`} className="attachment-picker__preview" />
                  )}
                  <span className="attachment-picker__name">
                    {file.name} <span className="attachment-picker__size">({kilobytes(file.blob.size)})</span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={saving}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => chosen.remove(file.id)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
    </SidePanel>
  );
}

function EditAttachmentForm({
  view,
  paths,
  attachment,
}: {
  view: ServiceRequestView;
  paths: ReviewPaths;
  attachment: ServiceAttachmentView;
}) {
  const write = useWorkOrderWrite();
  const queryClient = useQueryClient();
  const close = useSidePanelClose(paths.review);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ view, attachment });
  latest.current = { view, attachment };
  // The attachment as the form showed it (as the save would send it untouched): what the save compares the form
  // with to tell what the user changed.
  const [seen] = useState(() => {
    const untouched = checkAttachment(attachmentValues(attachment));
    return untouched.ok ? { ...attachment, ...untouched.fields } : attachment;
  });
  const name = attachmentName(attachment, '');

  const form = useAttachmentForm(
    attachmentValues(attachment),
    async (value, formApi) => {
      const check = checkAttachment(value);
      if (!check.ok) return;
      const current = latest.current;
      setFormError(undefined);
      setSaving(true);
      try {
        await write(
          {
            ...updateAttachmentCall(
              requestRef(current.view),
              current.attachment.key,
              { ...check.fields, rowVersion: current.attachment.rowVersion },
              seen,
            ),
            fieldLabels: ATTACHMENT_LABELS,
          },
          WORK_ORDER_TOASTS.attachmentUpdated,
        );
        close();
      } catch (error) {
        setFormError(placeWriteError(error, formApi, ATTACHMENT_FIELDS));
        if (error instanceof WriteRefusedError && error.error.status === 409)
          void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
      } finally {
        setSaving(false);
      }
    },
    bodyRef,
  );
  const dirty = useStore(form.store, (state) => state.isDirty);

  return (
    <SidePanel
      title={ATTACHMENT_TITLES.edit}
      closeTo={paths.review}
      size="large"
      dirty={dirty && !saving}
      locked={saving}
      onSubmit={() => void form.handleSubmit()}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={bodyRef} className="form panel-form">
        {attachment.pending && (
          <p className="panel-form__pending">
            <PendingBadge mark={attachment.pending} subject={`attachment ${name}`} />
          </p>
        )}
        <FormError message={formError} />
        <UploadProgress />
        <AttachmentFile attachment={attachment} name={name || attachment.attachmentTypeDisplay} large />
        <AttachmentFields form={form} />
      </div>
    </SidePanel>
  );
}

/** spec 3 §2 attachment panels: add (…/ServiceAttachment, /workorders/{id}/attachments) and edit (…/ServiceAttachment/{id}/…, /workorders/{id}/attachments/{contentDocumentId}). */
export function AttachmentPanel({ attachmentId }: { attachmentId?: string }) {
  const target = usePanelItem(attachmentId, findAttachment);
  const title = attachmentId === undefined ? ATTACHMENT_TITLES.add : ATTACHMENT_TITLES.edit;
  if (target.status === 'waiting') return <PanelLoading title={title} />;
  if (target.status === 'gone') return <ReturnToReview />;
  if (!target.item) return <AddAttachmentForm view={target.view} paths={target.paths} />;
  return <EditAttachmentForm view={target.view} paths={target.paths} attachment={target.item} />;
}
