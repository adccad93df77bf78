import { useRef, type KeyboardEvent } from 'react';

export interface TabListProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { value: T; label: string }[];
  active: T;
  onChange: (value: T) => void;
  /** Names the ids: each tab is `${idPrefix}-tab-${value}` and controls the one panel, `${idPrefix}-panel`. */
  idPrefix: string;
  /** Added to .tabs (ui-kit.css). */
  className?: string;
}

/** A tab list of buttons over one panel; arrow keys, Home and End move between the tabs as in any tab list. */
export function TabList<T extends string>({ label, tabs, active, onChange, idPrefix, className }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = tabs[(to + tabs.length) % tabs.length]!.value;
    onChange(target);
    refs.current.get(target)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className ? `tabs ${className}` : 'tabs'} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          ref={(element) => {
            if (element) refs.current.set(tab.value, element);
            else refs.current.delete(tab.value);
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.value}`}
          aria-selected={tab.value === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.value === active ? 0 : -1}
          className={`tabs__tab${tab.value === active ? ' tabs__tab--active' : ''}`}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
