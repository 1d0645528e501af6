import { useSyncExternalStore } from 'react';
import { readTheme, subscribeTheme, toggleTheme, type Theme } from './themeStore.ts';

export type { Theme };

/** The current theme plus a toggle that persists it in local storage (key shabaash.theme). */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeTheme, readTheme, () => 'light' as const);
  return { theme, toggleTheme };
}
