import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value that clears itself `ms` after it was last set: a toast, a "Copied" label, a highlighted row. Setting it
 * again restarts the wait; unmounting cancels it.
 */
export function useTransient<T>(ms: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setValue(null);
      }, ms);
    },
    [ms],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return [value, show];
}
