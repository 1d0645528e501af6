import { z } from 'zod';
import { EARLIEST_DATE_OF_BIRTH, istDate, parseCalendarDate } from '../age.ts';
import { define } from '../endpointTools.ts';
import { MESSAGES } from '../messages.ts';
import { phoneSchema } from './common.ts';

// Age and parental consent: the date of birth asked at sign-up (or once before an older account's next payment),
// the minor's request for a parent's consent, the parent's page (OTP on the parent's phone) and the withdrawal.

/** A date of birth: a real calendar day, not after today in India, not before 1900. */
export const dateOfBirthSchema = z
  .string({ error: MESSAGES.dateOfBirthInvalid })
  .refine((v) => parseCalendarDate(v) !== null && v >= EARLIEST_DATE_OF_BIRTH && v <= istDate(new Date()), {
    error: MESSAGES.dateOfBirthInvalid,
  });

/** PUT /users/me/date-of-birth: an account made before the date of birth was asked gives it once. */
export const dateOfBirthInputSchema = z.object({ dateOfBirth: dateOfBirthSchema });

/** POST /consent/request: the minor names the parent's phone; a new link replaces any earlier one. */
export const consentRequestInputSchema = z.object({ parentPhone: phoneSchema });

/** POST /consent/link/:token/confirm: the parent's phone, proven by its OTP (the Firebase ID token). */
export const consentConfirmInputSchema = z.object({
  phone: phoneSchema,
  firebaseToken: z.string().min(1, { error: MESSAGES.requestOtpFirst }),
});

export const CONSENT_STATES = [
  'not_needed',
  'date_of_birth_missing',
  'not_asked',
  'pending',
  'given',
  'withdrawn',
] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** The signed-in viewer's own state: whether they may pay, and what is left of a minor's month. */
export const myConsentSchema = z.object({
  state: z.enum(CONSENT_STATES),
  /** The parent's phone as ••••••3210, once asked. */
  parentPhoneMasked: z.string().nullable(),
  givenAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** The monthly cap and what is left of it this calendar month (IST): tips, and top-ups; null when not capped. */
  monthlyCapPaise: z.number().int().nullable(),
  tipsLeftPaise: z.number().int().nullable(),
  topUpsLeftPaise: z.number().int().nullable(),
  /** Only in the answer to a request: the token of the link /consent/<token> the minor shares with the parent. */
  linkToken: z.string().optional(),
});
export type MyConsent = z.infer<typeof myConsentSchema>;

/** What the parent's page shows: whose consent, what is collected, what the child may spend. */
export const consentPageSchema = z.object({
  childName: z.string(),
  parentPhoneMasked: z.string(),
  monthlyCapPaise: z.number().int(),
  state: z.enum(['pending', 'given', 'withdrawn']),
});
export type ConsentPage = z.infer<typeof consentPageSchema>;

/** The parent's confirmation: the message and the token of the withdrawal link /consent/withdraw/<token>. */
export const consentGivenSchema = z.object({ message: z.string(), withdrawToken: z.string() });

export const consentEndpoints = define({
  setDateOfBirth: {
    input: dateOfBirthInputSchema,
    output: myConsentSchema,
  },
  myConsent: { output: myConsentSchema },
  requestConsent: {
    input: consentRequestInputSchema,
    output: myConsentSchema,
  },
  consentPage: { output: consentPageSchema },
  confirmConsent: {
    input: consentConfirmInputSchema,
    output: consentGivenSchema,
  },
  withdrawConsent: {
    output: z.object({ message: z.string() }),
  },
});
