import { useEffect, useRef } from 'react';
import type { LearnDocument } from '../../../contract';
import { useKeptDocumentStatus } from '../../../offline/kept-documents';
import { DocumentStatus } from '../../../ui/document-status';
import { LazyPdfViewer } from '../../../ui/lazy-pdf-viewer';
import { useLearnDocument } from '../api/learn-document';

/** A Learn document in the shared PDF viewer (the same as Help's); once opened it stays readable offline. */
export function LearnDocumentReader({ document, online }: { document: LearnDocument; online: boolean }) {
  const { state, retry } = useLearnDocument(document);
  const status = useKeptDocumentStatus(state, retry, online);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a document moves focus to it, so keyboard and screen-reader users land on what they chose.
  useEffect(() => heading.current?.focus(), [document.documentId]);

  return (
    <section className="learn-reader library-reader card" aria-labelledby="learn-reader-title">
      <h2 id="learn-reader-title" ref={heading} tabIndex={-1} className="library-reader__title">
        {document.displayName}
      </h2>
      <DocumentStatus {...status} />
      {state.status === 'ready' && (
        <LazyPdfViewer key={`${document.documentId}:${document.etag}`} data={state.document.bytes} title={document.displayName} />
      )}
    </section>
  );
}
