import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKS_COOKIE } from '../../../src/contract';
import { deleteCookie, writeCookie } from '../../../src/lib/cookies';
import type { Notification } from '../../../src/lib/notifier';
import { clearToken, readToken } from '../../../src/lib/session-token';
import { RELEASE_NOTES } from '../../../src/server/db/seed/release-notes';
import type { DemoKey } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';
import { openApp, setMobileWidth, setWindowHeight, shellServer, signInAs, stubBrowserLayout, type ShellServer } from './shell-harness';

let server: ShellServer;
let unwire: (() => void) | undefined;
const notices: Notification[] = [];

beforeEach(() => {
  stubBrowserLayout();
  setMobileWidth(false);
  setWindowHeight(900);
  notices.length = 0;
});

afterEach(() => {
  cleanup();
  unwire?.();
  vi.unstubAllGlobals();
  clearToken();
  localStorage.clear();
  deleteCookie(LINKS_COOKIE);
});

function start(key: DemoKey, changes: Parameters<typeof signInAs>[1] = {}) {
  const user = signInAs(key, changes);
  server = shellServer(user);
  server.answers.set('/api/Contact/Plants', () => jsonResponse(200, []));
  ({ unwire } = openApp('/contact', notices));
  return user;
}

async function openUserMenu() {
  const trigger = await screen.findByRole('button', { name: /User menu/ });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

const itemTexts = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role^="menuitem"]')].map((item) => item.textContent?.replace(/\s+/g, ' ').replace('✓', '').trim());

describe('header (spec 1 §2)', () => {
  it('shows the retailer name and number and the user’s first and last name', async () => {
    start('sales');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Retailer 4217')).toBeTruthy();
    expect(within(header).getByText('#4217')).toBeTruthy();
    expect(within(header).getByText('Sky Patel')).toBeTruthy();
  });

  it('admin: the items of the role, then the retail centers with the current one checked, then Logout', async () => {
    start('admin');
    const menu = await openUserMenu();
    expect(itemTexts(menu)).toEqual([
      'My Account',
      'Support',
      'Device status',
      "What's new?",
      'Admin',
      'Retailer 4217 - Knoxville',
      'Retailer 4218 - Knoxville',
      'Retailer 4219 - Knoxville',
      'Search retail centers…',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/admin/users');
    const centers = within(menu).getAllByRole('menuitemradio');
    expect(centers.map((center) => center.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
  });

  it('plant user: parts catalog items and the assigned facilities (name and plant number)', async () => {
    start('plant');
    const menu = await openUserMenu();
    expect(itemTexts(menu)).toEqual([
      'My Account',
      'Parts Catalog Admin',
      'Parts Catalog Change Management',
      'Support',
      'Device status',
      "What's new?",
      'Plant 910 (910)',
      'Plant 931 (931)',
      'Retailer 4217 - Knoxville',
      'Retailer 5123 - Knoxville',
      'Search retail centers…',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Parts Catalog Change Management' }).getAttribute('href')).toBe(
      '/admin/partsCatalog/changeManagement',
    );
    expect(within(menu).getByText('Your facilities')).toBeTruthy();
  });

  it('one retail center: no retail center list; outside apps by role, disabled until configured', async () => {
    writeCookie(LINKS_COOKIE, JSON.stringify({ 'Retailer Management': 'https://rm.example.com/' }));
    start('service', { roles: ['Service_User', 'RetailerManagement', 'MyCustomHomes_Admin'] });
    const menu = await openUserMenu();
    expect(within(menu).queryAllByRole('menuitemradio')).toEqual([]);
    const management = within(menu).getByRole('menuitem', { name: /Retailer Management/ });
    expect(management.getAttribute('href')).toBe('https://rm.example.com/');
    expect(management.getAttribute('target')).toBe('_blank');
    const options = within(menu).getByRole('menuitem', { name: /Options Admin/ });
    expect(options.getAttribute('aria-disabled')).toBe('true');
    expect(options.textContent).toContain('Not configured');
  });

  it('shows 5 retail centers at a time, resets the limit when the menu closes, and searches all of them', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      retailerNumber: String(6001 + index),
      name: `Center ${index + 1}`,
      retailerType: 'I',
      retailerCity: `Town ${index + 1}`,
      webEnabled: true,
    }));
    start('admin', { availableRetailers: many, currentRetailer: many[0]!, retailerNumber: many[0]!.retailerNumber });
    let menu = await openUserMenu();
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(5);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Show more retail centers (7 more)' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitemradio')).toHaveLength(10);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    menu = await openUserMenu();
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(5);

    // The search runs over all centers, in a dialog (a text box cannot be part of a menu).
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Search retail centers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch retail center' });
    const search = within(dialog).getByRole('searchbox', { name: 'Search retail centers' });
    const choices = () =>
      within(within(dialog).getByRole('list', { name: 'Retail centers' }))
        .queryAllByRole('button')
        .map((b) => b.firstChild?.textContent);
    expect(choices()).toHaveLength(5);
    fireEvent.change(search, { target: { value: 'town 1' } });
    // 6010 ends in 0: a company-owned center, shown without its city (found by it all the same).
    expect(choices()).toEqual(['Center 1 - Town 1', 'Center 10', 'Center 11 - Town 11', 'Center 12 - Town 12']);
    fireEvent.change(search, { target: { value: 'center' } });
    expect(choices()).toHaveLength(5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more (7 more)' }));
    expect(choices()).toHaveLength(10);
    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(choices()).toEqual([]);
    expect(within(dialog).getByText('No retail center matches your search.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('choosing a retail center switches through ChangeRetailerNumber and stores the new token', async () => {
    const user = start('admin');
    const switched = { ...user, retailerNumber: '4218', currentRetailer: user.availableRetailers[1]! };
    const token = fakeJwt({ userName: user.userName, exp: Math.floor(Date.now() / 1000) + 7200, retailerNumber: '4218' });
    server.answers.set('/auth/api/Account/ChangeRetailerNumber', () => jsonResponse(200, { bearerToken: token, user: switched }));
    const menu = await openUserMenu();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: /4218/ }));
    await waitFor(() => expect(readToken()).toBe(token));
    const call = server.fetchMock.mock.calls.find(([url]) => String(url).startsWith('/auth/api/Account/ChangeRetailerNumber'))!;
    expect(String(call[0])).toBe('/auth/api/Account/ChangeRetailerNumber?retailerNumber=4218');
  });

  it("What's new? opens the release notes from the server over the current page", async () => {
    start('viewer');
    server.answers.set('/api/ReleaseNotes', () =>
      jsonResponse(
        200,
        RELEASE_NOTES.map((note, index) => ({ releaseNoteId: index + 1, ...note })),
      ),
    );
    const menu = await openUserMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: "What's new?" }));
    const dialog = await screen.findByRole('dialog', { name: "What's new?" });
    expect(
      await within(dialog).findByRole('heading', { name: `HomeSite ${RELEASE_NOTES[0]!.version} ${RELEASE_NOTES[0]!.title}` }),
    ).toBeTruthy();
    expect(within(dialog).getByText(RELEASE_NOTES[0]!.items[0]!.text)).toBeTruthy();
    expect(within(dialog).getAllByRole('article')).toHaveLength(RELEASE_NOTES.length);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'My Plants' })).toBeTruthy();
  });

  it('Logout signs out with the spec’s toast', async () => {
    start('service');
    server.answers.set('/auth/api/Account/Logout', () => new Response(null, { status: 204 }));
    const menu = await openUserMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(notices).toContainEqual({ level: 'success', title: 'You have successfully logged out!' }));
  });
});
