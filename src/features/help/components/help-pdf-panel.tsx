import { useState } from 'react';
import type { HelpDocument } from '../../../contract';
import { hasHelpPdfContent } from '../../../lib/help-files';
import { isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/react';
import { LazyPdfViewer } from '../../../ui/lazy-pdf-viewer';
import { useDownloadHelpPdf } from '../api/download-help-pdf';
import { useHelpPdf, type HelpPdfFailure, type LoadedHelpPdf } from '../api/get-help-pdf';
import { openBlobInNewTab } from '../save-file';

export const NO_RESULTS_TITLE = 'No results';

const FAILURE_MESSAGES: Record<HelpPdfFailure, string> = {
  offline: 'You are offline, and this document has not been saved on this device yet. Open it once while online to read it offline.',
  'not-found': 'This document is no longer available.',
  failed: 'The document could not be loaded.',
};

export interface HelpPdfPanelProps {
  document: HelpDocument;
  online: boolean;
}

function OfflineCopyNotice({ pdf, online }: { pdf: LoadedHelpPdf; online: boolean }) {
  const now = useNow();
  if (pdf.from !== 'device' || pdf.storedAt === undefined || (online && !pdf.fallback)) return null;
  return (
    <p className="notice notice--info help-reader__notice" role="status">
      Offline copy, saved {describeAge(pdf.storedAt, now)}.
      {!pdf.current && ' A newer version will be loaded when the server can be reached.'}
    </p>
  );
}

/**
 * A help PDF (spec 1 §2 Help): shown inline with download and open in a new tab, or the 'no results'
 * state when the file has 15 bytes or fewer (spec 1 §8, §9). Once opened it stays readable offline.
 */
export function HelpPdfPanel({ document, online }: HelpPdfPanelProps) {
  const { state, retry } = useHelpPdf(document);
  const download = useDownloadHelpPdf();
  const [blocked, setBlocked] = useState(false);
  const pdf = state.status === 'ready' ? state.document : undefined;
  const showable = pdf !== undefined && hasHelpPdfContent(pdf.bytes.byteLength);

  function onDownload() {
    download.mutate(
      { document, held: pdf?.bytes },
      {
        onError: (error) => {
          if (isOfflineError(error)) notify({ level: 'warning', title: 'You are offline.', description: 'Download the document when you are back online.' });
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

      {state.status === 'loading' && <p className="help-reader__message">Loading document…</p>}
      {state.status === 'error' && (
        <div className="notice notice--warning help-reader__notice" role="alert">
          <p>{FAILURE_MESSAGES[state.failure]}</p>
          {state.failure !== 'not-found' && (
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          )}
        </div>
      )}
      {pdf && <OfflineCopyNotice pdf={pdf} online={online} />}
      {pdf && !showable && (
        <div className="help-empty" role="status">
          <p className="help-empty__title">{NO_RESULTS_TITLE}</p>
          <p>This document has no pages to show.</p>
        </div>
      )}
      {pdf && showable && (
        <LazyPdfViewer key={`${document.documentId}:${document.etag}`} data={pdf.bytes} title={document.displayName} />
      )}
    </>
  );
}
