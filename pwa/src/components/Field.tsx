import type { ReactNode } from 'react';
import { localizeText } from '../i18n/errors.ts';
import { useT } from '../i18n/i18n.tsx';
import './Field.css';

/**
 * A labelled form field around any control(s): `div.field` with the label (for `id`), the control(s), then an
 * error line `${id}-error` (for the control's aria-describedby), in the chosen language (a shared schema's English
 * message shows its catalogue text). A plain labelled input is a TextField.
 */
export function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Classes added after `field`. */
  className?: string;
  children: ReactNode;
}) {
  useT();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="form-status form-status-error field-status" id={`${id}-error`}>
          {localizeText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A Field holding a select of `options` (value and shown label). */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange(value: V): void;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
