import { createHmac } from 'node:crypto';

// A guest tipper has no account. What identifies them is what their payment carried (the UPI VPA, the contact
// number given at checkout) and the browser token the guest page keeps. Each is kept only as a keyed hash
// (HMAC-SHA-256 under PAYER_HASH_SECRET), so a blocked guest can be recognised but never read back; the creator
// sees a masked label.

/** What a captured payment says about its payer (Razorpay's payment entity: `vpa`, `contact`). */
export interface PayerDetails {
  vpa?: string | null;
  contact?: string | null;
}

type PayerKind = 'vpa' | 'contact' | 'token';

/** The keyed hash of one payer identifier, prefixed by its kind so a VPA never equals a contact's hash. */
function payerHash(secret: string, kind: PayerKind, value: string): string {
  return `${kind}:${createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex')}`;
}

/** A VPA as one payer writes it in any case: `Ravi@OkAxis ` → `ravi@okaxis`; null when it is not one. */
function normalVpa(vpa: string | null | undefined): string | null {
  const value = vpa?.trim().toLowerCase() ?? '';
  return /^[a-z0-9._-]{2,256}@[a-z0-9.-]{2,64}$/.test(value) ? value : null;
}

/** The last 10 digits of a contact (`+91 98765-43210` → `9876543210`); null with fewer than 10. */
function normalContact(contact: string | null | undefined): string | null {
  const digits = contact?.replace(/\D/g, '') ?? '';
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** The keyed hash of a guest page's browser token (kept on the order; the token itself is never stored). */
export function payerTokenHash(secret: string, token: string): string {
  return payerHash(secret, 'token', token);
}

/**
 * The payer key a guest payment's contact has when it is this account's phone (a banned viewer's number is kept
 * only this way, so their guest payments can be recognised and refused).
 */
export function phonePayerKey(secret: string, phone10: string): string | null {
  const contact = normalContact(phone10);
  return contact ? payerHash(secret, 'contact', contact) : null;
}

/** Every key a captured guest payment is known by: its VPA, its contact, and the order's browser token hash. */
export function payerKeys(secret: string, payer: PayerDetails, tokenHash: string | null): string[] {
  const vpa = normalVpa(payer.vpa);
  const contact = normalContact(payer.contact);
  const keys: string[] = [];
  if (vpa) keys.push(payerHash(secret, 'vpa', vpa));
  if (contact) keys.push(payerHash(secret, 'contact', contact));
  if (tokenHash) keys.push(tokenHash);
  return keys;
}

/** The creator's view of a guest payer, masked: `UPI ra•••@okaxis · ••••••3210` (empty when nothing is known). */
export function payerLabel(payer: PayerDetails): string {
  const vpa = normalVpa(payer.vpa);
  const contact = normalContact(payer.contact);
  const parts: string[] = [];
  if (vpa) {
    const [handle = '', provider = ''] = vpa.split('@');
    parts.push(`UPI ${handle.slice(0, 2)}•••@${provider}`);
  }
  if (contact) parts.push(`••••••${contact.slice(-4)}`);
  return parts.join(' · ');
}
