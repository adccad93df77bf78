import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKS_COOKIE } from '../../../src/contract';
import { deleteCookie } from '../../../src/lib/cookies';
import { clearToken } from '../../../src/lib/session-token';
import { jsonResponse } from '../fixtures/render-screen';
import { openApp, setMobileWidth, setWindowHeight, shellServer, signInAs, stubBrowserLayout, type ShellServer } from './shell-harness';

let server: ShellServer;
let unwire: (() => void) | undefined;

beforeEach(() => {
  stubBrowserLayout();
  setMobileWidth(false);
  setWindowHeight(768);
});

afterEach(() => {
  cleanup();
  unwire?.();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearToken();
  localStorage.clear();
  deleteCookie(LINKS_COOKIE);
});

function start(path: string, height: number) {
  setWindowHeight(height);
  const user = signInAs('admin');
  server = shellServer(user);
  server.answers.set('/api/Contact/Plants', () => jsonResponse(200, []));
  server.answers.set('/api/Contact', () => jsonResponse(200, []));
  ({ unwire } = openApp(path));
}

const sideNav = () => screen.findByRole('navigation', { name: 'Apps' });
const barLinks = (nav: HTMLElement) =>
  [...nav.querySelectorAll(':scope > ul > li:not(.side-nav__more) > *')].map((element) => element.textContent?.trim());
const moreButton = (nav: HTMLElement) => within(nav).getByRole('button', { name: /More/ });
const moreList = (nav: HTMLElement) => document.getElementById(moreButton(nav).getAttribute('aria-controls')!) as HTMLUListElement;

describe('side navigation (spec 1 §2)', () => {
  it('shows every app of the home menu when they fit, with the current one highlighted', async () => {
    start('/contact', 900);
    const nav = await sideNav();
    expect(barLinks(nav)).toEqual([
      'Leads',
      'Prospects',
      'Quotes',
      'Orders',
      'Inventory',
      'My Homeowners',
      'Service & Parts',
      'NPS',
      'Reports',
      'Learn',
      'Help',
      'Feedback',
      'My Facilities',
      'My Plants',
    ]);
    expect(within(nav).queryByRole('button', { name: /More/ })).toBeNull();
    const current = within(nav).getByRole('link', { name: 'My Plants' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Leads' }).getAttribute('aria-current')).toBeNull();
    expect(nav.querySelectorAll('svg').length).toBeGreaterThanOrEqual(14);
  });

  it('moves what does not fit into More and keeps the active item in the bar', async () => {
    // 500 - 75 - 23 = 402 px: 8 slots of 48 px, one of them More.
    start('/contact', 500);
    const nav = await sideNav();
    expect(barLinks(nav)).toEqual(['Leads', 'Prospects', 'Quotes', 'Orders', 'Inventory', 'My Homeowners', 'My Plants']);
    const more = moreButton(nav);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(moreList(nav).hidden).toBe(true);

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const list = within(nav).getByRole('list', { name: 'More apps' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Service & Parts', 'NPS', 'Reports', 'Learn', 'Help', 'Feedback', 'My Facilities']);
    fireEvent.click(more);
    expect(moreList(nav).hidden).toBe(true);
  });

  it('hides More 1 second after the mouse leaves, not when a touch ends, and not if the mouse comes back', async () => {
    start('/contact', 500);
    const nav = await sideNav();
    const more = moreButton(nav);
    const item = more.closest('li')!;
    vi.useFakeTimers();

    fireEvent.click(more);
    fireEvent.pointerLeave(item, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(2000));
    expect(more.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(900));
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(more.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(999));
    expect(more.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes More on Escape (focus back on the button) and when a link in it is chosen', async () => {
    start('/contact', 500);
    const nav = await sideNav();
    const more = moreButton(nav);
    fireEvent.click(more);
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Help' }), { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);

    fireEvent.click(more);
    fireEvent.click(within(nav).getByRole('link', { name: 'Feedback' }));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('recomputes 500 ms after the window is resized', async () => {
    start('/contact', 500);
    const nav = await sideNav();
    expect(within(nav).queryByRole('button', { name: /More/ })).not.toBeNull();
    vi.useFakeTimers();
    setWindowHeight(1000);
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(300);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(499);
    });
    expect(within(nav).queryByRole('button', { name: /More/ })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(nav).queryByRole('button', { name: /More/ })).toBeNull();
    expect(barLinks(nav)).toHaveLength(14);
  });

  it('home is a main page without navigation', async () => {
    start('/home', 900);
    await screen.findByRole('list', { name: 'Apps' });
    expect(screen.queryByRole('navigation', { name: 'Apps' })).toBeNull();
  });

  it('below 973 px the side bar becomes a drawer opened from the header', async () => {
    setMobileWidth(true);
    start('/contact', 900);
    await screen.findByRole('heading', { name: 'My Plants' });
    expect(screen.queryByRole('navigation', { name: 'Apps' })).toBeNull();
    expect(screen.queryByRole('button', { name: /User menu/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Alex Morgan' });
    const apps = within(drawer).getByRole('navigation', { name: 'Apps' });
    expect(within(apps).getByRole('link', { name: 'My Plants' }).getAttribute('aria-current')).toBe('page');
    const account = within(drawer).getByRole('navigation', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['My Account', 'Support', 'Device status', "What's new?", 'Admin', 'Logout']);
    fireEvent.click(within(account).getByRole('link', { name: 'Support' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alex Morgan' })).toBeNull());
  });
});
