import { describe, expect, it } from 'vitest';
import {
  activeTileIndex,
  EXTRA_ALLOWANCE,
  MOBILE_BREAKPOINT,
  OVERFLOW_HIDE_MS,
  RESIZE_RECOMPUTE_MS,
  splitNavItems,
  TITLE_BAR_HEIGHT,
} from '../../../src/app/shell/side-nav-layout';

const items = Array.from({ length: 14 }, (_, index) => `item${index}`);
/** A window height that leaves room for exactly `slots` items of 48 px. */
const heightFor = (slots: number) => TITLE_BAR_HEIGHT + EXTRA_ALLOWANCE + slots * 48;

describe('side navigation constants (spec 1 §9)', () => {
  it('are the spec’s', () => {
    expect([TITLE_BAR_HEIGHT, EXTRA_ALLOWANCE, RESIZE_RECOMPUTE_MS, OVERFLOW_HIDE_MS, MOBILE_BREAKPOINT]).toEqual([75, 23, 500, 1000, 973]);
  });
});

describe('splitNavItems (spec 1 §2)', () => {
  it('keeps every item in the bar when all fit, with no More', () => {
    expect(splitNavItems(items, 0, heightFor(14), 48)).toEqual({ visible: items, overflow: [] });
    expect(splitNavItems(items, 0, heightFor(20), 48).overflow).toEqual([]);
  });

  it('counts the title bar and the extra allowance: one pixel short of room moves items into More', () => {
    const { visible, overflow } = splitNavItems(items, -1, heightFor(14) - 1, 48);
    // 13 slots: 12 items and More.
    expect(visible).toEqual(items.slice(0, 12));
    expect(overflow).toEqual(items.slice(12));
  });

  it('gives More one slot and puts the rest in order into it', () => {
    const { visible, overflow } = splitNavItems(items, 2, heightFor(8), 48);
    expect(visible).toEqual(items.slice(0, 7));
    expect(overflow).toEqual(items.slice(7));
  });

  it('keeps the active item visible: it takes the last slot and the displaced item goes to More', () => {
    const { visible, overflow } = splitNavItems(items, 11, heightFor(8), 48);
    expect(visible).toEqual([...items.slice(0, 6), 'item11']);
    expect(overflow).toEqual(['item6', 'item7', 'item8', 'item9', 'item10', 'item12', 'item13']);
    expect(visible.length + overflow.length).toBe(items.length);
  });

  it('shows at least the active item in a window too small for anything but More', () => {
    expect(splitNavItems(items, 5, heightFor(1), 48)).toEqual({ visible: ['item5'], overflow: items.filter((item) => item !== 'item5') });
    expect(splitNavItems(items, -1, 50, 48)).toEqual({ visible: [], overflow: items });
  });

  it('uses the measured item height', () => {
    expect(splitNavItems(items, 0, heightFor(8), 24).overflow).toEqual([]);
  });
});

describe('activeTileIndex', () => {
  const tiles = [
    { route: '/sales/leads' },
    { route: undefined },
    { route: '/service' },
    { route: '/service/myHomeowners' },
    { route: '/help' },
  ];

  it('matches the route or a page below it, preferring the longest route', () => {
    expect(activeTileIndex(tiles, '/sales/leads')).toBe(0);
    expect(activeTileIndex(tiles, '/sales/leads/42')).toBe(0);
    expect(activeTileIndex(tiles, '/service/workOrders/7')).toBe(2);
    expect(activeTileIndex(tiles, '/service/myHomeowners')).toBe(3);
    expect(activeTileIndex(tiles, '/Help')).toBe(4);
  });

  it('matches nothing for other pages, nor for a route that only shares a prefix', () => {
    expect(activeTileIndex(tiles, '/support')).toBe(-1);
    expect(activeTileIndex(tiles, '/helpdesk')).toBe(-1);
  });
});
