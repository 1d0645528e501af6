/**
 * Refusals and texts the API composes for the screens, from the account's state or provider and delivery facts
 *, zod-free. The API
 * stores and answers them in English; the PWA's catalogues hold each as `status.<name>` (English identical, checked by
 * a test) and show the Hindi text for the English one. A value inside is a `{name}` placeholder (fill with
 * `fillMessage` of validationMessages.ts).
 */
export const STATUS_TEXTS = {
  // outgoing webhooks: an endpoint switched off after failing in a row
  webhookDisabled:
    'Disabled after {count} failed deliveries in a row (last: {last}). Fix the endpoint, then enable it again.',
  // creator payouts: a Route transfer that failed without Razorpay's description
  transferFailed: 'The transfer failed.',
  // creator payouts: what Razorpay asks to change on a linked account (needs_clarification), per reason code
  clarifyNameMismatch: '{field} does not match the name on your PAN.',
  clarifyMissing: '{field} is missing.',
  clarifyInvalid: '{field} is not valid.',
  clarifyOther: '{field} needs attention ({code}).',
  // account deletion refused: the wallet balance changed since the person confirmed it
  balanceAtDeletion:
    'Your wallet still holds {amount}. After deletion it can no longer be spent; it stays in our records and is ' +
    'refunded to your original payment method if you write to {contact} within 180 days. Confirm this balance to ' +
    'delete your account.',
  // refusals of a creator's own limits and states
  tooManyApiTokens: 'You can hold at most {max} API tokens. Revoke one first.',
  tooManyWebhooks: 'You can register at most {max} webhook endpoints.',
  webhookSendsLimited:
    'Too many test events and re-sends: at most {perEndpoint} a minute to one endpoint and {perCreator} to all of yours. Please wait a minute and try again.',
  payoutsOff: 'Payouts are switched off on this server.',
  // Connect YouTube refusals
  youtubeOff: 'Connect YouTube is not set up on this server.',
  youtubeStateMismatch:
    'This YouTube sign-in was not started here or has expired. Tap Connect YouTube again.',
  youtubeRefused:
    'Google did not grant access to a YouTube channel. Tap Connect YouTube again and allow access.',
  youtubeChannelTaken: 'This YouTube channel is connected to another Shabaash account.',
  // The live-chat follower's states the Chat Loader shows (Shabaash tips are not affected)
  youtubeQuotaExhausted:
    "YouTube's daily limit for reading live chat is used up. Super Chats will appear again after it resets; Shabaash tips keep working.",
  youtubeRevoked:
    'YouTube access was removed. Connect YouTube again to see Super Chats; Shabaash tips keep working.',
  youtubeFailing: 'YouTube is not answering. Super Chats may arrive late; Shabaash tips keep working.',
  payoutUnderReview: 'Your payout account is already under review.',
  nothingToCorrect: 'Nothing to correct: your payout account is not waiting for changes.',
  // the fields Razorpay names in those requirements
  fieldAccountHolder: 'Account holder name',
  fieldAccountNumber: 'Bank account number',
  fieldIfsc: 'IFSC',
  fieldPan: 'PAN',
} as const;

/** Razorpay's `field_reference` of a linked account requirement → its label in STATUS_TEXTS. */
export const CLARIFICATION_FIELDS: Record<string, string> = {
  'settlements.beneficiary_name': STATUS_TEXTS.fieldAccountHolder,
  'settlements.account_number': STATUS_TEXTS.fieldAccountNumber,
  'settlements.ifsc_code': STATUS_TEXTS.fieldIfsc,
  'legal_info.pan': STATUS_TEXTS.fieldPan,
  'kyc.pan': STATUS_TEXTS.fieldPan,
};

/** Razorpay's `reason_code` of a requirement → its sentence in STATUS_TEXTS (others: clarifyOther). */
export const CLARIFICATION_REASONS: Record<string, string> = {
  document_name_mismatch: STATUS_TEXTS.clarifyNameMismatch,
  field_missing: STATUS_TEXTS.clarifyMissing,
  invalid_value: STATUS_TEXTS.clarifyInvalid,
};

/**
 * Razorpay's own failure descriptions that the PWA shows in Hindi too (payment.failed and transfer.failed errors,
 * word for word as Razorpay sends them; the sandbox simulator sends these). Any other description is shown as
 * Razorpay's English words, marked `lang="en"`.
 */
export const PROVIDER_REASONS = {
  upiDeclined: 'Payment failed because the UPI app declined the request',
  cardDeclined: 'Payment failed because the card was declined by the issuing bank',
  bankDown: 'Beneficiary bank is down. Retry the transfer after some time.',
} as const;
