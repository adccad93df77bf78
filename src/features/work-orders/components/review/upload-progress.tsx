import { useOutboxProgress } from '../../../../offline/react';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A progress bar while the outbox uploads a photo or PDF (ARCHITECTURE: the user sees uploads progress). */
export function UploadProgress() {
  const upload = useOutboxProgress()?.upload;
  if (!upload || upload.total <= 0) return null;
  const percent = Math.min(100, Math.round((upload.loaded / upload.total) * 100));
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label="Uploading attachment"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${megabytes(upload.loaded)} of ${megabytes(upload.total)})`}
      >
        <span className="upload-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text" aria-hidden="true">
        Uploading… {percent}%
      </span>
    </div>
  );
}
