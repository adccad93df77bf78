import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Document, Page, pdfjs, type DocumentProps, type PageProps } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { CURRENT_MATCH_CLASS, findTextMatches, markMatches, stepMatch, type TextMatch } from './pdf-search';

/*
 * The PDF viewer of Help and Learn (spec 1 §2 Help, spec 3 §2 Learn): page navigation, search, zoom. This module
 * and pdf.js are loaded only when a PDF is opened (LazyPdfViewer, lazy-pdf-viewer.tsx); the worker file is
 * precached by the service worker, so the viewer works offline too.
 */
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const ZOOM = { min: 0.5, max: 3, step: 0.25 };

type PdfDocument = Parameters<NonNullable<DocumentProps['onLoadSuccess']>>[0];
type CustomTextRenderer = NonNullable<PageProps['customTextRenderer']>;

export interface PdfViewerProps {
  data: ArrayBuffer;
  title: string;
}

interface SearchState {
  query: string;
  matches: TextMatch[];
  /** Index of the current match in `matches`; -1 when there is none. */
  index: number;
}

const NO_SEARCH: SearchState = { query: '', matches: [], index: -1 };

async function readPageTexts(pdf: PdfDocument): Promise<string[][]> {
  return Promise.all(
    Array.from({ length: pdf.numPages }, async (_, pageIndex) => {
      const page = await pdf.getPage(pageIndex + 1);
      const content = await page.getTextContent();
      return content.items.map((item) => ('str' in item ? item.str : ''));
    }),
  );
}

function useContentWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const clampZoom = (value: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(value / ZOOM.step) * ZOOM.step));

