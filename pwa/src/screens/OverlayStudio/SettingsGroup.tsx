import type { ReactNode } from 'react';

/** A group of Overlay Studio settings under its legend; `disabled` locks it until the saved settings arrive. */
export function SettingsGroup({
  legend,
  disabled,
  children,
}: {
  legend: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="os-fieldset" disabled={disabled}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
