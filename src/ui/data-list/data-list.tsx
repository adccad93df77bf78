import { useId, useRef } from 'react';
import { columnValue, isSortable } from '../../lib/list';
import { useMediaQuery } from '../use-media-query';
import { useColumnFold } from './column-fold';
import { columnGrid, defaultCell } from './columns';
import type { DataListColumn, DataListProps } from './types';
import { showsSearch, useListRows } from './use-list-rows';
import { useListState } from './use-list-state';
import { useRowKeyboard } from './use-row-keyboard';
import { useTruncationTitles } from './use-truncation-titles';
import { DEFAULT_ROW_HEIGHT, useVirtualRows } from './use-virtual-rows';

/** Where every list lays its rows out as cards of labelled values (the phone block of ui-kit.css). */
const PHONE_QUERY = '(max-width: 40rem)';

/**
 * A virtualized, infinitely scrolling, searchable and sortable list (spec 1 §2, §3 Sort column, §9). Only the rows
 * near the viewport are in the DOM, so 10,000 rows scroll as smoothly as 10. Rows are one tab stop: arrows, Home
 * and End move between them, Enter or Space opens one.
 */
export function DataList<Row>(props: DataListProps<Row>) {
  const { label, columns, rowKey, loading = false, emptyMessage = 'No records found.', onRowClick, toolbar } = props;
  const id = useId();
  // A query that never matches stands in for "not by query", so that the hook is always called.
  const cardsQuery = useMediaQuery(typeof props.cards === 'string' ? props.cards : 'not all');
  const asCards = props.cards === true || cardsQuery;
  // Phones (ui-kit.css) and cards show every column as a labelled line already: nothing folds there.
  const phone = useMediaQuery(PHONE_QUERY);

  const scrollRef = useRef<HTMLDivElement>(null);
  const { search, sort, shownCount, showMore, searchBoxText, setSearchBoxText, changeSort } = useListState(props, scrollRef);
  const { rows, knownTotal, canGrow, loadingMore, loadMore } = useListRows(props, { search, sort, shownCount });
  const showSearch = showsSearch(props);

  const rowHeight = props.estimateRowHeight ?? DEFAULT_ROW_HEIGHT;
  const { virtualizer, virtualRows, contentSize, viewportSize } = useVirtualRows({
    rows,
    rowKey,
    scrollRef,
    rowHeight,
    growth: { loading, loadingMore, canGrow, loadMore: loadMore ?? showMore },
  });
  const { focusedIndex, onRowKeyDown, onRowClickEvent, onRowFocus } = useRowKeyboard({
    rowCount: rows.length,
    scrollRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    rowsPerPage: Math.floor(viewportSize / rowHeight),
    onRowClick,
  });

  const tableRef = useTruncationTitles();
  const { shown, folded } = useColumnFold(columns, tableRef, !asCards && !phone);
  const { gridTemplateColumns, tableStyle } = columnGrid(shown);
  const header = (column: DataListColumn<Row>) => {
    const sorted = sort?.columnName === column.columnName ? sort.direction : null;
    return (
      <div
        key={column.columnName}
        role="columnheader"
        className="data-list__header"
        aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        {isSortable(column) ? (
          <button type="button" className="data-list__sort" onClick={() => changeSort(column.columnName)}>
            <span className="data-list__header-label">{column.displayName}</span>
            <span className={`data-list__sort-icon data-list__sort-icon--${sorted ?? 'none'}`} aria-hidden="true" />
          </button>
        ) : (
          <span className="data-list__header-label">{column.displayName}</span>
        )}
      </div>
    );
  };
  const cell = (column: DataListColumn<Row>, row: Row) => (
    <div key={column.columnName} role="cell" className="data-list__cell" data-label={column.displayName}>
      {column.render ? column.render(row) : defaultCell(columnValue(column, row))}
    </div>
  );

  const empty = !loading && rows.length === 0;
  const countText = loading || empty ? '' : knownTotal !== undefined ? `Showing ${rows.length} of ${knownTotal}` : `Showing ${rows.length}`;

  return (
    <div className={`data-list${asCards ? ' data-list--cards' : ''}${props.className ? ` ${props.className}` : ''}`}>
      {(showSearch || toolbar) && (
        <div className="data-list__toolbar">
          {showSearch && (
            <div className="data-list__search">
              <label className="visually-hidden" htmlFor={`${id}-search`}>
                {props.searchLabel ?? `Search ${label}`}
              </label>
              <input
                id={`${id}-search`}
                className="field__input data-list__search-input"
                type="search"
                value={searchBoxText}
                placeholder={props.searchPlaceholder ?? 'Search'}
                aria-controls={`${id}-table`}
                onChange={(event) => setSearchBoxText(event.target.value)}
              />
            </div>
          )}
          {toolbar}
        </div>
      )}
      <div
        id={`${id}-table`}
        role="table"
        aria-label={label}
        aria-rowcount={knownTotal !== undefined ? knownTotal + 1 : -1}
        aria-busy={loading || loadingMore || undefined}
        className="data-list__table"
        ref={tableRef}
        style={tableStyle}
      >
        <div role="rowgroup" className="data-list__head">
          <div role="row" aria-rowindex={1} className="data-list__row data-list__row--head" style={{ gridTemplateColumns }}>
            {shown.map(header)}
            {folded.length > 0 && <div className="data-list__fold">{folded.map(header)}</div>}
          </div>
        </div>
        <div ref={scrollRef} className="data-list__viewport">
          <div role="rowgroup" className="data-list__body" style={{ height: contentSize }}>
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index] as Row;
              const extraClass = props.rowClassName?.(row);
              return (
                <div
                  key={virtualRow.key}
                  ref={virtualizer.measureElement}
                  data-index={virtualRow.index}
                  role="row"
                  aria-rowindex={virtualRow.index + 2}
                  tabIndex={virtualRow.index === focusedIndex ? 0 : -1}
                  className={`data-list__row${onRowClick ? ' data-list__row--clickable' : ''}${extraClass ? ` ${extraClass}` : ''}`}
                  style={{ gridTemplateColumns, transform: `translateY(${virtualRow.start}px)` }}
                  onClick={(event) => onRowClickEvent(event, virtualRow.index, row)}
                  onKeyDown={(event) => onRowKeyDown(event, virtualRow.index, row)}
                  onFocus={(event) => onRowFocus(event, virtualRow.index)}
                >
                  {shown.map((column) => cell(column, row))}
                  {folded.length > 0 && <div className="data-list__fold">{folded.map((column) => cell(column, row))}</div>}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {loading && rows.length === 0 && (
        <div className="data-list__state" role="status">
          <span className="data-list__spinner" aria-hidden="true" />
          Loading...
        </div>
      )}
      {empty && (
        <div className="data-list__state" role="status">
          {emptyMessage}
        </div>
      )}
      {loadingMore && (
        <div className="data-list__more" role="status">
          <span className="data-list__spinner" aria-hidden="true" />
          Loading more...
        </div>
      )}
      <p className="data-list__count" aria-live="polite">
        {countText}
      </p>
    </div>
  );
}
