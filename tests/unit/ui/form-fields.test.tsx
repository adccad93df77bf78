import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { revalidateLogic, useAppForm } from '../../../src/ui/form';
import { dateText } from '../../../src/lib/validators';

afterEach(cleanup);

const Schema = v.object({
  phone: v.pipe(v.string(), v.regex(/^$|^\(\d{3}\) \d{3}-\d{4}$/, 'Phone must be in the format (999) 999-9999.')),
  start: dateText({ required: true, label: 'Start date' }),
  message: v.pipe(v.string(), v.nonEmpty('Please enter an issue description.'), v.maxLength(20)),
  priority: v.pipe(v.string(), v.picklist(['Low', 'Normal', 'High'])),
  rating: v.pipe(v.string(), v.picklist(['1', '2', '3'], 'Please choose a rating.')),
  active: v.boolean(),
  roles: v.pipe(v.array(v.string()), v.minLength(1, 'At least one role must be assigned.')),
});
interface Values {
  phone: string;
  start: string;
  message: string;
  priority: string;
  rating: string;
  active: boolean;
  roles: string[];
}

const submitted: Values[] = [];

function TestForm() {
  const form = useAppForm({
    defaultValues: { phone: '', start: '', message: '', priority: 'Normal', rating: '', active: true, roles: [] } as Values,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: Schema },
    onSubmit: ({ value }) => {
      submitted.push(value);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.AppField name="phone">{(field) => <field.PhoneField label="Phone" />}</form.AppField>
      <form.AppField name="start">{(field) => <field.DateField label="Start date" required />}</form.AppField>
      <form.AppField name="message">{(field) => <field.TextAreaField label="Description" required maxLength={20} />}</form.AppField>
      <form.AppField name="priority">
        {(field) => (
          <field.SelectField
            label="Priority"
            options={[
              { value: 'Low', label: 'Low' },
              { value: 'Normal', label: 'Normal' },
              { value: 'High', label: 'High' },
            ]}
          />
        )}
      </form.AppField>
      <form.AppField name="rating">
        {(field) => <field.RadioGroupField label="Rating" required options={['1', '2', '3'].map((value) => ({ value, label: value }))} />}
      </form.AppField>
      <form.AppField name="active">{(field) => <field.ToggleField label="Active" />}</form.AppField>
      <form.AppField name="roles">
        {(field) => (
          <field.DualListField
            label="Roles"
            required
            availableLabel="Available roles"
            selectedLabel="Assigned roles"
            options={[
              { value: 'Sales_User', label: 'Sales_User' },
              { value: 'Service_User', label: 'Service_User' },
            ]}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Save</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

describe('form field components (src/ui/form.tsx)', () => {
  it('shows each field’s messages after a submit attempt, and submits once all are valid', async () => {
    submitted.length = 0;
    render(<TestForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter an issue description.')).toBeTruthy();
    expect(screen.getByText('Start date is required.')).toBeTruthy();
    expect(screen.getByText('Please choose a rating.')).toBeTruthy();
    expect(screen.getByText('At least one role must be assigned.')).toBeTruthy();
    expect(screen.getByRole('listbox', { name: /Assigned roles/ }).getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);

    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '555123' } });
    fireEvent.blur(screen.getByLabelText('Phone'));
    expect(await screen.findByText('Phone must be in the format (999) 999-9999.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '5551234567' } });
    fireEvent.input(screen.getByLabelText(/Start date/), { target: { value: '02302024' } });
    await waitFor(() => expect(screen.getByText('Start date must be a valid date in the format MM/DD/YYYY.')).toBeTruthy());
    fireEvent.input(screen.getByLabelText(/Start date/), { target: { value: '02292024' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Printer is down' } });
    expect(screen.getByText('5 characters left')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'High' } });
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add all to Assigned roles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      phone: '(555) 123-4567',
      start: '02/29/2024',
      message: 'Printer is down',
      priority: 'High',
      rating: '2',
      active: false,
      roles: ['Sales_User', 'Service_User'],
    });
  });
});
