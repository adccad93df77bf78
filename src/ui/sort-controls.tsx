import { useId, type Dispatch, type SetStateAction } from 'react';
import type { SortColumn, SortState } from '../lib/list';

/**
 * 'Sort by' and 'Sort order' of a list's toolbar, for screens where the column headers are not at hand (a
 * tablet in portrait, a keyboard user): the same sort the headers set.
 */
export function SortControls<Row>({
  columns,
  sort,
  onSortChange,
  fieldClassName,
}: {
  columns: readonly Pick<SortColumn<Row>, 'columnName' | 'displayName'>[];
  sort: SortState;
  onSortChange: Dispatch<SetStateAction<SortState>>;
  /** The toolbar's own field layout. */
  fieldClassName: string;
}) {
  const id = useId();
  return (
    <>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          className="field__input field__select"
          value={sort.columnName}
          onChange={(event) => onSortChange((current) => ({ ...current, columnName: event.target.value }))}
        >
          {columns.map((column) => (
            <option key={column.columnName} value={column.columnName}>
              {column.displayName}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-order`}>Sort order</label>
        <select
          id={`${id}-order`}
          className="field__input field__select"
          value={sort.direction}
          onChange={(event) => onSortChange((current) => ({ ...current, direction: event.target.value === 'desc' ? 'desc' : 'asc' }))}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
    </>
  );
}
