import { queryOptions, useQuery } from '@tanstack/react-query';
import { HelpDocumentList, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { helpKeys } from './keys';

/** GET {api}/Documents/Help (spec 1 §7): the PDFs and videos of the Help library. */
export const getHelpDocuments = () => request(paths.helpDocuments, { schema: HelpDocumentList });

// The library changes rarely; the persisted query cache keeps the list readable offline.
export const helpDocumentsQueryOptions = () =>
  queryOptions({ queryKey: helpKeys.documents(), queryFn: getHelpDocuments, staleTime: 5 * 60 * 1000 });

export const useHelpDocuments = () => useQuery(helpDocumentsQueryOptions());
