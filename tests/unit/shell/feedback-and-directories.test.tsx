import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Facility } from '../../../src/contract';
import { FeedbackScreen } from '../../../src/features/feedback/components/feedback-screen';
import { MyFacilitiesScreen } from '../../../src/features/facilities/components/my-facilities-screen';
import { MyPlantsScreen, telHref } from '../../../src/features/facilities/components/my-plants-screen';
import { marketingLink } from '../../../src/features/facilities/marketing-link';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from '../offline/helpers';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: async () => ({ status: 201, body: { id: 1 } }) }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
});

const facility = (plantNumber: string, printName: string, retail: string, independent: string): Facility => ({
  plantNumber,
  printName,
  marketingURLRetail: retail,
  marketingURLIndependent: independent,
});

describe('My Facilities (spec 1 §2)', () => {
  const facilities = [
    facility('910', 'HomeSite Clinton West (910)', 'https://homes.example.com/910?retail', 'https://homes.example.com/910?independent'),
    facility('931', 'HomeSite Richfield (931)', 'javascript:alert(1)', 'data:text/html,hi'),
  ];

  it('chooses the retail link for a company-owned retailer and the independent link otherwise; unsafe targets are no link', () => {
    expect(marketingLink(facilities[0]!, true)).toBe('https://homes.example.com/910?retail');
    expect(marketingLink(facilities[0]!, false)).toBe('https://homes.example.com/910?independent');
    expect(marketingLink(facilities[1]!, true)).toBeUndefined();
    expect(marketingLink(facilities[1]!, false)).toBeUndefined();
    expect(marketingLink(facility('1', 'x', '', ''), true)).toBeUndefined();
  });

  it.each([
    ['company', 'https://homes.example.com/910?retail'],
    ['sales', 'https://homes.example.com/910?independent'],
  ] as const)('lists the facilities from GET {api}/Contact with the %s retailer’s link', async (key, href) => {
    fetchMock.mockResolvedValue(jsonResponse(200, facilities));
    await renderScreen(() => <MyFacilitiesScreen user={demoProfile(key)} />, { path: '/myfacilities' });
    const table = await screen.findByRole('table', { name: 'Facilities' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'HomeSite Clinton West (910)',
      'HomeSite Richfield (931)',
    ]);
    const link = within(rows[0]!).getByRole('link');
    expect(link.getAttribute('href')).toBe(href);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByText('No marketing site')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Contact');
  });
});

describe('My Plants (/contact)', () => {
  it('lists each plant with its address, a tel: link and a mailto: link', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, [
        {
          plantNumber: '910',
          name: 'Clinton West',
          printName: 'HomeSite Clinton West (910)',
          address1: '120 Plant Road',
          city: 'Clinton',
          state: 'tn',
          zipCode: '37716',
          phone: '865.555.0110',
          email: 'plant910@homesite.test',
        },
        {
          plantNumber: '931',
          name: 'Richfield',
          printName: 'HomeSite Richfield (931)',
          address1: '',
          city: 'Richfield',
          state: 'NC',
          zipCode: '28137',
          phone: '',
          email: 'not an address',
        },
      ]),
    );
    await renderScreen(() => <MyPlantsScreen user={demoProfile('plant')} />, { path: '/contact' });
    const plants = await screen.findByRole('list', { name: 'Plants' });
    const [clinton, richfield] = within(plants).getAllByRole('listitem');
    expect(within(clinton!).getByRole('heading', { name: 'Clinton West Plant 910' })).toBeTruthy();
    expect(within(clinton!).getByText(/Clinton, TN 37716/)).toBeTruthy();
    expect(within(clinton!).getByRole('link', { name: '(865) 555-0110' }).getAttribute('href')).toBe('tel:+18655550110');
    expect(within(clinton!).getByRole('link', { name: 'plant910@homesite.test' }).getAttribute('href')).toBe(
      'mailto:plant910@homesite.test',
    );
    expect(clinton!.id).toBe('plant-910');
    expect(within(richfield!).queryAllByRole('link')).toEqual([]);
    expect(within(richfield!).getByText('Not listed')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Contact/Plants');
  });

  it('dials 10-digit numbers with +1 and leaves other text undialled', () => {
    expect(telHref('(865) 555-0110')).toBe('tel:+18655550110');
    expect(telHref('1 800 555 0142')).toBe('tel:+18005550142');
    expect(telHref('ext 12')).toBeUndefined();
  });
});

describe('Feedback survey', () => {
  const renderFeedback = () => renderScreen(() => <FeedbackScreen userName="sky@demo.homesite.test" />, { path: '/feedback' });

  it('needs a rating before it sends anything', async () => {
    await renderFeedback();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Please rate your overall satisfaction from 1 to 5.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the answers to {api}/Survey/Feedback, thanks the user and starts over', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 3 }));
    await renderFeedback();
    fireEvent.click(screen.getByRole('radio', { name: '4 Satisfied' }));
    fireEvent.change(screen.getByLabelText('What works well for you?'), { target: { value: 'Quotes are quick.' } });
    fireEvent.change(screen.getByLabelText('What should we improve?'), { target: { value: 'Bigger photos.' } });
    fireEvent.click(screen.getByRole('switch', { name: /You may contact me/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(notices).toEqual([expect.objectContaining({ level: 'success', title: 'Thank you for your feedback!' })]));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/Survey/Feedback');
    expect(JSON.parse(String(init.body))).toEqual({
      satisfaction: 4,
      worksWell: 'Quotes are quick.',
      improve: 'Bigger photos.',
      mayContact: true,
    });
    await waitFor(() => expect((screen.getByRole('radio', { name: '4 Satisfied' }) as HTMLInputElement).checked).toBe(false));
  });
});
