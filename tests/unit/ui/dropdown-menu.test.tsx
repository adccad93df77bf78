import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DropdownMenu,
  MenuContent,
  MenuGroup,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from '../../../src/ui/dropdown-menu';

afterEach(cleanup);

describe('dropdown menu (Radix)', () => {
  it('opens from the keyboard on the first item, moves with the arrows, closes on Escape back to the button', async () => {
    const chosen: string[] = [];
    render(
      <DropdownMenu
        label="User menu"
        buttonContent="Ann Lee"
        items={[
          { label: 'My Account', href: '/myAccount', onSelect: () => chosen.push('account') },
          { kind: 'separator', key: 'one' },
          { label: 'Logout', onSelect: () => chosen.push('logout') },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(button, { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['My Account', 'Logout']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(chosen).toEqual(['logout']);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(button);
    const account = await screen.findByRole('menuitem', { name: 'My Account' });
    expect(account.getAttribute('href')).toBe('/myAccount');
    fireEvent.click(account, { button: 0 });
    expect(chosen).toEqual(['logout', 'account']);
  });

  it('external links open in a new tab; disabled items say why and do nothing; keepOpen keeps the menu open', async () => {
    const chosen: string[] = [];
    render(
      <DropdownMenu
        label="More"
        buttonContent="More"
        items={[
          { label: 'Service Center', href: 'https://service.example.com/' },
          { label: 'Energy Credits', disabled: true, disabledReason: 'Not configured', onSelect: () => chosen.push('energy') },
          { label: 'Show more', keepOpen: true, onSelect: () => chosen.push('more') },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const external = await screen.findByRole('menuitem', { name: 'Service Center' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const disabled = screen.getByRole('menuitem', { name: /Energy Credits/ });
    expect(disabled.textContent).toBe('Energy Credits (Not configured)');
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(disabled);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show more' }));
    expect(chosen).toEqual(['more']);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('composes: a labelled group of radio items with the current one checked', async () => {
    const centers = ['Oak Ridge', 'Pine Hill', 'Cedar Falls'];
    function CenterMenu() {
      const [current, setCurrent] = useState('Oak Ridge');
      return (
        <MenuRoot>
          <MenuTrigger aria-label="Retail centers">{current}</MenuTrigger>
          <MenuContent aria-label="Retail centers">
            <MenuGroup>
              <MenuLabel>Retail centers</MenuLabel>
              <MenuRadioGroup value={current} onValueChange={setCurrent}>
                {centers.map((center) => (
                  <MenuRadioItem key={center} value={center}>
                    {center}
                  </MenuRadioItem>
                ))}
              </MenuRadioGroup>
            </MenuGroup>
          </MenuContent>
        </MenuRoot>
      );
    }
    render(<CenterMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Retail centers' }));
    expect((await screen.findByRole('menuitemradio', { name: 'Oak Ridge' })).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Pine Hill' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retail centers' }).textContent).toBe('Pine Hill'));
  });
});
