import type { Tile } from '../../lib/tiles';

/** spec 1 §9 side navigation: title bar height and the extra allowance taken off the window height. */
export const TITLE_BAR_HEIGHT = 75;
export const EXTRA_ALLOWANCE = 23;
/** spec 1 §2, §9: the menu is recomputed this long after the last resize. */
export const RESIZE_RECOMPUTE_MS = 500;
/** spec 1 §2, §9: the overflow menu hides this long after the mouse leaves it. */
export const OVERFLOW_HIDE_MS = 1000;
/** spec 1 §2, §9: below this window width the side bar switches to its mobile mode. */
export const MOBILE_BREAKPOINT = 973;

export interface NavSplit<T> {
  visible: T[];
  overflow: T[];
}

/**
 * spec 1 §2 side navigation: the items that fit the window height stay in the bar, the rest go into
 * 'More' (which takes one slot itself). The active item is never pushed into More: it takes the last
 * visible slot instead, and the item it displaces moves into More.
 */
export function splitNavItems<T>(items: readonly T[], activeIndex: number, windowHeight: number, itemHeight: number): NavSplit<T> {
  const available = windowHeight - TITLE_BAR_HEIGHT - EXTRA_ALLOWANCE;
  const capacity = itemHeight > 0 ? Math.max(0, Math.floor(available / itemHeight)) : items.length;
  if (items.length <= capacity) return { visible: [...items], overflow: [] };

  const slots = Math.max(capacity - 1, 0);
  const keep = new Set<number>();
  for (let index = 0; index < slots; index++) keep.add(index);
  if (activeIndex >= slots && activeIndex < items.length) {
    if (slots > 0) keep.delete(slots - 1);
    keep.add(activeIndex);
  }
  return {
    visible: items.filter((_item, index) => keep.has(index)),
    overflow: items.filter((_item, index) => !keep.has(index)),
  };
}

/** The tile the current path belongs to: the longest route that is the path or a parent of it; -1 for none. */
export function activeTileIndex(tiles: readonly Pick<Tile, 'route'>[], pathname: string): number {
  const path = pathname.toLowerCase();
  let best = -1;
  let bestLength = 0;
  tiles.forEach((tile, index) => {
    const route = tile.route?.toLowerCase();
    if (!route) return;
    if ((path === route || path.startsWith(`${route}/`)) && route.length > bestLength) {
      best = index;
      bestLength = route.length;
    }
  });
  return best;
}
