import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_AVAILABLE_MESSAGE, UpdatePrompt } from '../../../src/app/pwa/update-prompt';

afterEach(cleanup);

function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  const workbox = {
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener])),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  };
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { workbox, fire };
}

describe('update prompt', () => {
  it('registers the worker, offers a waiting version, and reloads once the new worker controls the page', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    const { workbox, fire } = fakeWorkbox();
    const reload = vi.fn();
    const createWorkbox = () => workbox as never;
    render(<UpdatePrompt enabled createWorkbox={createWorkbox} reload={reload} />);
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(UPDATE_AVAILABLE_MESSAGE)).toBeNull();

    act(() => fire('waiting'));
    expect(screen.getByRole('alert').textContent).toContain(UPDATE_AVAILABLE_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('registers nothing outside production builds', () => {
    const { workbox } = fakeWorkbox();
    render(<UpdatePrompt createWorkbox={() => workbox as never} />);
    expect(workbox.register).not.toHaveBeenCalled();
  });
});
