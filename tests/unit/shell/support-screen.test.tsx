import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract';
import { SupportScreen } from '../../../src/features/support/components/support-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { createOfflineRuntime, getOffline, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from '../offline/helpers';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
const sent: unknown[] = [];

beforeEach(() => {
  notices.length = 0;
  sent.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/support', navigate: () => undefined });
  setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: async (entry) => (sent.push(entry), { status: 201, body: { id: 1 } }) }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
});

const renderSupport = () => renderScreen(() => <SupportScreen user={{ firstName: 'Pat', lastName: 'Owens' }} />, { path: '/support' });
const field = <T extends HTMLElement = HTMLInputElement>(label: RegExp) => screen.getByLabelText(label) as unknown as T;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('Support request (spec 1 §2, §5, §7)', () => {
  it('starts with the user’s full name, priority Normal and type Question, and shows the support number', async () => {
    await renderSupport();
    expect(field(/^Name/).value).toBe('Pat Owens');
    expect(field<HTMLSelectElement>(/^Priority/).value).toBe('Normal');
    expect(field<HTMLSelectElement>(/^Request type/).value).toBe('Question');
    expect(field(/^Phone/).placeholder).toBe('(999) 999-9999');
    expect(screen.getByRole('link', { name: '1-800-555-0142 option 3' }).getAttribute('href')).toBe('tel:+18005550142');
    expect(screen.getByText('2000 characters left')).toBeTruthy();
  });

  it("submits only when valid: 'Please enter an issue description.'", async () => {
    await renderSupport();
    submit();
    expect(await screen.findByText('Please enter an issue description.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Description/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the description down from 2000 characters and holds no more', async () => {
    await renderSupport();
    fireEvent.change(field(/^Description/), { target: { value: 'The parts order screen is empty.' } });
    expect(screen.getByText(`${2000 - 'The parts order screen is empty.'.length} characters left`)).toBeTruthy();
    expect(field<HTMLTextAreaElement>(/^Description/).maxLength).toBe(2000);
  });

  it("posts name, phone, priority, type and message, then says 'Submission Successful!' and starts over", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 7 }));
    await renderSupport();
    fireEvent.input(field(/^Phone/), { target: { value: '8655550101' } });
    await waitFor(() => expect(field(/^Phone/).value).toBe('(865) 555-0101'));
    fireEvent.change(field<HTMLSelectElement>(/^Priority/), { target: { value: 'High' } });
    fireEvent.change(field<HTMLSelectElement>(/^Request type/), { target: { value: 'Problem' } });
    fireEvent.change(field(/^Description/), { target: { value: '  Work order 118 will not save.  ' } });
    submit();
    await waitFor(() =>
      expect(notices).toEqual([
        { level: 'success', title: 'Submission Successful!', description: 'You request has been successfully submitted' },
      ]),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/Support');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get(IDEMPOTENCY_HEADER)).toBeTruthy();
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Pat Owens',
      phone: '(865) 555-0101',
      priority: 'High',
      type: 'Problem',
      message: 'Work order 118 will not save.',
    });
    await waitFor(() => expect(field(/^Description/).value).toBe(''));
    expect(field<HTMLSelectElement>(/^Priority/).value).toBe('Normal');
  });

  it('a half-typed phone number is refused with the mask’s format', async () => {
    await renderSupport();
    fireEvent.input(field(/^Phone/), { target: { value: '865555' } });
    fireEvent.blur(field(/^Phone/));
    expect(await screen.findByText('Phone must be in the format (999) 999-9999.')).toBeTruthy();
  });

  it('offline: the request goes into the outbox and the toast says it will be sent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderSupport();
    fireEvent.change(field(/^Description/), { target: { value: 'Sent from the lot without signal.' } });
    submit();
    await waitFor(() => expect(notices).toEqual([expect.objectContaining({ level: 'info', title: 'You are offline.' })]));
    expect(fetchMock).not.toHaveBeenCalled();
    const [entry] = await getOffline().db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      base: 'api',
      path: '/Support',
      body: expect.objectContaining({ message: 'Sent from the lot without signal.', name: 'Pat Owens' }),
    });
  });

  it('no answer at all (the connection dropped): the request is queued instead of lost', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderSupport();
    fireEvent.change(field(/^Description/), { target: { value: 'Connection dropped while sending.' } });
    submit();
    await waitFor(() => expect(notices).toEqual([expect.objectContaining({ level: 'info', title: 'You are offline.' })]));
    expect((await getOffline().db.outbox.toArray()).map((entry) => (entry.body as { message: string }).message)).toEqual([
      'Connection dropped while sending.',
    ]);
  });
});
