import { useId } from 'react';

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The first choice, meaning no filter (value ''): 'All facilities'. Left out when every choice is a filter. */
  allLabel?: string;
  /** A toolbar's own field layout (as SortControls'), in place of the `.list-filters` row's field; it styles the label. */
  fieldClassName?: string;
}

/** One filter of a list's toolbar: a labelled select (in a `.list-filters` row, or a toolbar with its own fields). */
export function SelectFilter({ label, value, onChange, options, allLabel, fieldClassName }: SelectFilterProps) {
  const id = useId();
  return (
    <div className={fieldClassName ?? 'field list-filters__field'}>
      <label className={fieldClassName ? undefined : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={fieldClassName ? 'field__input field__select' : 'field__input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
