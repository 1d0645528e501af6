// The payout texts without zod: the PWA's error translation (src/i18n/errors.ts) reads them on every page, and
// payouts.ts's schemas would pull zod into the app's first chunk.
import { VALIDATION_MESSAGES } from './validationMessages.ts';

/** Validation messages of the payout onboarding form (the API answers with the same words). */
export const PAYOUT_MESSAGES = {
  pan: 'Enter a valid PAN: 5 letters, 4 digits, then 1 letter (for example ABCDE1234F).',
  ifsc: 'Enter a valid IFSC: 4 letters, a zero, then 6 letters or digits (for example HDFC0001234).',
  accountNumber: 'Enter your bank account number: 9 to 18 digits, no spaces.',
  accountNumberMismatch: 'The account numbers do not match.',
  legalName: 'Enter your legal name as on your PAN (2 to 120 characters).',
  beneficiaryName: 'Enter the account holder name as the bank has it (2 to 120 characters).',
  email: VALIDATION_MESSAGES.email,
  postalCode: 'Enter a 6-digit PIN code.',
  address: 'Enter your address.',
  notOnboarded: 'Set up payouts first.',
  alreadyActive: 'Your payout account is already active.',
  /** Razorpay refused the email or phone of a new payout account (for example, another account uses it). */
  contactRefused:
    'This email or phone number cannot be used for a payout account. Please use another email address of your own.',
} as const;
