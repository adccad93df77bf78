import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Shown for in-app links so that the item reads (and middle-clicks) as one. */
  href?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it, arrows move between items,
 * Escape and a click elsewhere close it and focus returns to the button.
 */
export function DropdownMenu({ label, buttonContent, items }: { label: string; buttonContent: ReactNode; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const elements = itemRefs.current.filter((element): element is HTMLElement => element !== null);
    const index = elements.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => elements[(to + elements.length) % elements.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(elements.length - 1);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {buttonContent}
        <span className="menu__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div id={`${id}-menu`} role="menu" aria-label={label} className="menu__list" onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => {
            const select = (event: React.SyntheticEvent) => {
              event.preventDefault();
              close(true);
              item.onSelect();
            };
            return item.href ? (
              <a
                key={item.label}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitem"
                className="menu__item"
                href={item.href}
                tabIndex={-1}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  select(event);
                }}
              >
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                className="menu__item"
                tabIndex={-1}
                onClick={select}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
