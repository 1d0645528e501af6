import { z } from 'zod';
import { HANDLE_PATTERN } from '../core.ts';
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { normalizePhone } from '../phone.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';

/** Building blocks every domain's schemas use: phones, rupee amounts, handles, roles, tip statuses, colours. */

/** A phone as people type it ("+91 98765-43210"), normalised to its last 10 digits. */
export const phoneSchema = z.string({ error: MESSAGES.invalidPhone }).transform((value, ctx) => {
  const result = normalizePhone(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.phone;
});

/** "Maximum amount is ₹1,00,000." */
export const maxAmountMessage = (maxRupees: number) =>
  fillMessage(VALIDATION_MESSAGES.maxAmount, { max: maxRupees.toLocaleString('en-IN') });

/**
 * A rupee amount as sent on the wire: finite, at least `min`, at most `max` (₹1,00,000 by default, so paise
 * stay far inside exact integers), whole paise.
 */
export function rupeeAmountSchema(min: number, max: number = LIMITS.amountMaxRupees) {
  return z
    .number({ error: MESSAGES.invalidAmount })
    .refine((n) => Number.isFinite(n) && n > 0, { error: MESSAGES.invalidAmount })
    .refine((n) => n >= min, { error: fillMessage(VALIDATION_MESSAGES.minAmount, { min }) })
    .refine((n) => n <= max, { error: maxAmountMessage(max) })
    .refine(hasAtMostTwoDecimals, { error: VALIDATION_MESSAGES.twoDecimals });
}

/** An optional free-text field, trimmed, at most `max` characters, empty when absent. */
export const optionalTrimmed = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: fillMessage(tooLong, { max }) })
    .optional()
    .default('');

export const handleSchema = z.string().trim().toLowerCase().regex(HANDLE_PATTERN, {
  error: VALIDATION_MESSAGES.handle,
});

/** `operator` runs the deployment (/ops); made only by `npm run operator:add`, never by sign-up. */
export const roleSchema = z.enum(['viewer', 'creator', 'operator']);
export type Role = z.infer<typeof roleSchema>;

export const tipStatusSchema = z.enum(['unread', 'read', 'ignore']);
export type TipStatus = z.infer<typeof tipStatusSchema>;

export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: VALIDATION_MESSAGES.hexColour });
