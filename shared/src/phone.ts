import { MESSAGES } from './messages.ts';

export const PHONE_DIGITS = 10;
export const PHONE_COUNTRY_PREFIX = '+91';

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

/**
 * The phone rule: strip non-digits; fewer than 10 digits is invalid; keep the last 10.
 * "+91 98765-43210" → "9876543210"; "0098765432101" → "8765432101".
 */
export function normalizePhone(input: string): PhoneResult {
  const digits = input.replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS) return { ok: false, message: MESSAGES.invalidPhone };
  return { ok: true, phone: digits.slice(-PHONE_DIGITS) };
}

/** The number as the OTP provider wants it: +91 and the last 10 digits. */
export function toE164(phone10: string): string {
  return `${PHONE_COUNTRY_PREFIX}${phone10}`;
}

/**
 * Masks a phone for anyone but its owner (DPDP Act: creators see tippers' numbers only this way):
 * "9876500002" → "••••••0002".
 */
export function maskPhone(phone10: string): string {
  if (phone10.length < 8) return '••••••';
  return `••••••${phone10.slice(-4)}`;
}
