import { useId, useState, type ReactNode } from 'react';
import { acceptAttribute, checkFileSelection, type AcceptedFile } from '../lib/files';
import { notify } from '../lib/notifier';

export interface FileInputProps {
  label: ReactNode;
  /** Accepts PDF besides JPG, JPEG and GIF (spec 1 §5 "where PDF is enabled"). */
  allowPdf?: boolean;
  multiple?: boolean;
  /** The accepted files of one selection, duplicates already dropped. */
  onFiles: (files: AcceptedFile[]) => void;
  /** Hashes of files chosen earlier, so picking the same content again adds nothing. */
  knownHashes?: ReadonlySet<string>;
  disabled?: boolean;
  hint?: ReactNode;
  /** Opens the camera on phones and tablets ('environment' = the back camera). */
  capture?: 'user' | 'environment';
  id?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The file-reader input of spec 1 §2, §5: a selection with any file that is not a JPG, JPEG or GIF (or PDF when
 * allowed) — by name, declared type and content — is refused whole: the input is cleared and the 'Invalid file
 * extension' warning shows. Files with the same content as another are dropped. The input is cleared after each
 * selection, so the same files can be picked again; the caller lists what it was given.
 */
export function FileInput({
  label,
  allowPdf = false,
  multiple = false,
  onFiles,
  knownHashes,
  disabled,
  hint,
  capture,
  id,
}: FileInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const [status, setStatus] = useState('');
  const [checking, setChecking] = useState(false);

  const onChange = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setChecking(true);
    try {
      const result = await checkFileSelection(files, { allowPdf, knownHashes });
      if (!result.ok) {
        notify({ level: 'warning', id: 'invalid-file', title: result.title, description: result.message });
        setStatus(`${result.title}. ${result.message}`);
        return;
      }
      const skipped = result.duplicates.length ? ` ${plural(result.duplicates.length, 'duplicate file')} skipped.` : '';
      setStatus(`${plural(result.files.length, 'file')} added.${skipped}`);
      if (result.files.length) onFiles(result.files);
    } finally {
      input.value = '';
      setChecking(false);
    }
  };

  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className="field file-input">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="file-input__input"
        type="file"
        accept={acceptAttribute(allowPdf)}
        multiple={multiple}
        capture={capture}
        disabled={disabled || checking}
        aria-describedby={[hintId, `${inputId}-status`].filter(Boolean).join(' ')}
        onChange={(event) => void onChange(event.currentTarget)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <p id={`${inputId}-status`} className="field__hint file-input__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/**
 * Below an attachment picker: 'Preparing photos...' while the chosen files are made ready, and why files were refused
 * (`errorId` is the id the picker's aria-describedby names).
 */
export function FilePreparation({ preparing, error, errorId }: { preparing: boolean; error: string | undefined; errorId: string }) {
  return (
    <>
      {preparing && (
        <p role="status" className="page__loading">
          Preparing photos...
        </p>
      )}
      {error && (
        <p id={errorId} className="field__errors" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
