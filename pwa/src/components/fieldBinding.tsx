import type { ChangeEvent, Ref } from 'react';
import { localizeText } from '../i18n/errors.ts';
import { useT } from '../i18n/i18n.tsx';

/** How a form field is bound: a controlled value, or a prerendered field's props (usePrerenderedField). */
export type FieldBinding<E extends HTMLInputElement | HTMLTextAreaElement> =
  | { value: string; onChange: (event: ChangeEvent<E>) => void }
  | { ref: Ref<E>; defaultValue: string; onChange: (event: ChangeEvent<E>) => void };

/** A field's error line (`${id}-error`, for aria-describedby), announced by screen readers, in the chosen language. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  useT();
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="form-status form-status-error" role="alert">
      {localizeText(error)}
    </p>
  );
}

/** A controlled field's binding over a state value and its setter. */
export function bindText<E extends HTMLInputElement | HTMLTextAreaElement = HTMLInputElement>(
  value: string,
  set: (next: string) => void,
): { value: string; onChange: (event: ChangeEvent<E>) => void } {
  return { value, onChange: (event) => set(event.target.value) };
}
