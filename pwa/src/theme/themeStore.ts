import { THEME_STORAGE_KEY } from '@shabaash/shared/core';

export type Theme = 'light' | 'dark';

/**
 * The theme without React: read, apply, store, and listen. main.tsx uses it on static pages before (or without)
 * React; theme.ts's useTheme() subscribes to it.
 */
const listeners = new Set<() => void>();

/** The stored theme (light or dark, default light). */
export function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Applies a theme to <html data-theme> (the inline script in index.html does the same before first paint). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Stores and applies a theme, notifying every subscriber. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable (private mode): the theme still applies for this page
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The other theme than the stored one, stored and applied (the toggle's action). */
export function toggleTheme(): void {
  setTheme(readTheme() === 'dark' ? 'light' : 'dark');
}

/** Calls `listener` when the theme changes here or in another tab; returns the unsubscribe. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      applyTheme(readTheme());
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
