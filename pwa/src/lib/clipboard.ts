import { MESSAGES } from '@shabaash/shared';

export type CopyResult = { ok: true } | { ok: false; message: string };

/**
 * Copies text with the async Clipboard API. A permission refusal answers the spec's "Clipboard permissions
 * denied…", any other failure (or no clipboard at all) "Unable to copy to clipboard…".
 */
export async function copyText(text: string): Promise<CopyResult> {
  try {
    if (!navigator.clipboard?.writeText) return { ok: false, message: MESSAGES.clipboardFailed };
    await navigator.clipboard.writeText(text);
    return { ok: true };
  } catch (error) {
    const denied =
      error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
    return { ok: false, message: denied ? MESSAGES.clipboardDenied : MESSAGES.clipboardFailed };
  }
}
