import type { UseQueryResult } from '@tanstack/react-query';
import { describeAge } from '../../../offline/age';
import type { CachedRead } from '../../../offline/cached-read';
import { useNow } from '../../../offline/use-now';

/** Whether the list cannot be had at all: offline (paused) or failed, with no copy on the device. */
export const isLibraryUnavailable = (read: UseQueryResult<CachedRead<unknown>>) =>
  read.data === undefined && (read.fetchStatus === 'paused' || read.isError);

/** The age of the kept copy when it stands in for the server's list, or why there is no list. */
export function LibraryStatus({ read, online }: { read: UseQueryResult<CachedRead<unknown>>; online: boolean }) {
  const now = useNow();
  if (isLibraryUnavailable(read)) {
    return (
      <p className="notice notice--warning" role="status">
        {online ? 'The Learn library could not be loaded.' : 'You are offline. The Learn library will load when you are back online.'}
      </p>
    );
  }
  if (read.data?.fromCache) {
    return (
      <p className="learn-page__age" role="status">
        Offline copy of the library, updated {describeAge(read.data.storedAt, now)}.
      </p>
    );
  }
  return null;
}
