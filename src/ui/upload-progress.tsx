import './upload-progress.css';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A progress bar while the outbox uploads (ARCHITECTURE: the user sees uploads progress); nothing until the size is known. */
export function UploadProgressBar({ label, loaded, total }: { label: string; loaded: number; total: number }) {
  if (total <= 0) return null;
  const percent = Math.min(100, Math.round((loaded / total) * 100));
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${megabytes(loaded)} of ${megabytes(total)})`}
      >
        <span className="upload-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text" aria-hidden="true">
        Uploading… {percent}%
      </span>
    </div>
  );
}
