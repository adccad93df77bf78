import { useState } from 'react';
import type { HelpDocument } from '../../../contract';
import { hasHelpPdfContent } from '../../../lib/help-files';
import { isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { useKeptDocumentStatus } from '../../../offline/kept-documents';
import { DocumentStatus } from '../../../ui/document-status';
import { LazyPdfViewer } from '../../../ui/lazy-pdf-viewer';
import { useDownloadHelpPdf } from '../api/download-help-pdf';
import { useHelpPdf } from '../api/get-help-pdf';
import { openBlobInNewTab } from '../save-file';

export const NO_RESULTS_TITLE = 'No results';

export interface HelpPdfPanelProps {
  document: HelpDocument;
  online: boolean;
}

/**
 * A help PDF (spec 1 §2 Help): shown inline with download and open in a new tab, or the 'no results'
 * state when the file has 15 bytes or fewer (spec 1 §8, §9). Once opened it stays readable offline.
 */
export function HelpPdfPanel({ document, online }: HelpPdfPanelProps) {
  const { state, retry } = useHelpPdf(document);
  const status = useKeptDocumentStatus(state, retry, online);
  const download = useDownloadHelpPdf();
  const [blocked, setBlocked] = useState(false);
  const pdf = state.status === 'ready' ? state.document : undefined;
  const showable = pdf !== undefined && hasHelpPdfContent(pdf.bytes.byteLength);

  function onDownload() {
    download.mutate(
      { document, held: pdf?.bytes },
      {
        onError: (error) => {
          if (isOfflineError(error))
            notify({ level: 'warning', title: 'You are offline.', description: 'Download the document when you are back online.' });
        },
      },
    );
  }

  function onOpenInNewTab() {
    if (!pdf) return;
    setBlocked(!openBlobInNewTab(new Blob([pdf.bytes], { type: 'application/pdf' })));
  }

  return (
    <>
      <div className="help-reader__actions">
        <button type="button" className="button" onClick={onDownload} disabled={!showable || download.isPending}>
          {download.isPending ? 'Downloading…' : 'Download'}
        </button>
        <button type="button" className="button" onClick={onOpenInNewTab} disabled={!showable}>
          Open in new tab
        </button>
      </div>
      {blocked && (
        <p className="notice notice--warning" role="alert">
          The browser blocked the new tab. Allow pop-ups for this site, or use Download.
        </p>
      )}

      <DocumentStatus {...status} />
      {pdf && !showable && (
        <div className="help-empty" role="status">
          <p className="help-empty__title">{NO_RESULTS_TITLE}</p>
          <p>This document has no pages to show.</p>
        </div>
      )}
      {pdf && showable && <LazyPdfViewer key={`${document.documentId}:${document.etag}`} data={pdf.bytes} title={document.displayName} />}
    </>
  );
}
