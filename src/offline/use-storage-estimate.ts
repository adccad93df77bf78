import { useEffect, useState } from 'react';
import { storageEstimate, type StorageEstimate } from './db';

/**
 * How much the origin stores; undefined until known or where the browser does not tell. A new `checkedAt` reads it
 * again (after asking for persistent storage).
 */
export function useStorageEstimate(checkedAt?: number): StorageEstimate | undefined {
  const [estimate, setEstimate] = useState<StorageEstimate>();
  useEffect(() => {
    let active = true;
    void storageEstimate().then((value) => active && setEstimate(value));
    return () => {
      active = false;
    };
  }, [checkedAt]);
  return estimate;
}
