import { useStore } from '@tanstack/react-form';
import { useEffect, useId, useRef, useState } from 'react';
import { DELIVERY_MESSAGES, SURVEY_PDF_ENABLED, attachmentPanelMode } from '../../../contract';
import type { AcceptedFile } from '../../../lib/files';
import { newUuid } from '../../../lib/ids';
import { notify } from '../../../lib/notifier';
import { FileInput, FilePreparation } from '../../../ui/file-input';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SidePanel, SidePanelSaveFooter, useSidePanelClose } from '../../../ui/side-panel';
import { ADD_ATTACHMENT } from '../routes';
import { descriptionError, parseAmount, prepareSurveyFile, type PreparedAttachment } from '../attachments';
import { AttachmentThumbnail, type ShownAttachment } from './attachment-image';

/*
 * spec 2 §2 survey attachment side panel, add or edit; §5 description pattern, file types (a selection with any other
 * file is refused whole with the 'Invalid file extension' warning), duplicate contents dropped, and the unsaved-changes
 * question on close (ui/side-panel asks it in the spec's words).
 */

export const PANEL_TITLES = { add: 'Add Attachment', edit: 'Edit Attachment' } as const;

export interface AttachmentFieldsValue {
  description: string;
  amount: number;
}

export interface AttachmentPanelProps {
  /** The screen's path: where the panel closes to when it was opened directly. */
  closeTo: string;
  /** The panel's target from the search (ADD_ATTACHMENT or an attachment key). */
  target: string;
  attachments: readonly ShownAttachment[];
  /** Hashes of the files the form already has (spec 2 §5: the same contents again are dropped). */
  knownHashes?: readonly string[];
  /** Saves new files (each one attachment) with the description and amount; throws with a message to show when refused. */
  onAdd: (files: PreparedAttachment[], fields: AttachmentFieldsValue) => Promise<void>;
  onUpdate: (attachment: ShownAttachment, fields: AttachmentFieldsValue) => Promise<void>;
}

interface PanelValues {
  description: string;
  amount: string;
}

