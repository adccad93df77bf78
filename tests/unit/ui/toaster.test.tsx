import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../src/contract';
import { HttpError, notifyDefaultError, reportHttpError } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { createToastNotifier, Toaster } from '../../../src/ui/toaster';

afterEach(() => {
  cleanup();
  setNotifier(null);
});

function renderToaster() {
  const navigate = vi.fn<(href: string) => void>();
  setNotifier(createToastNotifier(navigate));
  render(<Toaster />);
  return navigate;
}

describe('error catalogue as the user sees it (spec 1 §8, toasts bottom right §9)', () => {
  it('503: the maintenance warning offers a link to contact support that opens in the app', async () => {
    const navigate = renderToaster();
    act(() => reportHttpError(new HttpError(503, undefined, '<html>down</html>', paths.profile)));
    const toast = (await screen.findByText('Website Under Maintenance.')).closest('[data-sonner-toast]') as HTMLElement;
    expect(toast.textContent).toContain('The site is currently unavailable. Please come back soon.');
    expect(toast.getAttribute('data-type')).toBe('warning');
    const link = within(toast).getByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toBe('/support');
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/support');
    expect(document.querySelector('[data-sonner-toaster]')!.getAttribute('data-y-position')).toBe('bottom');
    expect(document.querySelector('[data-sonner-toaster]')!.getAttribute('data-x-position')).toBe('right');
  });

  it('the default error (failed log call, non-400 login failure) and the generic error read as the spec says', async () => {
    renderToaster();
    act(() => notifyDefaultError());
    const defaultToast = (await screen.findByText('Error has occurred!')).closest('[data-sonner-toast]') as HTMLElement;
    expect(defaultToast.textContent).toContain('Uh oh! Looks like something has gone wrong with your request!');
    expect(defaultToast.getAttribute('data-type')).toBe('error');

    act(() => reportHttpError(new HttpError(500, { message: 'x' }, {}, paths.profile)));
    const genericToast = (await screen.findByText('Error has occurred.')).closest('[data-sonner-toast]') as HTMLElement;
    expect(genericToast.textContent).toContain(
      'Oops! Looks like something went wrong with your request. Please try again or contact support for assistance.',
    );
  });
});
