import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DropdownMenu } from '../../../src/ui/dropdown-menu';
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

describe('dropdown menu', () => {
  it('opens on the button, moves with the arrows, closes on Escape back to the button', async () => {
    const chosen: string[] = [];
    render(
      <DropdownMenu
        label="User menu"
        buttonContent="Ann Lee"
        items={[
          { label: 'My Account', href: '/myAccount', onSelect: () => chosen.push('account') },
          { label: 'Logout', onSelect: () => chosen.push('logout') },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(chosen).toEqual(['logout']);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
