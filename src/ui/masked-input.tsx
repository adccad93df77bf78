import { useCallback, useEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { useIMask } from 'react-imask';

/** spec 1 §5: the phone and date masks as the spec writes them (9 = a digit). */
export const PHONE_MASK = '(999) 999-9999';
export const DATE_MASK = '99/99/9999';

type MaskOptions = Parameters<typeof useIMask>[0];

/** The same masks in imask's notation (0 = a digit); module constants because useIMask rebuilds on a new object. */
const PHONE_MASK_OPTIONS: MaskOptions = { mask: PHONE_MASK.replace(/9/g, '0') };
const DATE_MASK_OPTIONS: MaskOptions = { mask: DATE_MASK.replace(/9/g, '0') };

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The masked text, e.g. '(555) 123-4567'; a value set from outside is masked as it is shown. */
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

function MaskedInput({ options, value, onValueChange, ref, ...inputProps }: MaskedInputProps & { options: MaskOptions }) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const onValueChangeRef = useRef(onValueChange);
  onValueChangeRef.current = onValueChange;
  const onAccept = useCallback((accepted: string) => onValueChangeRef.current(accepted), []);
  const { maskRef } = useIMask<HTMLInputElement>(options, { ref: inputRef, onAccept });

  // Written to the mask itself: the hook's own value state can miss a change back to an earlier value.
  useEffect(() => {
    const mask = maskRef.current;
    if (mask && mask.value !== value) mask.value = value;
  }, [value, maskRef]);

  return (
    <input
      {...inputProps}
      ref={(element) => {
        inputRef.current = element;
        assignRef(ref, element);
      }}
      type="text"
    />
  );
}

/** spec 1 §5: a phone number typed through the mask (999) 999-9999. */
export function PhoneInput(props: MaskedInputProps) {
  return <MaskedInput inputMode="tel" autoComplete="tel-national" placeholder={PHONE_MASK} {...props} options={PHONE_MASK_OPTIONS} />;
}

/** spec 1 §5: a date typed through the mask 99/99/9999 (MM/DD/YYYY); pair it with the validators of lib/validators.ts. */
export function DateInput(props: MaskedInputProps) {
  return <MaskedInput inputMode="numeric" autoComplete="off" placeholder="MM/DD/YYYY" {...props} options={DATE_MASK_OPTIONS} />;
}
