import { LoadFailure } from './load-failure';

export interface DocumentStatusProps {
  /** The document is being read, from the device or the server. */
  loading: boolean;
  /** Why it could not be read; `retry` where trying again may help. */
  failure: { message: string; retry?: () => void } | undefined;
  /** The device's copy shown in place of the server's: how old it is ('3 hours ago'), and whether it is the current version. */
  savedCopy: { age: string; current: boolean } | undefined;
}

/** Above a document viewer (Help, Learn): loading, why the document cannot be shown, or that an offline copy is shown. */
export function DocumentStatus({ loading, failure, savedCopy }: DocumentStatusProps) {
  return (
    <>
      {loading && <p className="document-status__message">Loading document…</p>}
      {failure && <LoadFailure message={failure.message} retry={failure.retry} />}
      {savedCopy && (
        <p className="notice notice--info" role="status">
          Offline copy, saved {savedCopy.age}.{!savedCopy.current && ' A newer version will be loaded when the server can be reached.'}
        </p>
      )}
    </>
  );
}
