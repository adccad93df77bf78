import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"], [role="switch"]';

interface RowKeyboardOptions<Row> {
  rowCount: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Brings a row into view (the virtualizer's scrollToIndex): it may not be drawn yet. */
  scrollToIndex: (index: number) => void;
  /** How many rows a page holds, for PageUp and PageDown. */
  rowsPerPage: number;
  onRowClick?: (row: Row) => void;
}

/**
 * The rows are one tab stop (roving tabindex): arrows, Home, End, PageUp and PageDown move between them, Enter or
 * Space opens one, and so does a click anywhere on a row except on a control inside it.
 */
export function useRowKeyboard<Row>({ rowCount, scrollRef, scrollToIndex, rowsPerPage, onRowClick }: RowKeyboardOptions<Row>) {
  const [activeIndex, setActiveIndex] = useState(0);
  const focusRequest = useRef<number | null>(null);
  const focusedIndex = Math.min(activeIndex, Math.max(rowCount - 1, 0));

  // A row moved to is focused once the virtualizer has drawn it.
  useEffect(() => {
    const index = focusRequest.current;
    if (index === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (element) {
      focusRequest.current = null;
      element.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(index, rowCount - 1));
    setActiveIndex(target);
    focusRequest.current = target;
    scrollToIndex(target);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, row: Row) => {
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, rowsPerPage);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rowCount - 1,
      PageDown: index + page,
      PageUp: index - page,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      moveTo(to);
    } else if ((event.key === 'Enter' || event.key === ' ') && onRowClick) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  const onRowClickEvent = (event: MouseEvent<HTMLDivElement>, index: number, row: Row) => {
    setActiveIndex(index);
    const interactive = (event.target as Element).closest(INTERACTIVE);
    if (interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive)) return;
    onRowClick?.(row);
  };

  const onRowFocus = (event: FocusEvent<HTMLDivElement>, index: number) => {
    if (event.target === event.currentTarget) setActiveIndex(index);
  };

  return { focusedIndex, onRowKeyDown, onRowClickEvent, onRowFocus };
}
