import { useMemo } from 'react';
import type { DocumentCopy } from '../../../offline/db';
import { pruneKeptDocuments, useKeptDocumentCopies } from '../../../offline/kept-documents';
import { HELP_LIBRARY } from './get-help-pdf';

/** The help documents kept on this device, by documentId, kept current as copies are stored or removed. */
export function useHelpCopies(): ReadonlyMap<number, DocumentCopy> {
  const copies = useKeptDocumentCopies(HELP_LIBRARY);
  return useMemo(() => new Map([...copies].map(([id, copy]) => [Number(id), copy])), [copies]);
}

/** Drops the copies of documents the server no longer lists. */
export const pruneHelpCopies = (listedIds: readonly number[]) => pruneKeptDocuments(HELP_LIBRARY, listedIds.map(String));
