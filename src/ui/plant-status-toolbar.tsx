import { useState, type ReactNode } from 'react';
import type { SortColumn, SortState } from '../lib/list';
import { SelectFilter } from './select-filter';
import { SortControls } from './sort-controls';

/*
 * The toolbar of the kept lists filtered by plant and status (work orders, parts orders; spec 3 §2): the two filters,
 * 'Sort by' and 'Sort order', and 'Clear filters' once anything narrows the list; and the state it sets.
 */

type Option = { value: string; label: string };

export interface PlantStatusFilters {
  /** A plant number, or '' for every plant. */
  plant: string;
  /** A status as shown, or '' for every status. */
  status: string;
}

export const NO_PLANT_STATUS_FILTERS: PlantStatusFilters = { plant: '', status: '' };

/** Keeps a chosen filter value among the choices after the rows changed, so the select never hides what it filters by. */
export const withChosen = (options: readonly Option[], chosen: string) =>
  chosen && !options.some((option) => option.value === chosen) ? [...options, { value: chosen, label: chosen }] : options;

/**
 * The search text, sort and filters of the list; `filtered` when any narrows it, `clear` empties search and filters,
 * `dataList` the search and sort props of its DataList (and the row key of a kept record's row).
 */
export function usePlantStatusControls(defaultSort: SortState) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filters, setFilters] = useState<PlantStatusFilters>(NO_PLANT_STATUS_FILTERS);
  const filtered = search !== '' || filters.plant !== '' || filters.status !== '';
  const clear = () => {
    setFilters(NO_PLANT_STATUS_FILTERS);
    setSearch('');
  };
  // What the list's DataList takes of it.
  const dataList = { rowKey: (row: { key: string }) => row.key, search, onSearchChange: setSearch, sort, onSortChange: setSort };
  return { search, setSearch, sort, setSort, filters, setFilters, filtered, clear, dataList };
}

export type PlantStatusControls = ReturnType<typeof usePlantStatusControls>;

export interface PlantStatusToolbarProps<Row> {
  /** The screen's toolbar class: its fields are `${className}__field`, the clear button `${className}__clear`. */
  className: string;
  controls: PlantStatusControls;
  plants: readonly Option[];
  statuses: readonly Option[];
  sorts: readonly Pick<SortColumn<Row>, 'columnName' | 'displayName'>[];
  /** What the screen adds after the filters (a 'New' button). */
  children?: ReactNode;
}

export function PlantStatusToolbar<Row>({ className, controls, plants, statuses, sorts, children }: PlantStatusToolbarProps<Row>) {
  const { filters, setFilters } = controls;
  const fieldClassName = `${className}__field`;
  return (
    <div className={className}>
      <SelectFilter
        fieldClassName={fieldClassName}
        label="Filter by plant"
        allLabel="All plants"
        options={withChosen(plants, filters.plant)}
        value={filters.plant}
        onChange={(plant) => setFilters((current) => ({ ...current, plant }))}
      />
      <SelectFilter
        fieldClassName={fieldClassName}
        label="Filter by status"
        allLabel="All statuses"
        options={withChosen(statuses, filters.status)}
        value={filters.status}
        onChange={(status) => setFilters((current) => ({ ...current, status }))}
      />
      <SortControls columns={sorts} sort={controls.sort} onSortChange={controls.setSort} fieldClassName={fieldClassName} />
      {controls.filtered && (
        <button type="button" className={`button ${className}__clear`} onClick={controls.clear}>
          Clear filters
        </button>
      )}
      {children}
    </div>
  );
}
