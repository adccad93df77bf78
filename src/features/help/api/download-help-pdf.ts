import { useMutation } from '@tanstack/react-query';
import { paths, type HelpDocument } from '../../../contract';
import { sanitizeHelpFileName } from '../../../lib/help-files';
import { isOfflineError, requestBlob } from '../../../lib/http';
import { fileNameFromDisposition, saveBlob } from '../save-file';

export interface DownloadHelpPdfInput {
  document: HelpDocument;
  /** The bytes the viewer already holds: saved instead when the server cannot be reached. */
  held?: ArrayBuffer;
}

/**
 * GET {api}/FileStream/DownloadHelpDocument/{name}/?documentId= (spec 1 §7) and saves the answer under the
 * name the server gives it. Offline, the bytes on screen are saved instead (they are the same file).
 */
export async function downloadHelpPdf({ document, held }: DownloadHelpPdfInput): Promise<'server' | 'device'> {
  const name = sanitizeHelpFileName(document.displayName);
  try {
    const { blob, headers } = await requestBlob(paths.helpPdfDownload(name), { query: { documentId: document.documentId } });
    saveBlob(blob, fileNameFromDisposition(headers.get('content-disposition')) ?? `${name}.pdf`);
    return 'server';
  } catch (error) {
    if (!(isOfflineError(error) && held)) throw error;
    saveBlob(new Blob([held], { type: 'application/pdf' }), `${name}.pdf`);
    return 'device';
  }
}

export const useDownloadHelpPdf = () => useMutation({ mutationFn: downloadHelpPdf });
