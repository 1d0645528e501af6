import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';
import { phoneSchema, roleSchema } from './common.ts';
import { dateOfBirthSchema } from './consent.ts';

/** Accounts: the user DTO, sign-up, sign-in, password reset, profile picture, leads, account deletion and export. */

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  role: roleSchema,
  profilePic: z.string().nullable(),
  creator: z
    .object({
      handle: z.string(),
      displayName: z.string(),
      /** Present (true) while an operator has suspended the creator account. */
      suspended: z.literal(true).optional(),
    })
    .nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** A phone proven by its OTP (the Firebase ID token) and the new password to set for it. */
const phonePasswordSchema = z.object({
  phone: phoneSchema,
  password: z
    .string()
    .min(LIMITS.passwordMinLength, {
      error: fillMessage(VALIDATION_MESSAGES.passwordTooShort, { min: LIMITS.passwordMinLength }),
    })
    .max(200),
  firebaseToken: z.string().min(1, { error: MESSAGES.requestOtpFirst }),
});

export const registerInputSchema = z.object({
  name: z.string().trim().min(1, { error: VALIDATION_MESSAGES.nameRequired }).max(80),
  ...phonePasswordSchema.shape,
  /** `YYYY-MM-DD`; required by the server unless MINIMUM_AGE_WITHOUT_CONSENT is 0 (GET /config says which). */
  dateOfBirth: dateOfBirthSchema.optional(),
});

export const loginInputSchema = z.object({
  phone: phoneSchema,
  password: z.string().min(1, { error: VALIDATION_MESSAGES.passwordRequired }).max(200),
});

export const resetPasswordInputSchema = phonePasswordSchema;

export const profilePicInputSchema = z.object({
  profilePic: z.string().startsWith('data:', { error: MESSAGES.profilePicType }),
});

export const leadInputSchema = z.object({
  name: z.string().trim().max(80).optional(),
  email: z.email({ error: VALIDATION_MESSAGES.email }).trim().max(200).optional(),
  phone: z
    .string({ error: MESSAGES.invalidLeadPhone })
    .transform((s) => s.replace(/\D/g, ''))
    .refine((d) => d.length === 10, { error: MESSAGES.invalidLeadPhone }),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default(['landing', 'newsletter']),
});

/**
 * DELETE /users/me: the person confirms, and confirms the wallet balance they saw (in paise), so nobody
 * deletes an account without having been told what happens to their money.
 */
export const deleteAccountInputSchema = z.object({
  confirm: z.literal(true, { error: VALIDATION_MESSAGES.confirmDelete }),
  balancePaise: z.number().int().min(0),
});

/** GET /users/me/export: everything held about the caller (their own phone in full; tippers' masked). */
export const dataExportSchema = z.looseObject({
  exportedAt: z.string(),
  profile: z.looseObject({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
  wallet: z.looseObject({ balancePaise: z.number().int(), ledger: z.array(z.unknown()) }),
  tipsSent: z.array(z.unknown()),
  tipsReceived: z.array(z.unknown()),
});
