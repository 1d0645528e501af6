// The guest page's browser token: random, made once per browser and sent with each guest order. The server keeps
// only its keyed hash, so a creator who blocks a guest also refuses the next order from the browser their tips
// came from, before any payment. It names nobody and is not sent anywhere else.

/** Local storage key of the guest page's browser token. */
export const PAYER_TOKEN_STORAGE_KEY = 'shabaash.guestToken';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** 24 random bytes as base64url (32 characters). */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's token, made and kept on first use; undefined when storage is unavailable (private mode). */
export function guestPayerToken(): string | undefined {
  try {
    const kept = localStorage.getItem(PAYER_TOKEN_STORAGE_KEY);
    if (kept && TOKEN_PATTERN.test(kept)) return kept;
    const token = newToken();
    localStorage.setItem(PAYER_TOKEN_STORAGE_KEY, token);
    return token;
  } catch {
    return undefined;
  }
}
