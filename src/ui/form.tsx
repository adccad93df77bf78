import type { Ref } from 'react';
import { CheckboxToggle } from './checkbox-toggle';
import { DualListSelect, type DualListOption } from './dual-list-select';
import { basicForm, FieldNotes, LabelledField, useFieldView, type CommonFieldProps } from './form-core';
import { DateInput, PhoneInput } from './masked-input';

function maskedField(Input: typeof PhoneInput) {
  return function MaskedField({ label, disabled, required, hint, inputRef }: CommonFieldProps & { inputRef?: Ref<HTMLInputElement> }) {
    const view = useFieldView<string>(hint);
    const { field, id, describedBy, invalid } = view;
    return (
      <LabelledField view={view} label={label} required={required} hint={hint}>
        <Input
          ref={inputRef}
          id={id}
          className="field__input"
          name={field.name}
          value={field.state.value ?? ''}
          disabled={disabled}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onValueChange={(value) => {
            if (value !== (field.state.value ?? '')) field.handleChange(value);
          }}
          onBlur={field.handleBlur}
        />
      </LabelledField>
    );
  };
}

/** spec 1 §5: phone through the mask (999) 999-9999; the value is the masked text. */
const PhoneField = maskedField(PhoneInput);
/** spec 1 §5: date through the mask 99/99/9999; validate with lib/validators.ts. */
const DateField = maskedField(DateInput);

/** The checkbox toggle of spec 1 §2 as a boolean form field. */
function ToggleField({ label, disabled, hint }: Omit<CommonFieldProps, 'required'>) {
  const { field, messages, hintId, errorId, invalid } = useFieldView<boolean>();
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <CheckboxToggle
        label={label}
        name={field.name}
        checked={Boolean(field.state.value)}
        onCheckedChange={(checked) => field.handleChange(checked)}
        onBlur={field.handleBlur}
        disabled={disabled}
        description={hint}
        invalid={invalid}
        describedBy={errorId}
      />
      <FieldNotes hintId={hintId} messages={messages} errorId={errorId} />
    </div>
  );
}

interface DualListFieldProps extends CommonFieldProps {
  options: readonly DualListOption[];
  availableLabel?: string;
  selectedLabel?: string;
  filterPlaceholder?: string;
}

/** The two-list multi-select of spec 1 §2 as a string[] form field. */
function DualListField({ label, disabled, required, hint, options, availableLabel, selectedLabel, filterPlaceholder }: DualListFieldProps) {
  const { field, messages, hintId, errorId, describedBy, invalid } = useFieldView<string[]>(hint);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <DualListSelect
        label={label}
        options={options}
        value={field.state.value ?? []}
        onChange={(value) => field.handleChange(value)}
        onBlur={field.handleBlur}
        availableLabel={availableLabel}
        selectedLabel={selectedLabel}
        filterPlaceholder={filterPlaceholder}
        disabled={disabled}
        required={required}
        invalid={invalid}
        describedBy={describedBy}
      />
      <FieldNotes hint={hint} hintId={hintId} messages={messages} errorId={errorId} />
    </div>
  );
}

/** The one forms pattern (./form-core.tsx), with every field: the basic ones, the masked ones, the toggle and the two-list select. */
export const { useAppForm, withForm } = basicForm.extendForm({ fieldComponents: { PhoneField, DateField, ToggleField, DualListField } });

export { errorMessages, revalidateLogic, type FieldOption } from './form-core';
