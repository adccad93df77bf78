import { useId } from 'react';

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The first choice, meaning no filter (value ''): 'All facilities'. Left out when every choice is a filter. */
  allLabel?: string;
}

/** One filter of a list's toolbar: a labelled select (in a `.list-filters` row). */
export function SelectFilter({ label, value, onChange, options, allLabel }: SelectFilterProps) {
  const id = useId();
  return (
    <div className="field list-filters__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
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
