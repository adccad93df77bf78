import { paths, type LearnDocument } from '../../../contract';
import { requestBlob } from '../../../lib/http';
import { pruneKeptDocuments, useKeptDocument, useKeptDocumentCopies, type KeptDocumentSource } from '../../../offline/kept-documents';

/** The library's name in the offline document store. */
export const LEARN_LIBRARY = 'learn';

/** GET {api}/Documents/References/{documentId} (spec 3 §7) as a document kept for offline reading once opened. */
export const learnDocumentSource = (document: LearnDocument): KeptDocumentSource => ({
  library: LEARN_LIBRARY,
  id: String(document.documentId),
  etag: document.etag,
  displayName: document.displayName,
  contentType: document.contentType,
  updatedAt: Date.parse(document.updatedAt),
  fetch: ({ handles, signal }) => requestBlob(paths.learnReference(document.documentId), { handles, signal }),
});

/** The bytes of a Learn document for the viewer: from the device when its copy is current, else fetched and kept. */
export const useLearnDocument = (document: LearnDocument) => useKeptDocument(learnDocumentSource(document));

/** The Learn documents kept on this device, by documentId (as text). */
export const useLearnCopies = () => useKeptDocumentCopies(LEARN_LIBRARY);

/** Drops the copies of documents the server no longer lists. */
export const pruneLearnCopies = (listedIds: readonly number[]) => pruneKeptDocuments(LEARN_LIBRARY, listedIds.map(String));
