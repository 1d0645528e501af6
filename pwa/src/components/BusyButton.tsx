import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

type Props = {
  /** The action runs: the button is disabled (never sent twice) and says `busyLabel` when given. */
  busy: boolean;
  busyLabel?: ReactNode;
  variant?: Variant;
  className?: string;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled' | 'className' | 'children'>;

/** A button for one action (not a form's submit): disabled while its action runs, saying so when it has words for it. */
export function BusyButton({ busy, busyLabel, variant = 'secondary', className, children, ...rest }: Props) {
  return (
    <button
      type="button"
      className={`button button-${variant}${className ? ` ${className}` : ''}`}
      disabled={busy}
      {...rest}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
