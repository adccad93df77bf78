import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxToggle } from '../../../src/ui/checkbox-toggle';

afterEach(cleanup);

function Harness({ disabled = false, onBlur }: { disabled?: boolean; onBlur?: () => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <CheckboxToggle
      label="Show Inactive Users"
      description="Inactive users are hidden otherwise."
      checked={checked}
      onCheckedChange={setChecked}
      disabled={disabled}
      onBlur={onBlur}
    />
  );
}

describe('CheckboxToggle (spec 1 §2 checkbox toggle)', () => {
  it('is a labelled switch that turns on and off by click on its label', () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Show Inactive Users' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe('Inactive users are hidden otherwise.');
    fireEvent.click(screen.getByText('Show Inactive Users'));
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
  });

  it('is disabled natively when disabled, and reports a blur', () => {
    const onBlur = vi.fn();
    render(<Harness disabled onBlur={onBlur} />);
    const toggle = screen.getByRole('switch', { name: 'Show Inactive Users' }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    fireEvent.blur(toggle);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
