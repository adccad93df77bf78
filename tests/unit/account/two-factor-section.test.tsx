import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '../../../src/contract';
import { TwoFactorSection } from '../../../src/features/account/components/two-factor-section';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

/* Issue 33 §2: My Account's Two-factor sign-in section. */

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const onChanged = vi.fn(async () => undefined);
const notices: Notification[] = [];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, n) => `abcd-efgh-ijkl-mn${String.fromCharCode(97 + n)}${n % 8}`);
const off: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, unavailable: null };

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  onChanged.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/myAccount', navigate: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
});

function serverAnswers(status: TwoFactorStatus) {
  let current = status;
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === '/auth/api/Account/TwoFactor') return jsonResponse(200, current);
    if (path === '/auth/api/Account/TwoFactor/Setup')
      return jsonResponse(200, {
        secret: SECRET,
        otpauthUrl: `otpauth://totp/HomeSite:x?secret=${SECRET}`,
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      });
    if (path === '/auth/api/Account/TwoFactor/Enable') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      if (code !== '123456') return jsonResponse(400, { message: TWO_FACTOR_MESSAGES.wrongCode, field: 'code' });
      current = { ...current, enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: 10 };
      return jsonResponse(200, { recoveryCodes: CODES });
    }
    return jsonResponse(404, { message: 'not found' });
  });
}

const renderSection = () =>
  renderScreen(() => (
    <>
      <h1>My Account</h1>
      <TwoFactorSection onChanged={onChanged} />
    </>
  ));

describe('Two-factor sign-in in My Account (issue 33 §2)', () => {
  it('sets up with the QR code or the key in groups of four, confirms with a code, then shows the recovery codes once', async () => {
    serverAnswers(off);
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect((await screen.findByRole('img', { name: 'QR code of your setup key' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.change(screen.getByLabelText(/^Code from your authenticator app/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Code from your authenticator app/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(CODES);
    expect(onChanged).toHaveBeenCalled();
    expect(notices).toContainEqual({ level: 'success', title: 'Two-factor sign-in is on.' });

    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText(/Recovery codes left: 10\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeTruthy();
  });

  it('says why it cannot be turned on when the server has no key, and offers no setup', async () => {
    serverAnswers({ ...off, unavailable: 'Two-factor sign-in cannot be turned on: the server has no TOTP_ENCRYPTION_KEY.' });
    await renderSection();
    expect(await screen.findByText(/no TOTP_ENCRYPTION_KEY/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  });

  it('offers no way to turn it off when a role requires it', async () => {
    serverAnswers({ enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: 7, required: true, unavailable: null });
    await renderSection();
    await screen.findByText(/Recovery codes left: 7\./);
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull());
  });
});
