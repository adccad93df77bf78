import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../lib/constants';
import { formatBytes } from '../../../lib/formats';
import { describeAge } from '../../../offline/age';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { PathLink } from '../../../ui/path-link';
import { pruneLearnCopies, useLearnCopies } from '../api/learn-document';
import { useLearnReferences } from '../api/references';
import { findSubCategory, subCategoryTitle } from '../learn-rules';
import { LearnDocumentReader } from './learn-document-reader';
import { LibraryStatus } from './library-status';
import '../learn.css';

export interface LearnSubCategoryScreenProps {
  categoryId: string;
  subCategoryId: string;
  /** The document open in the reader (the route's ?documentId=). */
  selectedId: number | undefined;
}

function BackToLearn() {
  return (
    <PathLink href="/learn" className="learn-page__back">
      ← All manuals
    </PathLink>
  );
}

/**
 * /learn/{categoryId}/{subCategoryId} (spec 3 §2): 'Learn - {sub-category name}' and its documents; choosing one opens
 * it in the shared PDF viewer. An address whose category or sub-category is not in the library shows a not-found state
 * (spec 3 §8 leaves it open).
 */
export function LearnSubCategoryScreen({ categoryId, subCategoryId, selectedId }: LearnSubCategoryScreenProps) {
  const references = useLearnReferences();
  const copies = useLearnCopies();
  const online = useOnline();
  const now = useNow();
  const read = references.data;
  const lookup = read ? findSubCategory(read.data, categoryId, subCategoryId) : undefined;
  const found = lookup?.status === 'found' ? lookup : undefined;

  // Copies of documents the server no longer lists go, once a fresh list says so.
  useEffect(() => {
    if (read && !read.fromCache)
      void pruneLearnCopies(
        read.data.flatMap((category) =>
          category.subCategories.flatMap((subCategory) => subCategory.documents.map((document) => document.documentId)),
        ),
      );
  }, [read]);

  const title = found ? subCategoryTitle(found.subCategory) : 'Learn';
  useEffect(() => {
    if (found) document.title = `${PRODUCT_NAME} - ${title}`;
  }, [found, title]);

  if (lookup?.status === 'not-found') {
    return (
      <div className="page learn-page">
        <BackToLearn />
        <h1 className="page__title">Learn</h1>
        <div className="notice notice--warning" role="status">
          <p>This category or sub-category is not in the Learn library. It may have been moved or removed.</p>
        </div>
      </div>
    );
  }

  const documents = found?.subCategory.documents ?? [];
  const selected = documents.find((candidate) => candidate.documentId === selectedId);

  return (
    <div className="page learn-page">
      <BackToLearn />
      <h1 className="page__title">{title}</h1>
      {found && <p className="learn-page__category">{found.category.displayName}</p>}
      <LibraryStatus read={references} online={online} />
      {!read && references.isPending && references.fetchStatus !== 'paused' && (
        <p className="learn-page__message">Loading the Learn library…</p>
      )}

      {found && (
        <div className="library-layout">
          <nav className="learn-documents" aria-label="Documents">
            {documents.length === 0 ? (
              <p className="learn-page__message">There are no documents in this sub-category.</p>
            ) : (
              <ul className="stack-list">
                {documents.map((document) => {
                  const copy = copies.get(String(document.documentId));
                  return (
                    <li key={document.documentId}>
                      <Link
                        to="/learn/$categoryId/$subCategoryId"
                        params={{ categoryId, subCategoryId }}
                        search={{ documentId: document.documentId }}
                        className="library-item learn-document"
                        activeOptions={{ includeSearch: true }}
                      >
                        <span className="learn-document__name">{document.displayName}</span>
                        <span className="learn-document__meta">
                          {document.fileType.toUpperCase()} · {formatBytes(document.size)}
                        </span>
                        {copy && (
                          <span className="learn-document__offline">
                            Available offline <span className="learn-document__meta">· saved {describeAge(copy.storedAt, now)}</span>
                          </span>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </nav>
          {selected ? (
            <LearnDocumentReader key={selected.documentId} document={selected} online={online} />
          ) : (
            <section className="learn-reader library-reader library-reader--empty card" aria-label="Reader">
              <p>{selectedId === undefined ? 'Choose a document to open it here.' : 'This document is not in this sub-category.'}</p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
