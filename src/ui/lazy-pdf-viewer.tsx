import { lazy, Suspense } from 'react';
import type { PdfViewerProps } from './pdf-viewer';

// pdf.js is about 230 KB gzipped: it loads with the first PDF opened, not with the app.
const PdfViewer = lazy(() => import('./pdf-viewer'));

/** The shared PDF viewer (pdf-viewer.tsx), fetched on first use. Key it by document and version. */
export function LazyPdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<p className="pdf-viewer__message">Loading the viewer…</p>}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
