import { paths, type HelpDocument } from '../../../contract';
import { sanitizeHelpFileName } from '../../../lib/help-files';
import { requestBlob } from '../../../lib/http';
import {
  loadKeptDocument,
  useKeptDocument,
  type KeptDocumentSource,
  type KeptDocumentState,
  type LoadedDocument,
} from '../../../offline/kept-documents';

/** The library's name in the offline document store. */
export const HELP_LIBRARY = 'help';

export type LoadedHelpPdf = LoadedDocument;
export type HelpPdfState = KeptDocumentState;

/** The GetHelpDocument path of a document: spec 1 §5 strips special characters from the name. */
export const helpPdfEndpoint = (document: HelpDocument) => paths.helpPdf(sanitizeHelpFileName(document.displayName));

/** GET {api}/FileStream/GetHelpDocument/{name}?documentId= (spec 1 §7) as a document kept for offline reading. */
const helpPdfSource = (document: HelpDocument): KeptDocumentSource => ({
  library: HELP_LIBRARY,
  id: String(document.documentId),
  etag: document.etag,
  displayName: document.displayName,
  contentType: document.contentType,
  updatedAt: Date.parse(document.updatedAt),
  fetch: ({ handles, signal }) => requestBlob(helpPdfEndpoint(document), { query: { documentId: document.documentId }, handles, signal }),
});

/** A help PDF, offline first: once opened it stays readable on this device (offline/kept-documents.ts). */
export const loadHelpPdf = (document: HelpDocument, signal?: AbortSignal): Promise<LoadedHelpPdf> =>
  loadKeptDocument(helpPdfSource(document), signal);

/** The bytes of a help PDF for the viewer. */
export function useHelpPdf(document: HelpDocument): { state: HelpPdfState; retry: () => void } {
  return useKeptDocument(helpPdfSource(document));
}
