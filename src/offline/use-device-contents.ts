import { useEffect, useState } from 'react';
import { readDeviceContents, type DeviceContents } from './device-status';
import { getOffline } from './runtime';
import { watchStore } from './watch-store';

/** What the device keeps (./device-status.ts), read again whenever its tables change in any tab; undefined until read. */
export function useDeviceContents(): DeviceContents | undefined {
  const [contents, setContents] = useState<DeviceContents>();
  useEffect(() => {
    const { db } = getOffline();
    return watchStore(
      db,
      () => readDeviceContents(db),
      setContents,
      (error: unknown) => console.error('what the device keeps could not be read', error),
    );
  }, []);
  return contents;
}
