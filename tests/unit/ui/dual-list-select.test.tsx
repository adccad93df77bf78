import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DualListSelect, type DualListOption } from '../../../src/ui/dual-list-select';

afterEach(cleanup);

const roles: DualListOption[] = [
  { value: 'Rtl_Admin', label: 'Rtl_Admin', disabled: true, disabledReason: 'Cannot be newly added' },
  { value: 'Sales_User', label: 'Sales_User', description: 'Sales' },
  { value: 'Sales_Viewer', label: 'Sales_Viewer', description: 'Sales, read only' },
  { value: 'Service_User', label: 'Service_User', description: 'Service' },
  { value: 'Nps_Viewer', label: 'Nps_Viewer' },
];

function Harness({ initial = [], onBlur }: { initial?: string[]; onBlur?: () => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <DualListSelect
        label="Roles"
        availableLabel="Available roles"
        selectedLabel="Assigned roles"
        options={roles}
        value={value}
        onChange={setValue}
        onBlur={onBlur}
      />
      <output data-testid="value">{value.join(',')}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const available = () => screen.getByRole('listbox', { name: /Available roles/ });
const assigned = () => screen.getByRole('listbox', { name: /Assigned roles/ });
const names = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.dual-list__option-label')!.textContent);
const value = () => screen.getByTestId('value').textContent;

describe('DualListSelect (spec 1 §2 two-list multi-select)', () => {
  it('moves marked options with the buttons, keeping the options order', () => {
    render(<Harness initial={['Nps_Viewer']} />);
    expect(names(available())).toEqual(['Rtl_Admin', 'Sales_User', 'Sales_Viewer', 'Service_User']);
    expect(names(assigned())).toEqual(['Nps_Viewer']);

    fireEvent.click(within(available()).getByText('Service_User'));
    fireEvent.click(within(available()).getByText('Sales_User'));
    expect(
      within(available())
        .getByRole('option', { name: /Sales_User/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add marked to Assigned roles' }));
    expect(value()).toBe('Sales_User,Service_User,Nps_Viewer');
    expect(names(assigned())).toEqual(['Sales_User', 'Service_User', 'Nps_Viewer']);
    expect(screen.getByText('Moved 2 to Assigned roles.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove all from Assigned roles' }));
    expect(value()).toBe('');
  });

  it('a disabled option is listed with its reason but never moves, not even with Add all', () => {
    render(<Harness />);
    const admin = within(available()).getByRole('option', { name: /Rtl_Admin/ });
    expect(admin.getAttribute('aria-disabled')).toBe('true');
    expect(admin.textContent).toContain('Cannot be newly added');
    fireEvent.click(admin);
    fireEvent.doubleClick(admin);
    expect(admin.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Add all to Assigned roles' }));
    expect(value()).toBe('Sales_User,Sales_Viewer,Service_User,Nps_Viewer');
    expect(names(available())).toEqual(['Rtl_Admin']);
  });

  it('is keyboard operable: arrows, Space marks, Shift+arrow extends, Enter moves; double click moves one', () => {
    render(<Harness />);
    const list = available();
    list.focus();
    fireEvent.focus(list);
    const activeName = () =>
      document.getElementById(list.getAttribute('aria-activedescendant')!)!.querySelector('.dual-list__option-label')!.textContent;
    expect(activeName()).toBe('Rtl_Admin');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(activeName()).toBe('Sales_User');
    fireEvent.keyDown(list, { key: ' ' });
    fireEvent.keyDown(list, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(value()).toBe('Sales_User,Sales_Viewer');
    // The current option moves on to the next one left.
    expect(activeName()).toBe('Service_User');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(value()).toBe('Sales_User,Sales_Viewer,Service_User');

    fireEvent.doubleClick(within(assigned()).getByText('Sales_Viewer'));
    expect(value()).toBe('Sales_User,Service_User');

    const selected = assigned();
    fireEvent.keyDown(selected, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(selected, { key: 'Enter' });
    expect(value()).toBe('');
  });

  it('the filter narrows both lists, and Add all moves only what is shown', () => {
    render(<Harness initial={['Sales_User']} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter Roles' }), { target: { value: 'sales' } });
    expect(names(available())).toEqual(['Sales_Viewer']);
    expect(names(assigned())).toEqual(['Sales_User']);
    fireEvent.click(screen.getByRole('button', { name: 'Add all to Assigned roles' }));
    expect(value()).toBe('Sales_User,Sales_Viewer');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter Roles' }), { target: { value: 'zzz' } });
    expect(within(available()).getByText('No matches')).toBeTruthy();
  });

  it('reports a blur only when focus leaves the whole control', () => {
    const onBlur = vi.fn();
    render(<Harness onBlur={onBlur} />);
    fireEvent.blur(available(), { relatedTarget: assigned() });
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.blur(assigned(), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
