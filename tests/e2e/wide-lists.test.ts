import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, signIn, startE2eApp, type E2eApp } from './harness';

/*
 * Issue 14 §7 in Chromium: the lists read well at 1280 px and on a tablet (portrait and landscape). On each list, as
 * the admin demo user (who sees the service, sales, report and user lists): no header's sort arrow reaches over the
 * next header, no word of a cell or header is split across lines, every cut cell carries its whole text as a
 * tooltip, the page never scrolls sideways, and axe finds no serious violation.
 */

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 820, height: 1180 },
  { width: 1180, height: 820 },
];

const LISTS: { path: string; table: string; open?: (page: Page) => Promise<void> }[] = [
  { path: '/service', table: 'Work orders' },
  { path: '/service/parts', table: 'Parts orders' },
  { path: '/service/myhomeowners', table: 'Homeowners' },
  { path: '/sales/quotes', table: 'Quotes' },
  { path: '/sales/inventory', table: 'Inventory' },
  { path: '/admin/users', table: 'Users you can edit' },
  {
    path: '/reports',
    table: 'Paid Service Orders',
    open: (page) =>
      page
        .getByLabel('Report', { exact: true })
        .selectOption('paidServiceOrders')
        .then(() => undefined),
  },
];

/**
 * Waits until the lists' layout holds still: the virtualizer measures rows after they render and the cells learn they
 * are cut after layout, each a frame or so later. Settled means three frames in a row with the same rows, sizes and
 * tooltips.
 */
function layoutSettled(page: Page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const signature = () =>
      JSON.stringify([
        document.documentElement.scrollWidth,
        [...document.querySelectorAll('.data-list__row')].map((row) => {
          const box = row.getBoundingClientRect();
          return [Math.round(box.top), Math.round(box.width), Math.round(box.height)];
        }),
        document.querySelectorAll('.data-list [title]').length,
      ]);
    let last = signature();
    for (let same = 0, frames = 0; same < 3; frames++) {
      if (frames > 600) throw new Error('the list layout kept changing for 600 frames');
      await frame();
      const now = signature();
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

/** What reads badly in the page's visible lists, as lines (empty when nothing does). */
function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const faults: string[] = [];
    const visible = (element: Element) => element.checkVisibility() && element.getBoundingClientRect().width > 0;
    const name = (element: Element) => (element.textContent ?? '').trim().slice(0, 40);

    // The page itself never scrolls sideways (a wide table scrolls inside its own frame).
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) faults.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);

    // No header's button (label and arrow) reaches over its own cell into the next header.
    for (const head of document.querySelectorAll('.data-list__row--head')) {
      if (!visible(head) || getComputedStyle(head).display !== 'grid') continue;
      const headers = [...head.querySelectorAll<HTMLElement>('[role="columnheader"]')];
      headers.forEach((header, index) => {
        const cell = header.getBoundingClientRect();
        for (const part of header.querySelectorAll('.data-list__sort, .data-list__sort-icon')) {
          const box = part.getBoundingClientRect();
          if (box.right > cell.right + 0.5)
            faults.push(`header '${name(header)}' overflows its column by ${Math.round(box.right - cell.right)} px`);
          const next = headers[index + 1]?.getBoundingClientRect();
          // Folded columns' headers sit on a line of their own below (ui/column-fold.ts): only a header beside it counts.
          const beside = next !== undefined && next.top < box.bottom;
          if (beside && box.right > next.left + 0.5) faults.push(`header '${name(header)}' reaches over the next header`);
        }
      });
    }

    // No word split across lines, words break between words only, and what is cut carries a tooltip.
    const texts = [...document.querySelectorAll<HTMLElement>('.data-list__cell, .data-list__header-label')].filter(visible);
    if (texts.length === 0) faults.push('no visible list cells');
    for (const element of texts) {
      const style = getComputedStyle(element);
      if (style.overflowWrap !== 'normal' || style.wordBreak !== 'normal')
        faults.push(`'${name(element)}' may break inside words (${style.overflowWrap}, ${style.wordBreak})`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) faults.push(`'${word[0]}' is split across ${lines.size} lines`);
        }
      }
      const cut = [element, ...element.querySelectorAll<HTMLElement>('*')].some(
        (node) => node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1,
      );
      const titled = element.title !== '' || element.querySelector('[title]') !== null;
      if (cut && !titled) faults.push(`'${name(element)}' is cut without a tooltip`);
    }
    return faults;
  });
}

describe('wide lists in Chromium', () => {
  it('read well at 1280 px and on a tablet, portrait and landscape', async () => {
    const { context, page } = await newContext(app);
    await signIn(page, 'admin', { terms: 'if-asked' });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const list of LISTS) {
        await page.goto(list.path);
        await list.open?.(page);
        await page.getByRole('table', { name: list.table }).getByRole('row').nth(1).waitFor();
        await layoutSettled(page);
        expect({ at: `${list.path} ${viewport.width}x${viewport.height}`, faults: await layoutFaults(page) }).toEqual({
          at: `${list.path} ${viewport.width}x${viewport.height}`,
          faults: [],
        });
        if (viewport.width !== 1180) expect(await seriousAxeViolations(page)).toEqual([]);
      }
    }
    await context.close();
  });
});
