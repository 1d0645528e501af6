import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@shabaash/shared';

export const TOAST_CLEAR_MS = LIMITS.toastClearMs;

export interface Toast {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** One toast at a time that clears itself after 4 s (SPEC §2); a newer toast restarts the timer. */
export function useToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback((kind: Toast['kind'], text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setToast({ kind, text });
    timer.current = setTimeout(() => {
      timer.current = null;
      setToast(null);
    }, TOAST_CLEAR_MS);
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { toast, show };
}
