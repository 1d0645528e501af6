import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface PrerenderedField {
  /** What the field holds now (kept in React state for counters, checks and submit). */
  value: string;
  /** Replaces the value in both the DOM and state (e.g. clearing the form after success). */
  set(next: string): void;
  /** Spread onto the <input> or <textarea>. */
  inputProps: {
    ref: (element: FieldElement | null) => void;
    defaultValue: string;
    onChange: (event: ChangeEvent<FieldElement>) => void;
  };
}

/**
 * A text field of a prerendered form (login, guest tip, lead form). A controlled input would be reset to its
 * initial value when React hydrates the page, wiping whatever a visitor on a slow phone typed into the
 * prerendered HTML first. This field is uncontrolled in the DOM (React never overwrites what was typed) and mirrors
 * its value into state; on mount it adopts anything typed before hydration.
 */
export function usePrerenderedField(initial = ''): PrerenderedField {
  const element = useRef<FieldElement | null>(null);
  const [value, setValue] = useState(initial);

  useLayoutEffect(() => {
    const typed = element.current?.value;
    if (typed !== undefined && typed !== initial) setValue(typed);
    // Right after hydration; later edits arrive through onChange.
  }, [initial]);

  const set = useCallback((next: string) => {
    if (element.current) element.current.value = next;
    setValue(next);
  }, []);
  const ref = useCallback((el: FieldElement | null) => {
    element.current = el;
  }, []);
  const onChange = useCallback((event: ChangeEvent<FieldElement>) => setValue(event.target.value), []);

  return { value, set, inputProps: { ref, defaultValue: initial, onChange } };
}