function checkPanel(values: PanelValues): { fields: Partial<Record<keyof PanelValues, string>> } | undefined {
  const fields: Partial<Record<keyof PanelValues, string>> = {};
  const description = descriptionError(values.description);
  if (description) fields.description = description;
  const amount = parseAmount(values.amount);
  if (!amount.ok) fields.amount = amount.message;
  return Object.keys(fields).length ? { fields } : undefined;
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface ChosenFile extends PreparedAttachment {
  id: string;
  /** Made once, so that its preview URL is made once. */
  shown: ShownAttachment;
}

/**
 * The panel's mode follows spec 2 §2: edit when exactly one active attachment exists, otherwise add. The active
 * attachments are the ones the panel was opened with: one from an attachment's Edit button, none from Add.
 */
export function AttachmentPanel({ closeTo, target, attachments, knownHashes: formHashes = [], onAdd, onUpdate }: AttachmentPanelProps) {
  const active = target === ADD_ATTACHMENT ? [] : attachments.filter((attachment) => attachment.key === target);
  const mode = attachmentPanelMode(active.length);
  const editing = mode === 'edit' ? active[0] : undefined;
  const close = useSidePanelClose(closeTo);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const filesRef = useRef(files);
  filesRef.current = files;
  const [fileError, setFileError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const filesId = useId();

  const form = useAppForm({
    defaultValues: { description: editing?.description ?? '', amount: editing?.amount ? String(editing.amount) : '' } satisfies PanelValues,
    validationLogic: revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ({ value }) => checkPanel(value) },
    onSubmitInvalid: () => requestAnimationFrame(() => focusFirstInvalidField(bodyRef.current?.closest('form') ?? null)),
    onSubmit: async ({ value }) => {
      const amount = parseAmount(value.amount);
      if (!amount.ok) return;
      const fields = { description: value.description.trim(), amount: amount.amount };
      setFormError(undefined);
      try {
        if (editing) await onUpdate(editing, fields);
        else {
          if (filesRef.current.length === 0) {
            setFileError(DELIVERY_MESSAGES.imageRequired);
            return;
          }
          await onAdd(filesRef.current, fields);
        }
        close();
      } catch (error) {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    },
  });
  const saving = useStore(form.store, (state) => state.isSubmitting);
  const dirty = useStore(form.store, (state) => state.isDirty) || files.length > 0;

  // The target went away (removed elsewhere): nothing to edit.
  const gone = target !== ADD_ATTACHMENT && !editing;
  useEffect(() => {
    if (gone) close();
  }, [gone, close]);

  async function onFiles(accepted: AcceptedFile[]) {
    setPreparing(true);
    try {
      const results = await Promise.all(accepted.map((file) => prepareSurveyFile(file)));
      const refused = results.flatMap((result) => (result.ok ? [] : [`${result.name}: ${result.message}`]));
      setFileError(refused.length ? refused.join(' ') : undefined);
      for (const message of refused) notify({ level: 'warning', title: message });
      const prepared = results.flatMap((result) => {
        if (!result.ok) return [];
        const id = newUuid();
        const { fileName, contentType, data } = result.file;
        return [
          {
            ...result.file,
            id,
            shown: { key: id, fileName, contentType, description: '', amount: 0, source: { kind: 'device' as const, data } },
          },
        ];
      });
      setFiles((current) => [...current, ...prepared]);
    } finally {
      setPreparing(false);
    }
  }

  const title = PANEL_TITLES[mode];
  const knownHashes = new Set([...formHashes, ...files.map((file) => file.hash)]);
  return (
    <SidePanel
      title={title}
      closeTo={closeTo}
      size="large"
      dirty={dirty && !saving}
      locked={saving || preparing}
      onSubmit={() => void form.handleSubmit()}
      footer={<SidePanelSaveFooter saving={saving} disabled={saving || preparing} />}
    >
      <div ref={bodyRef} className="form delivery-panel">
        {formError && (
          <p className="notice notice--warning" role="alert">
            {formError}
          </p>
        )}
        {editing ? (
          <div className="delivery-panel__current">
            <AttachmentThumbnail attachment={editing} />
            <span>{editing.fileName}</span>
          </div>
        ) : (
          <fieldset className="delivery-panel__picker" aria-describedby={fileError ? `${filesId}-error` : undefined}>
            <legend className="field__label">
              Photos<span aria-hidden="true"> *</span>
            </legend>
            <FileInput
              label="Take or choose photos"
              multiple
              capture="environment"
              allowPdf={SURVEY_PDF_ENABLED}
              knownHashes={knownHashes}
              onFiles={(accepted) => void onFiles(accepted)}
              disabled={saving}
              hint={`${SURVEY_PDF_ENABLED ? 'JPG, JPEG, GIF or PDF' : 'JPG, JPEG or GIF'}; each file becomes one attachment. Photos are made smaller before they are saved.`}
            />
            <FilePreparation preparing={preparing} error={fileError} errorId={`${filesId}-error`} />
            {files.length > 0 && (
              <ul className="delivery-panel__files" aria-label="Files to attach">
                {files.map((file) => (
                  <li key={file.id} className="delivery-panel__file">
                    <AttachmentThumbnail attachment={file.shown} />
                    <span>
                      {file.fileName} ({kilobytes(file.data.byteLength)})
                    </span>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${file.fileName}`}
                      disabled={saving}
                      onClick={() => setFiles((current) => current.filter((entry) => entry.id !== file.id))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        )}
        <form.AppField name="description">
          {(field) => <field.TextField label="Description" maxLength={255} hint="Letters, digits, commas, periods and spaces." />}
        </form.AppField>
        <form.AppField name="amount">
          {(field) => <field.TextField label="Amount" inputMode="decimal" hint="An amount in dollars, if the photo shows one." />}
        </form.AppField>
      </div>
    </SidePanel>
  );
}
