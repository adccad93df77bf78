import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, ReleaseNoteList } from '../../../contract';
import { request } from '../../../lib/http';

export const releaseNoteKeys = {
  all: ['release-notes'] as const,
  list: () => [...releaseNoteKeys.all, 'list'] as const,
};

/** GET {api}/ReleaseNotes: every HomeSite release, newest first. */
export const getReleaseNotes = () => request(paths.releaseNotes, { schema: ReleaseNoteList });

export const releaseNotesQueryOptions = () =>
  queryOptions({ queryKey: releaseNoteKeys.list(), queryFn: getReleaseNotes, staleTime: 60 * 60 * 1000 });

export const useReleaseNotes = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...releaseNotesQueryOptions(), enabled: options.enabled ?? true });
