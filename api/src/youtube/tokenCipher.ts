import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (YouTube refresh tokens). The sealed form is one buffer:
 * version (1 byte) | IV (12) | tag (16) | ciphertext. `context` (the owner's id) is authenticated data, so a
 * sealed token copied onto another row does not open.
 */

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts `plaintext` for `context` with a fresh random IV. */
export function sealSecret(key: Buffer, plaintext: string, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

/** Decrypts what sealSecret made for the same `context`; throws when the key, context or bytes differ. */
export function openSecret(key: Buffer, sealed: Buffer, context: string): string {
  if (sealed[0] !== VERSION) throw new Error('unknown sealed-secret version');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
