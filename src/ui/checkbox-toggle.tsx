import { useId, type ReactNode, type Ref } from 'react';

export interface CheckboxToggleProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** A line under the label, read with it. */
  description?: ReactNode;
  id?: string;
  name?: string;
  invalid?: boolean;
  /** Ids of error messages or hints outside the toggle. */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The checkbox toggle of spec 1 §2 Shared UI: a native checkbox (so forms, Space and labels work as ever) shown and
 * announced as an on/off switch.
 */
export function CheckboxToggle({
  label,
  checked,
  onCheckedChange,
  onBlur,
  disabled,
  description,
  id,
  name,
  invalid,
  describedBy,
  ref,
}: CheckboxToggleProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const described = [descriptionId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`toggle${disabled ? ' toggle--disabled' : ''}`}>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="checkbox"
        role="switch"
        className="toggle__input"
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        onChange={(event) => onCheckedChange(event.target.checked)}
        onBlur={onBlur}
      />
      <label className="toggle__label" htmlFor={inputId}>
        <span className="toggle__track" aria-hidden="true">
          <span className="toggle__thumb" />
        </span>
        <span className="toggle__text">{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className="toggle__description">
          {description}
        </p>
      )}
    </div>
  );
}
