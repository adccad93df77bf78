import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import { isNearEnd } from '../../lib/list';

/** A row's height until it is measured, unless the list gives its own estimate. */
export const DEFAULT_ROW_HEIGHT = 56;

interface VirtualRowsOptions<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  /** When the end of the rows comes near the viewport, `loadMore` is asked for more unless a load runs or none can come. */
  growth: { loading: boolean; loadingMore: boolean; canGrow: boolean; loadMore: () => void };
}

/**
 * Only the rows near the viewport are in the DOM (measured once drawn), so 10,000 rows scroll as smoothly as 10; nearing
 * the end of the rows asks for more (spec 1 §9 infinite scroll).
 */
export function useVirtualRows<Row>({ rows, rowKey, scrollRef, rowHeight, growth }: VirtualRowsOptions<Row>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rowKey(rows[index] as Row),
    overscan: 5,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const contentSize = virtualizer.getTotalSize();
  const scrollOffset = virtualizer.scrollOffset ?? 0;
  const viewportSize = virtualizer.scrollRect?.height ?? 0;

  const { loading, loadingMore, canGrow, loadMore } = growth;
  useEffect(() => {
    if (loading || loadingMore || !canGrow || !isNearEnd({ scrollOffset, viewportSize, contentSize })) return;
    loadMore();
  }, [loading, loadingMore, canGrow, scrollOffset, viewportSize, contentSize, loadMore]);

  return { virtualizer, virtualRows, contentSize, viewportSize };
}
