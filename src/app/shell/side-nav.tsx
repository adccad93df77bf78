import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CmhUser } from '../../contract';
import { NavTileLink } from './nav-tile-link';
import { activeTileIndex, OVERFLOW_HIDE_MS, RESIZE_RECOMPUTE_MS, splitNavItems } from './side-nav-layout';
import { useNavigationTiles } from './use-navigation-tiles';
import { useSettledWindowHeight } from './use-window';

/** Used until an item has been measured (a test DOM has no layout); matches --side-nav-item-height. */
const FALLBACK_ITEM_HEIGHT = 48;

/**
 * The More overflow of the side navigation: a disclosure (button + list of links), opened and closed by a
 * click or a tap; with a mouse it hides 1 second after the pointer leaves (spec 1 §2), and it closes on
 * Escape, on a click elsewhere, when focus leaves it and after a link is chosen.
 */
function MoreMenu({ children, count }: { children: (close: () => void) => React.ReactNode; count: number }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelHide = () => clearTimeout(hideTimer.current);
  const close = () => {
    cancelHide();
    setOpen(false);
  };

  useEffect(() => cancelHide, []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      clearTimeout(hideTimer.current);
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <li
      ref={rootRef}
      className={`side-nav__more${open ? ' side-nav__more--open' : ''}`}
      onPointerEnter={cancelHide}
      onPointerLeave={(event) => {
        // Touch has no hover: a tap toggles, so only a mouse leaving starts the hide timer.
        if (!open || event.pointerType !== 'mouse') return;
        cancelHide();
        hideTimer.current = setTimeout(() => setOpen(false), OVERFLOW_HIDE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link side-nav__more-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg className="nav-link__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h.01M12 12h.01M19 12h.01" />
        </svg>
        <span className="nav-link__label">More</span>
        <span className="visually-hidden"> ({count} apps)</span>
      </button>
      <ul id={listId} className="side-nav__overflow" hidden={!open} aria-label="More apps">
        {children(close)}
      </ul>
    </li>
  );
}

/**
 * spec 1 §2 Side navigation: the apps of the home menu with their icons. What does not fit the window
 * height goes into More; the item of the current path is highlighted and always stays in the bar.
 */
export function SideNav({ user }: { user: CmhUser }) {
  const { tiles, externalLinks } = useNavigationTiles(user);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const windowHeight = useSettledWindowHeight(RESIZE_RECOMPUTE_MS);
  const listRef = useRef<HTMLUListElement>(null);
  const [itemHeight, setItemHeight] = useState(FALLBACK_ITEM_HEIGHT);

  useLayoutEffect(() => {
    const first = listRef.current?.querySelector<HTMLElement>(':scope > li');
    const measured = first?.getBoundingClientRect().height ?? 0;
    if (measured > 0 && Math.abs(measured - itemHeight) > 0.5) setItemHeight(measured);
  }, [windowHeight, itemHeight, tiles.length]);

  const active = activeTileIndex(tiles, pathname);
  const activeTile = tiles[active];
  const { visible, overflow } = splitNavItems(tiles, active, windowHeight, itemHeight);

  return (
    <nav className="side-nav" aria-label="Apps">
      <ul ref={listRef} className="side-nav__list">
        {visible.map((tile) => (
          <li key={tile.name}>
            <NavTileLink tile={tile} externalLinks={externalLinks} active={tile === activeTile} />
          </li>
        ))}
        {overflow.length > 0 && (
          <MoreMenu count={overflow.length}>
            {(close) =>
              overflow.map((tile) => (
                <li key={tile.name}>
                  <NavTileLink tile={tile} externalLinks={externalLinks} onNavigate={close} />
                </li>
              ))
            }
          </MoreMenu>
        )}
      </ul>
    </nav>
  );
}
