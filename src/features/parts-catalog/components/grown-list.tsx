import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CATALOG_LIST_SIZE, grownLimit } from '../model';

/**
 * A list that shows 10 items and 10 more each time its end scrolls into view (spec 3 §9), with a 'Show more' button
 * for keyboards and screen readers. Starts again at 10 when `resetKey` changes (another commodity, another search).
 */
export function GrownList<Item>({
  items,
  itemKey,
  renderItem,
  label,
  resetKey,
  emptyMessage,
}: {
  items: readonly Item[];
  itemKey: (item: Item) => string | number;
  renderItem: (item: Item) => ReactNode;
  label: string;
  resetKey: string;
  emptyMessage: ReactNode;
}) {
  const [limit, setLimit] = useState(CATALOG_LIST_SIZE);
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setLimit(CATALOG_LIST_SIZE);
  }
  const sentinel = useRef<HTMLLIElement>(null);
  const grow = () => setLimit((current) => grownLimit(current, items.length));

  const canGrow = limit < items.length;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canGrow || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setLimit((current) => grownLimit(current, items.length));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canGrow, items.length, limit]);

  if (items.length === 0) return <p className="catalog-admin__empty">{emptyMessage}</p>;
  return (
    <>
      <ul className="catalog-admin__list" aria-label={label}>
        {items.slice(0, limit).map((item) => (
          <li key={itemKey(item)} className="catalog-admin__item">
            {renderItem(item)}
          </li>
        ))}
        {canGrow && <li ref={sentinel} className="catalog-admin__sentinel" aria-hidden="true" />}
      </ul>
      <p className="catalog-admin__count" role="status">
        Showing {Math.min(limit, items.length)} of {items.length}
      </p>
      {canGrow && (
        <button type="button" className="button catalog-admin__more" onClick={grow}>
          Show more
        </button>
      )}
    </>
  );
}
