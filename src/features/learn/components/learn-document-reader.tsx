import { useEffect, useRef } from 'react';
import type { LearnDocument } from '../../../contract';
import { describeAge } from '../../../offline/age';
import type { DocumentFailure, LoadedDocument } from '../../../offline/kept-documents';
import { useNow } from '../../../offline/react';
import { LazyPdfViewer } from '../../../ui/lazy-pdf-viewer';
import { useLearnDocument } from '../api/learn-document';

const FAILURE_MESSAGES: Record<DocumentFailure, string> = {
  offline: 'You are offline, and this document has not been saved on this device yet. Open it once while online to read it offline.',
  'not-found': 'This document is no longer available.',
  failed: 'The document could not be loaded.',
};

function OfflineCopyNotice({ loaded, online }: { loaded: LoadedDocument; online: boolean }) {
  const now = useNow();
  if (loaded.from !== 'device' || loaded.storedAt === undefined || (online && !loaded.fallback)) return null;
  return (
    <p className="notice notice--info" role="status">
      Offline copy, saved {describeAge(loaded.storedAt, now)}.
      {!loaded.current && ' A newer version will be loaded when the server can be reached.'}
    </p>
  );
}

/** A Learn document in the shared PDF viewer (the same as Help's); once opened it stays readable offline. */
export function LearnDocumentReader({ document, online }: { document: LearnDocument; online: boolean }) {
  const { state, retry } = useLearnDocument(document);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a document moves focus to it, so keyboard and screen-reader users land on what they chose.
  useEffect(() => heading.current?.focus(), [document.documentId]);

  return (
    <section className="learn-reader library-reader card" aria-labelledby="learn-reader-title">
      <h2 id="learn-reader-title" ref={heading} tabIndex={-1} className="library-reader__title">
        {document.displayName}
      </h2>
      {state.status === 'loading' && <p className="learn-page__message">Loading document…</p>}
      {state.status === 'error' && (
        <div className="notice notice--warning" role="alert">
          <p>{FAILURE_MESSAGES[state.failure]}</p>
          {state.failure !== 'not-found' && (
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          )}
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <OfflineCopyNotice loaded={state.document} online={online} />
          <LazyPdfViewer key={`${document.documentId}:${document.etag}`} data={state.document.bytes} title={document.displayName} />
        </>
      )}
    </section>
  );
}
