import { useCallback } from 'react';
import { LIMITS } from '@shabaash/shared';
import { useTransient } from '../../hooks/useTransient.ts';

export const TOAST_CLEAR_MS = LIMITS.toastClearMs;

export interface Toast {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** One toast at a time that clears itself after 4 s; a newer toast restarts the timer. */
export function useToast() {
  const [toast, setToast] = useTransient<Toast>(TOAST_CLEAR_MS);
  const show = useCallback((kind: Toast['kind'], text: string) => setToast({ kind, text }), [setToast]);
  return { toast, show };
}
