import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateInput, PhoneInput } from '../../../src/ui/masked-input';

afterEach(cleanup);

function Harness({ kind, initial = '' }: { kind: 'phone' | 'date'; initial?: string }) {
  const [value, setValue] = useState(initial);
  const Input = kind === 'phone' ? PhoneInput : DateInput;
  return (
    <>
      <label htmlFor="masked">Field</label>
      <Input id="masked" value={value} onValueChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

const input = () => screen.getByLabelText('Field') as HTMLInputElement;
const type = (text: string) => fireEvent.input(input(), { target: { value: text } });

describe('masked inputs (spec 1 §5)', () => {
  it('phone: digits become (999) 999-9999 and letters are refused', () => {
    render(<Harness kind="phone" />);
    expect(input().placeholder).toBe('(999) 999-9999');
    type('5551234567');
    expect(input().value).toBe('(555) 123-4567');
    expect(screen.getByTestId('value').textContent).toBe('(555) 123-4567');
    type('(555) 123-4567 ext');
    expect(input().value).toBe('(555) 123-4567');
  });

  it('phone: partial input stays partial, so the contract pattern can reject it', () => {
    render(<Harness kind="phone" />);
    type('55512');
    expect(screen.getByTestId('value').textContent).toBe('(555) 12');
  });

  it('date: digits become 99/99/9999', () => {
    render(<Harness kind="date" />);
    expect(input().placeholder).toBe('MM/DD/YYYY');
    type('03052024');
    expect(input().value).toBe('03/05/2024');
    expect(screen.getByTestId('value').textContent).toBe('03/05/2024');
  });

  it('a value set from outside is shown through the mask', () => {
    render(<Harness kind="phone" initial="(555) 000-1111" />);
    expect(input().value).toBe('(555) 000-1111');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input().value).toBe('');
  });

  it('stored digits are shown and handed back masked', () => {
    render(<Harness kind="phone" initial="5559876543" />);
    expect(input().value).toBe('(555) 987-6543');
    expect(screen.getByTestId('value').textContent).toBe('(555) 987-6543');
  });
});
