import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
