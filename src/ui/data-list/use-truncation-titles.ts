import { useEffect, useLayoutEffect, useRef } from 'react';

/** Whether a cell's (or a header's) text does not fit and is cut with an ellipsis. */
function isTruncated(element: HTMLElement): boolean {
  return [element, ...element.querySelectorAll<HTMLElement>('*')].some(
    (node) => node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0,
  );
}

/** Cut cells and headers show their whole text as a tooltip; a title the cell's content gives itself is left alone. */
function titleTruncated(container: HTMLElement) {
  for (const element of container.querySelectorAll<HTMLElement>('.data-list__cell, .data-list__header-label')) {
    if (isTruncated(element)) {
      element.title = (element.textContent ?? '').trim();
      element.dataset.truncated = '';
    } else if (element.dataset.truncated !== undefined) {
      element.removeAttribute('title');
      delete element.dataset.truncated;
    }
  }
}

/**
 * The ref of the table whose cut cells and headers get their whole text as a tooltip: marked after every render (rows
 * scrolled in, data changed) and whenever the table is resized.
 */
export function useTruncationTitles() {
  const tableRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (tableRef.current) titleTruncated(tableRef.current);
  });
  useEffect(() => {
    const table = tableRef.current;
    if (!table || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => titleTruncated(table));
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return tableRef;
}
