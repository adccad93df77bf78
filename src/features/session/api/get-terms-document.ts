import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, TermsDocument } from '../../../contract';
import { isHttpError, request } from '../../../lib/http';
import { sessionKeys } from './keys';

/** GET /FileStream/GetTermsOfUseDocumentDetails/ (spec 1 §7): when the terms were created and last modified; null when there are none (404). */
export async function getTermsDocument(): Promise<TermsDocument | null> {
  try {
    return await request(paths.termsDocument, { schema: TermsDocument, handles: [404] });
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

export const termsDocumentQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.termsDocument(), queryFn: getTermsDocument, staleTime: 60 * 60 * 1000 });

export const useTermsDocument = () => useQuery(termsDocumentQueryOptions());
