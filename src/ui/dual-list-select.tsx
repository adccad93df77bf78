import { useId, useMemo, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface DualListOption {
  value: string;
  label: string;
  description?: string;
  /** Listed but never moved, in either direction (a role that may not be newly added, say). */
  disabled?: boolean;
  disabledReason?: string;
}

export interface DualListSelectProps {
  /** The legend of the whole control, e.g. 'Roles'. */
  label: ReactNode;
  options: readonly DualListOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** When focus leaves the whole control. */
  onBlur?: () => void;
  availableLabel?: string;
  selectedLabel?: string;
  /** A filter box over both lists is shown unless false. */
  filterable?: boolean;
  filterPlaceholder?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** Ids of hints and error messages that describe the control. */
  describedBy?: string;
}

type Side = 'available' | 'selected';

interface ListState {
  highlighted: ReadonlySet<string>;
  active: string | null;
}

const emptyList: ListState = { highlighted: new Set(), active: null };

function matches(option: DualListOption, filter: string) {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${option.label} ${option.description ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The two-list multi-select of spec 1 §2 Shared UI: options move between an available and a selected list. Each list
 * is a multi-select listbox: arrows move, Space (or a click) marks, Shift+arrows mark a range, Ctrl+A marks all, Enter
 * (or a double click) moves the marked options, or the current one when none is marked. Buttons move marked or all.
 */
export function DualListSelect({
  label,
  options,
  value,
  onChange,
  onBlur,
  availableLabel = 'Available',
  selectedLabel = 'Selected',
  filterable = true,
  filterPlaceholder = 'Filter',
  disabled = false,
  required = false,
  invalid = false,
  describedBy,
}: DualListSelectProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const [lists, setLists] = useState<Record<Side, ListState>>({ available: emptyList, selected: emptyList });
  const [announcement, setAnnouncement] = useState('');

  const chosen = useMemo(() => new Set(value), [value]);
  const visible = useMemo(() => {
    const shown = options.filter((option) => matches(option, filter));
    return {
      available: shown.filter((option) => !chosen.has(option.value)),
      selected: shown.filter((option) => chosen.has(option.value)),
    };
  }, [options, filter, chosen]);

  const labelOf = (side: Side) => (side === 'available' ? availableLabel : selectedLabel);

  const move = (side: Side, values: readonly string[]) => {
    const movable = new Set(
      visible[side].filter((option) => values.includes(option.value) && !option.disabled).map((option) => option.value),
    );
    if (disabled || movable.size === 0) return;
    const next = new Set(chosen);
    for (const moved of movable) {
      if (side === 'available') next.add(moved);
      else next.delete(moved);
    }
    // The value keeps the options' order, whatever order things were moved in.
    onChange(options.filter((option) => next.has(option.value)).map((option) => option.value));
    // The current option passes to the next one that stayed (or the one before), so the user keeps their place.
    const items = visible[side];
    const oldIndex = Math.max(
      items.findIndex((option) => option.value === lists[side].active),
      0,
    );
    const stays = (option: DualListOption) => !movable.has(option.value);
    const nextActive = (items.slice(oldIndex).find(stays) ?? items.slice(0, oldIndex).reverse().find(stays))?.value ?? null;
    setLists((current) => ({ ...current, [side]: { highlighted: new Set(), active: nextActive } }));
    const target = side === 'available' ? selectedLabel : availableLabel;
    setAnnouncement(`Moved ${movable.size} to ${target}.`);
  };

  const moveMarked = (side: Side) => {
    const list = lists[side];
    const marked = [...list.highlighted];
    move(side, marked.length ? marked : list.active ? [list.active] : []);
  };

  const update = (side: Side, change: (list: ListState) => ListState) =>
    setLists((current) => ({ ...current, [side]: change(current[side]) }));

  const toggleMark = (side: Side, optionValue: string) =>
    update(side, (list) => {
      const highlighted = new Set(list.highlighted);
      if (!highlighted.delete(optionValue)) highlighted.add(optionValue);
      return { highlighted, active: optionValue };
    });

  const onListKeyDown = (side: Side, event: KeyboardEvent<HTMLUListElement>) => {
    const items = visible[side];
    if (items.length === 0) return;
    const list = lists[side];
    const index = items.findIndex((option) => option.value === list.active);
    const go = (to: number, extend: boolean) => {
      const target = items[Math.max(0, Math.min(to, items.length - 1))]!;
      update(side, (current) => {
        const highlighted = new Set(current.highlighted);
        if (extend && !target.disabled) highlighted.add(target.value);
        return { highlighted, active: target.value };
      });
    };
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(index < 0 ? 0 : index + 1, event.shiftKey),
      ArrowUp: () => go(index < 0 ? 0 : index - 1, event.shiftKey),
      Home: () => go(0, false),
      End: () => go(items.length - 1, false),
      ' ': () => {
        const current = items[index] ?? items[0]!;
        if (!current.disabled) toggleMark(side, current.value);
        else update(side, (state) => ({ ...state, active: current.value }));
      },
      Enter: () => moveMarked(side),
    };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      update(side, (current) => ({
        ...current,
        highlighted: new Set(items.filter((option) => !option.disabled).map((option) => option.value)),
      }));
      return;
    }
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const onFocusLeave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };

  const renderList = (side: Side) => {
    const items = visible[side];
    const list = lists[side];
    const listId = `${id}-${side}`;
    const activeIndex = items.findIndex((option) => option.value === list.active);
    return (
      <div className="dual-list__column">
        <span id={`${listId}-label`} className="dual-list__caption">
          {labelOf(side)} <span className="dual-list__count">({items.length})</span>
        </span>
        <ul
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={`${listId}-label`}
          aria-describedby={describedBy}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-option-${activeIndex}` : undefined}
          aria-disabled={disabled || undefined}
          aria-invalid={invalid || undefined}
          aria-required={side === 'selected' && required ? true : undefined}
          tabIndex={disabled ? -1 : 0}
          className="dual-list__list"
          onKeyDown={(event) => !disabled && onListKeyDown(side, event)}
          onFocus={() => {
            if (!list.active && items[0]) update(side, (current) => ({ ...current, active: items[0]!.value }));
          }}
        >
          {items.length === 0 && (
            <li role="presentation" className="dual-list__empty">
              {filter.trim() ? 'No matches' : 'None'}
            </li>
          )}
          {items.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-option-${index}`}
              role="option"
              aria-selected={list.highlighted.has(option.value)}
              aria-disabled={option.disabled || undefined}
              className={`dual-list__option${option.value === list.active ? ' dual-list__option--active' : ''}`}
              onClick={() => !disabled && !option.disabled && toggleMark(side, option.value)}
              onDoubleClick={() => move(side, [option.value])}
            >
              <span className="dual-list__option-label">{option.label}</span>
              {option.description && <span className="dual-list__option-description">{option.description}</span>}
              {option.disabled && option.disabledReason && <span className="dual-list__option-description">{option.disabledReason}</span>}
            </li>
          ))}
        </ul>
      </div>
    );
  };

  const movableCount = (side: Side) => visible[side].filter((option) => !option.disabled).length;
  const markedCount = (side: Side) => {
    const list = lists[side];
    if (list.highlighted.size) return list.highlighted.size;
    return visible[side].some((option) => option.value === list.active && !option.disabled) ? 1 : 0;
  };

  return (
    <fieldset className={`dual-list${invalid ? ' dual-list--invalid' : ''}`} disabled={disabled} onBlur={onFocusLeave}>
      <legend className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {filterable && (
        <div className="dual-list__filter">
          <label className="visually-hidden" htmlFor={`${id}-filter`}>
            Filter {typeof label === 'string' ? label : 'options'}
          </label>
          <input
            id={`${id}-filter`}
            className="field__input"
            type="search"
            value={filter}
            placeholder={filterPlaceholder}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      )}
      <div className="dual-list__lists">
        {renderList('available')}
        <div className="dual-list__buttons">
          <button
            type="button"
            className="button"
            aria-label={`Add marked to ${selectedLabel}`}
            disabled={disabled || markedCount('available') === 0}
            onClick={() => moveMarked('available')}
          >
            Add <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Add all to ${selectedLabel}`}
            disabled={disabled || movableCount('available') === 0}
            onClick={() =>
              move(
                'available',
                visible.available.map((option) => option.value),
              )
            }
          >
            Add all <span aria-hidden="true">»</span>
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Remove marked from ${selectedLabel}`}
            disabled={disabled || markedCount('selected') === 0}
            onClick={() => moveMarked('selected')}
          >
            <span aria-hidden="true">‹</span> Remove
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Remove all from ${selectedLabel}`}
            disabled={disabled || movableCount('selected') === 0}
            onClick={() =>
              move(
                'selected',
                visible.selected.map((option) => option.value),
              )
            }
          >
            <span aria-hidden="true">«</span> Remove all
          </button>
        </div>
        {renderList('selected')}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
