import { HANDLE_PATTERN } from '@shabaash/shared/core';

// The creator whose `?c=<handle>` link brought the viewer (landing, guest page, dashboard send-tip form). Framework-free:
// the guest page's static boot (screens/GuestTip/staticGuestTip.ts) uses it before React loads.

/** Local storage key of the creator handle from the last `?c=<handle>` link the visitor opened. */
export const REFERRING_CREATOR_STORAGE_KEY = 'shabaash.creator';

/** Normalises a handle as the API does (trimmed, lower case) or null when it is not a valid handle. */
export function normalizeHandle(value: string | null | undefined): string | null {
  const handle = (value ?? '').trim().toLowerCase();
  return HANDLE_PATTERN.test(handle) ? handle : null;
}

/** Remembers `handle` as the creator who brought this visitor (ignored when it is not a valid handle). */
export function rememberCreator(handle: string | null | undefined): void {
  const normalized = normalizeHandle(handle);
  if (!normalized) return;
  try {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, normalized);
  } catch {
    // storage unavailable (private mode): the default creator is used instead
  }
}

/** Remembers the `?c=<handle>` of a URL search string (landing and guest links); returns the handle or null. */
export function rememberCreatorFromSearch(search: string): string | null {
  const handle = normalizeHandle(new URLSearchParams(search).get('c'));
  if (handle) rememberCreator(handle);
  return handle;
}

/** The remembered referring creator's handle, or null. */
export function readRememberedCreator(): string | null {
  try {
    return normalizeHandle(localStorage.getItem(REFERRING_CREATOR_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Forgets `handle` as the referring creator (the API knows no such creator any more), unless another replaced it. */
export function forgetRememberedCreator(handle: string): void {
  try {
    if (readRememberedCreator() === handle) localStorage.removeItem(REFERRING_CREATOR_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was remembered
  }
}
