import type { ComponentProps, ReactNode } from 'react';

/**
 * A labelled input in a `.field`. `hint` shows under it (`${id}-hint`, named by aria-describedby unless the caller
 * names its own); `labelAside` stands at the end of the label's row (e.g. the "Forgot password?" link).
 */
export function TextField({
  id,
  label,
  hint,
  labelAside,
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; labelAside?: ReactNode } & Omit<
  ComponentProps<'input'>,
  'id'
>) {
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className="field">
      {labelAside ? (
        <div className="field-label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
