import { queryOptions, useQuery } from '@tanstack/react-query';
import { HelpDocument, paths } from '../../../contract';
import { request } from '../../../lib/http';
import { helpKeys } from './keys';

/** GET {api}/Documents/Help/{documentId} (spec 1 §7): one document as the server has it now. */
export const getHelpDocument = (documentId: number) => request(paths.helpDocument(documentId), { schema: HelpDocument, handles: [404] });

/**
 * Asked again whenever a document is opened (staleTime 0): its ETag decides whether the copy on this
 * device is still the current file, and the list may be minutes old.
 */
export const helpDocumentQueryOptions = (documentId: number) =>
  queryOptions({ queryKey: helpKeys.document(documentId), queryFn: () => getHelpDocument(documentId), staleTime: 0 });

/** The document, shown at once from what the list says about it (`listed`) while the server is asked. */
export const useHelpDocument = (documentId: number, listed: HelpDocument | undefined) =>
  useQuery({ ...helpDocumentQueryOptions(documentId), placeholderData: listed });
