import type { ButtonHTMLAttributes } from 'react';

/**
 * One rule for an action the user cannot take now (issue 34 §4): it stays where it is, disabled, and says why after
 * its label — a menu item (DropdownMenu's `disabledReason`) and a button (ActionButton) alike — rather than taking the
 * tap and answering with a dialog.
 */
export function DisabledReason({ reason }: { reason: string }) {
  return <span className="menu__reason"> ({reason})</span>;
}

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shown after the label while disabled, and part of the button's name ('Convert Ann Lee to a prospect (Needs a connection)'). */
  disabledReason?: string;
}

/** A button that, disabled with a reason, says it as a disabled menu item does. */
export function ActionButton({ disabled, disabledReason, children, 'aria-label': label, ...props }: ActionButtonProps) {
  const reason = disabled ? disabledReason : undefined;
  return (
    <button type="button" {...props} disabled={disabled} aria-label={label !== undefined && reason ? `${label} (${reason})` : label}>
      {children}
      {reason && <DisabledReason reason={reason} />}
    </button>
  );
}
