import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { HelpDocument } from '../../../contract';
import { isHttpError } from '../../../lib/http';
import { formatBytes } from '../../../lib/formats';
import { describeAge } from '../../../offline/age';
import type { DocumentCopy } from '../../../offline/db';
import { useOnline } from '../../../offline/use-connection';
import { useCachedAt } from '../../../offline/use-data-age';
import { useNow } from '../../../offline/use-now';
import { useHelpDocument } from '../api/get-help-document';
import { helpDocumentsQueryOptions, useHelpDocuments } from '../api/get-help-documents';
import { pruneHelpCopies, useHelpCopies } from '../api/offline-copies';
import { HelpPdfPanel } from './help-pdf-panel';
import { HelpVideoPanel } from './help-video-panel';

export interface HelpScreenProps {
  /** The document or video open in the reader (the route's ?documentId=). */
  selectedId: number | undefined;
}

const SAVED_CATEGORY = 'Saved on this device';

/** When the list itself cannot be had (offline, never loaded here), the PDFs kept on the device still are. */
const fromCopies = (copies: ReadonlyMap<number, DocumentCopy>): HelpDocument[] =>
  [...copies.values()]
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .map((copy) => ({
      documentId: Number(copy.id),
      displayName: copy.displayName,
      fileType: 'pdf',
      category: SAVED_CATEGORY,
      contentType: copy.contentType,
      size: copy.size,
      etag: copy.etag,
      hasCaptions: false,
      updatedAt: new Date(copy.updatedAt).toISOString(),
    }));

function LibraryList({
  heading,
  id,
  documents,
  copies,
  empty,
}: {
  heading: string;
  id: string;
  documents: HelpDocument[];
  copies: ReadonlyMap<number, DocumentCopy>;
  empty: string;
}) {
  const now = useNow();
  return (
    <section className="help-library__section" aria-labelledby={id}>
      <h2 id={id} className="help-library__heading">
        {heading}
      </h2>
      {documents.length === 0 ? (
        <p className="help-library__empty">{empty}</p>
      ) : (
        <ul className="stack-list">
          {documents.map((document) => {
            const copy = copies.get(document.documentId);
            return (
              <li key={document.documentId}>
                <Link
                  to="/help"
                  search={{ documentId: document.documentId }}
                  className="library-item"
                  activeOptions={{ includeSearch: true }}
                >
                  <span className="help-item__name">{document.displayName}</span>
                  <span className="help-item__meta">
                    {document.category} · {formatBytes(document.size)}
                  </span>
                  {copy && (
                    <span className="help-item__offline">
                      Available offline <span className="help-item__age">· saved {describeAge(copy.storedAt, now)}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function unavailableMessage(detail: ReturnType<typeof useHelpDocument>, online: boolean): string {
  if (isHttpError(detail.error, 404)) return 'This document is no longer available.';
  if (!online || detail.fetchStatus === 'paused') return 'This document is not available offline.';
  if (detail.isError) return 'The document could not be loaded.';
  return 'Loading document…';
}

function Reader({ selectedId, listed, online }: { selectedId: number; listed: HelpDocument | undefined; online: boolean }) {
  const detail = useHelpDocument(selectedId, listed);
  const document = isHttpError(detail.error, 404) ? undefined : (detail.data ?? listed);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a document moves focus to it, so keyboard and screen-reader users land on what they chose.
  useEffect(() => heading.current?.focus(), [selectedId]);

  return (
    <section className="help-reader library-reader card" aria-labelledby="help-reader-title">
      <h2 id="help-reader-title" ref={heading} tabIndex={-1} className="library-reader__title">
        {document?.displayName ?? 'Help document'}
      </h2>
      {!document ? (
        <p className="help-reader__message">{unavailableMessage(detail, online)}</p>
      ) : document.fileType === 'pdf' ? (
        <HelpPdfPanel key={document.documentId} document={document} online={online} />
      ) : (
        <HelpVideoPanel document={document} online={online} />
      )}
    </section>
  );
}

/** /help (spec 1 §2 Help): the library of PDF documents and videos, and the one that is open. */
export function HelpScreen({ selectedId }: HelpScreenProps) {
  const library = useHelpDocuments();
  const copies = useHelpCopies();
  const online = useOnline();
  const listedAt = useCachedAt(helpDocumentsQueryOptions().queryKey);
  const now = useNow();
  const waiting = library.data === undefined && (library.fetchStatus === 'paused' || library.isError);
  const documents = library.data ?? (waiting ? fromCopies(copies) : []);
  const pdfs = documents.filter((document) => document.fileType === 'pdf');
  const videos = documents.filter((document) => document.fileType === 'video');
  const fetchedHere = library.isFetchedAfterMount && library.isSuccess;

  useEffect(() => {
    if (fetchedHere && library.data) void pruneHelpCopies(library.data.map((document) => document.documentId));
  }, [fetchedHere, library.data]);

  const showAge = listedAt !== undefined && (!online || library.isRefetchError || library.fetchStatus === 'paused');

  return (
    <div className="help-page">
      <h1 className="page__title">Help</h1>
      {waiting && (
        <p className="notice notice--warning" role="status">
          {online ? 'The help library could not be loaded.' : 'You are offline. The help library will load when you are back online.'}
          {copies.size > 0 && ' The documents saved on this device can be read now.'}
        </p>
      )}
      {showAge && <p className="help-page__age">Library updated {describeAge(listedAt, now)}</p>}

      <div className="library-layout">
        <nav className="help-library" aria-label="Help library">
          {library.isPending && !waiting ? (
            <p className="help-library__empty">Loading the help library…</p>
          ) : (
            <>
              <LibraryList
                heading="Documents"
                id="help-documents-heading"
                documents={pdfs}
                copies={copies}
                empty={library.data ? 'There are no help documents.' : 'No help documents are saved on this device.'}
              />
              <LibraryList
                heading="Videos"
                id="help-videos-heading"
                documents={videos}
                copies={copies}
                empty={library.data ? 'There are no help videos.' : 'Videos show when the library has loaded.'}
              />
            </>
          )}
        </nav>

        {selectedId === undefined ? (
          <section className="help-reader library-reader library-reader--empty card" aria-label="Reader">
            <p>Choose a document or a video to open it here.</p>
          </section>
        ) : (
          <Reader
            key={selectedId}
            selectedId={selectedId}
            listed={documents.find((document) => document.documentId === selectedId)}
            online={online}
          />
        )}
      </div>
    </div>
  );
}
