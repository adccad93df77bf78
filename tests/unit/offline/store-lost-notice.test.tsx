import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/ui/modal';
import { STORE_LOST_TEXT, StoreLostNotice } from '../../../src/features/sync/store-lost-notice';
import { reportStoreLost, resetStoreLost } from '../../../src/offline/store-lost';

afterEach(() => {
  cleanup();
  resetStoreLost();
  vi.restoreAllMocks();
});

describe('Reload to continue (issue 22 §6)', () => {
  it('says nothing while the store answers, then asks for a reload in an alert with a Reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    render(<StoreLostNotice reload={reload} />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => void reportStoreLost(new DOMException('Connection to Indexed Database server lost.', 'UnknownError')));
    const alert = screen.getByRole('alert', { name: STORE_LOST_TEXT.title });
    expect(alert.textContent).toContain(STORE_LOST_TEXT.body);
    fireEvent.click(screen.getByRole('button', { name: STORE_LOST_TEXT.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is read over a dialog that was open before the store was lost (the page behind a dialog is hidden from assistive technology)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <main>The page</main>
        <StoreLostNotice />
        <Modal open title="Information" onClose={() => undefined} actions={<button type="button">Save</button>} />
      </>,
    );
    // The dialog hides what is behind it, as it should.
    expect(screen.queryByRole('main')).toBeNull();

    act(() => void reportStoreLost(new DOMException('Connection to Indexed Database server lost.', 'UnknownError')));
    expect(screen.getByRole('alert', { name: STORE_LOST_TEXT.title })).toBeTruthy();
  });
});
