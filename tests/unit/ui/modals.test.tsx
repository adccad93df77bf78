import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalsProvider, useModals, type Modals } from '../../../src/ui/modals';

afterEach(cleanup);

function renderModals() {
  let modals: Modals | undefined;
  function Capture() {
    modals = useModals();
    return null;
  }
  render(
    <ModalsProvider>
      <Capture />
    </ModalsProvider>,
  );
  return () => modals!;
}

describe('shared modals (spec 1 §2 Shared UI)', () => {
  it("confirm: header 'Confirmation', Yes resolves true", async () => {
    const modals = renderModals();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = modals().confirm('Close without saving?');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Close without saving?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('confirm: No and Escape resolve false', async () => {
    const modals = renderModals();
    let first: Promise<boolean> | undefined;
    act(() => {
      first = modals().confirm('One?');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> | undefined;
    act(() => {
      second = modals().confirm('Two?');
    });
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await expect(second).resolves.toBe(false);
  });

  it("message: header 'Message' unless given, one Okay button", async () => {
    const modals = renderModals();
    let done: Promise<void> | undefined;
    act(() => {
      done = modals().message('Saved.');
    });
    expect(await screen.findByRole('dialog', { name: 'Message' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Okay']);
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    await expect(done).resolves.toBeUndefined();
  });
});

describe('prompt and loading modals (spec 1 §2 Shared UI)', () => {
  it("prompt: header 'Prompt', placeholder 'Type here', Okay resolves the typed text (Enter too)", async () => {
    const modals = renderModals();
    let answer: Promise<string | null> | undefined;
    act(() => {
      answer = modals().prompt('Name this view');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Prompt' });
    const input = screen.getByRole('textbox', { name: 'Name this view' }) as HTMLInputElement;
    expect(input.placeholder).toBe('Type here');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect([...dialog.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Cancel', 'Okay']);
    fireEvent.change(input, { target: { value: 'My leads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    await expect(answer).resolves.toBe('My leads');

    let second: Promise<string | null> | undefined;
    act(() => {
      second = modals().prompt('Why?', 'Reason', { defaultValue: 'Because' });
    });
    await screen.findByRole('dialog', { name: 'Reason' });
    const box = screen.getByRole('textbox', { name: 'Why?' }) as HTMLInputElement;
    expect(box.value).toBe('Because');
    fireEvent.submit(box.form!);
    await expect(second).resolves.toBe('Because');
  });

  it('prompt: Cancel, Escape and the backdrop resolve null', async () => {
    const modals = renderModals();
    const answers: (string | null)[] = [];
    act(() => {
      void modals()
        .prompt('One')
        .then((answer) => answers.push(answer));
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'One' }), { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([null]));

    act(() => {
      void modals()
        .prompt('Two')
        .then((answer) => answers.push(answer));
    });
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Prompt' }), { key: 'Escape' });
    await waitFor(() => expect(answers).toEqual([null, null]));

    act(() => {
      void modals()
        .prompt('Three')
        .then((answer) => answers.push(answer));
    });
    await screen.findByRole('dialog', { name: 'Prompt' });
    // Radix starts listening for clicks outside an opened dialog from a timer: a click before that would not count.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const backdrop = document.querySelector('.modal-backdrop')!;
    fireEvent.pointerDown(backdrop, { button: 0, pointerType: 'mouse' });
    fireEvent.click(backdrop);
    await waitFor(() => expect(answers).toEqual([null, null, null]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("loading: no header, 'Refreshing...' unless given, until the work is done", async () => {
    const modals = renderModals();
    let hide: (() => void) | undefined;
    act(() => {
      hide = modals().loading();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Refreshing...' });
    expect(dialog.querySelector('button')).toBeNull();
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    act(() => hide!());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    let finish: (value: number) => void = () => undefined;
    let result: Promise<number> | undefined;
    act(() => {
      result = modals().withLoading(new Promise<number>((resolve) => (finish = resolve)), 'Loading quotes...');
    });
    expect(await screen.findByRole('dialog', { name: 'Loading quotes...' })).toBeTruthy();
    act(() => finish(42));
    await expect(result).resolves.toBe(42);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('loading: Escape hides it (spec 1 §2), and a later hide is harmless', async () => {
    const modals = renderModals();
    let hide: (() => void) | undefined;
    act(() => {
      hide = modals().loading();
    });
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Refreshing...' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => hide!());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
