import { useState } from 'react';
import { requestPersistentStorage } from '../../offline/db';
import { useStorageEstimate } from '../../offline/use-storage-estimate';

export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export const PERSISTENCE_REFUSED_MESSAGE =
  'The browser did not grant it. Browsers grant it to apps that are installed or used often; ask again later.';

/**
 * How much this device stores for the app and whether the browser may clear it (Pending changes, Device status). With
 * `offerPersistence`, it says whether persistent storage is granted and, when not, offers to ask for it.
 */
export function StorageUse({ className, offerPersistence = false }: { className: string; offerPersistence?: boolean }) {
  const [checkedAt, setCheckedAt] = useState<number>();
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState(false);
  const storage = useStorageEstimate(checkedAt);

  async function askPersistence() {
    setAsking(true);
    try {
      setRefused(!(await requestPersistentStorage()));
      setCheckedAt(Date.now());
    } finally {
      setAsking(false);
    }
  }

  return (
    <>
      {storage && storage.quota > 0 && (
        <p className={className}>
          This device stores {megabytes(storage.usage)} of {megabytes(storage.quota)} available for this app
          {storage.persisted ? '.' : '; the browser may clear it when space runs low.'}
        </p>
      )}
      {offerPersistence && storage && (
        <div className={className}>
          <p>Persistent storage: {storage.persisted ? 'granted. The browser keeps this data until you remove it.' : 'not granted.'}</p>
          {!storage.persisted && (
            <button type="button" className="button" onClick={() => void askPersistence()} disabled={asking}>
              Ask the browser to keep this data
            </button>
          )}
          {refused && !storage.persisted && <p role="status">{PERSISTENCE_REFUSED_MESSAGE}</p>}
        </div>
      )}
    </>
  );
}