export default function PdfViewer({ data, title }: PdfViewerProps) {
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState('1');
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const [pageWidth, setPageWidth] = useState<number>();
  const [pageTexts, setPageTexts] = useState<string[][] | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const pageArea = useRef<HTMLDivElement>(null);
  const scrollToMatch = useRef(false);
  const contentWidth = useContentWidth(pageArea);

  const goToPage = useCallback(
    (target: number) => {
      const next = Math.min(Math.max(1, target), Math.max(1, pageCount));
      setPageNumber(next);
      setPageInput(String(next));
    },
    [pageCount],
  );

  const showMatch = useCallback((state: SearchState) => {
    setSearch(state);
    const match = state.matches[state.index];
    if (match) {
      scrollToMatch.current = true;
      setPageNumber(match.pageNumber);
      setPageInput(String(match.pageNumber));
    }
  }, []);

  const onDocumentLoad = useCallback((pdf: PdfDocument) => {
    setPageCount(pdf.numPages);
    setPageNumber(1);
    setPageInput('1');
    readPageTexts(pdf).then(
      (texts) => {
        setPageTexts(texts);
        // A search typed before the text was read runs now.
        setSearch((current) => {
          if (!current.query) return current;
          const matches = findTextMatches(texts, current.query);
          return { query: current.query, matches, index: matches.length ? 0 : -1 };
        });
      },
      (error: unknown) => console.error('reading the text of the PDF failed', error),
    );
  }, []);

  function runSearch(text: string) {
    setSearchText(text);
    if (!text.trim()) return setSearch(NO_SEARCH);
    const matches = pageTexts ? findTextMatches(pageTexts, text) : [];
    showMatch({ query: text, matches, index: matches.length ? 0 : -1 });
  }

  function step(direction: 1 | -1) {
    showMatch({ ...search, index: stepMatch(search.index, search.matches.length, direction) });
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    step(event.shiftKey ? -1 : 1);
  }

  function onPageSubmit(event: FormEvent | FocusEvent<HTMLInputElement>) {
    event.preventDefault();
    const target = Number.parseInt(pageInput, 10);
    if (Number.isFinite(target)) goToPage(target);
    else setPageInput(String(pageNumber));
  }

  const matchesByItem = useMemo(() => {
    const byItem = new Map<string, TextMatch[]>();
    for (const match of search.matches) {
      const key = `${match.pageNumber}:${match.itemIndex}`;
      byItem.set(key, [...(byItem.get(key) ?? []), match]);
    }
    return byItem;
  }, [search.matches]);
  const currentMatch = search.matches[search.index];

  const renderText = useCallback<CustomTextRenderer>(
    ({ pageNumber: page, itemIndex, str }) => markMatches(str, matchesByItem.get(`${page}:${itemIndex}`) ?? [], currentMatch),
    [matchesByItem, currentMatch],
  );

  function onTextLayerRendered() {
    if (!scrollToMatch.current) return;
    scrollToMatch.current = false;
    pageArea.current?.querySelector(`.${CURRENT_MATCH_CLASS}`)?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }

  const fitScale = contentWidth && pageWidth ? contentWidth / pageWidth : undefined;
  const effectiveScale = zoom === 'fit' ? fitScale : zoom;
  const zoomBy = (delta: number) => setZoom(clampZoom((effectiveScale ?? 1) + delta));
  const sizing = zoom === 'fit' ? { width: contentWidth } : { scale: zoom };

  const searchStatus = !search.query.trim()
    ? ''
    : pageTexts === null
      ? 'Searching…'
      : search.matches.length === 0
        ? 'No matches'
        : `${search.index + 1} of ${search.matches.length} matches`;

  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label={`${title} tools`}>
        <div className="pdf-viewer__group" role="group" aria-label="Pages">
          <button type="button" className="button" onClick={() => goToPage(pageNumber - 1)} disabled={pageNumber <= 1}>
            Previous page
          </button>
          <form className="pdf-viewer__page-form" onSubmit={onPageSubmit}>
            <label htmlFor="pdf-page-number" className="visually-hidden">
              Go to page
            </label>
            <input
              id="pdf-page-number"
              className="field__input pdf-viewer__page-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={pageCount || undefined}
              value={pageInput}
              onChange={(event) => setPageInput(event.target.value)}
              onBlur={onPageSubmit}
            />
          </form>
          <button type="button" className="button" onClick={() => goToPage(pageNumber + 1)} disabled={pageNumber >= pageCount}>
            Next page
          </button>
          <span className="pdf-viewer__status" aria-live="polite">
            {pageCount ? `Page ${pageNumber} of ${pageCount}` : 'Loading…'}
          </span>
        </div>

        <div className="pdf-viewer__group" role="group" aria-label="Zoom">
          <button
            type="button"
            className="button"
            onClick={() => zoomBy(-ZOOM.step)}
            disabled={(effectiveScale ?? 1) <= ZOOM.min}
            aria-label="Zoom out"
          >
            −
          </button>
          <output className="pdf-viewer__zoom" aria-live="polite" aria-label="Zoom level">
            {effectiveScale ? `${Math.round(effectiveScale * 100)}%` : '…'}
          </output>
          <button
            type="button"
            className="button"
            onClick={() => zoomBy(ZOOM.step)}
            disabled={(effectiveScale ?? 1) >= ZOOM.max}
            aria-label="Zoom in"
          >
            +
          </button>
          <button type="button" className="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
            Fit width
          </button>
        </div>

        <div className="pdf-viewer__group pdf-viewer__search" role="search" aria-label={`Search in ${title}`}>
          <label htmlFor="pdf-search" className="visually-hidden">
            Search in document
          </label>
          <input
            id="pdf-search"
            className="field__input"
            type="search"
            placeholder="Search in document"
            value={searchText}
            onChange={(event) => runSearch(event.target.value)}
            onKeyDown={onSearchKey}
            aria-describedby="pdf-search-status"
          />
          <button
            type="button"
            className="button"
            onClick={() => step(-1)}
            disabled={search.matches.length === 0}
            aria-label="Previous match"
          >
            ↑
          </button>
          <button type="button" className="button" onClick={() => step(1)} disabled={search.matches.length === 0} aria-label="Next match">
            ↓
          </button>
          <span id="pdf-search-status" className="pdf-viewer__search-status" role="status">
            {searchStatus}
          </span>
        </div>
      </div>

      {/* Focusable, so that keyboard users can scroll a zoomed page too. */}
      <div ref={pageArea} className="pdf-viewer__pages" role="region" aria-label={`${title}, page ${pageNumber}`} tabIndex={0}>
        {/* suspense={false}: loading and error show inside the viewer instead of suspending the screen. */}
        <Document
          file={data}
          suspense={false}
          onLoadSuccess={onDocumentLoad}
          onLoadError={(error) => console.error('the PDF could not be opened', error)}
          loading={<p className="pdf-viewer__message">Loading document…</p>}
          error={
            <p className="pdf-viewer__message" role="alert">
              This document could not be displayed.
            </p>
          }
        >
          {contentWidth !== undefined && (
            <Page
              suspense={false}
              pageNumber={pageNumber}
              {...sizing}
              className="pdf-viewer__page"
              customTextRenderer={renderText}
              onLoadSuccess={(page) => setPageWidth(page.originalWidth)}
              onRenderTextLayerSuccess={onTextLayerRendered}
              loading={<p className="pdf-viewer__message">Loading page…</p>}
            />
          )}
        </Document>
      </div>
    </div>
  );
}
