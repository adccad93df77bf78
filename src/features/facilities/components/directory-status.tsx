import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOnline } from '../../../offline/use-connection';
import { useDataAge } from '../../../offline/use-data-age';

/**
 * The states of a directory read: the list (with its age when it is the stored copy), loading, offline with
 * nothing stored yet, or an error (already reported by the http layer).
 */
export function DirectoryStatus<T>({
  query,
  queryKey,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  queryKey: QueryKey;
  what: string;
  children: (data: T) => ReactNode;
}) {
  const online = useOnline();
  const age = useDataAge(queryKey);
  if (query.data !== undefined) {
    return (
      <>
        {(!online || query.isError) && age && (
          <p className="notice notice--info" role="status">
            You are seeing the copy stored on this device. {age}.
          </p>
        )}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) return <p role="alert">{`${what} could not be loaded. Please try again later.`}</p>;
  if (!online || query.fetchStatus === 'paused') {
    return <p role="status">{`You are offline. ${what} will be available when you are back online.`}</p>;
  }
  return <p role="status">{`Loading ${what.toLowerCase()}…`}</p>;
}
