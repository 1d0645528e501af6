/**
 * The shared zod schemas' validation messages (every validation message in the chosen language). The
 * API answers with them and the PWA validates with them; the PWA's catalogues hold each one as
 * `validation.<name>` (English identical, checked by a test) and show the Hindi text for the English one.
 * A value inside a message is a `{name}` placeholder, filled with `fillMessage`.
 */
export const VALIDATION_MESSAGES = {
  /** A missing field, by its path in the request ("amount"), as the API's validate() words it. */
  fieldRequired: '{field} is required.',
  /** A request no schema message explains (an issue without a message). */
  invalidRequest: 'Invalid request.',
  // amounts
  minAmount: 'Minimum amount is ₹{min}.',
  maxAmount: 'Maximum amount is ₹{max}.',
  twoDecimals: 'Amounts can have at most two decimals (paise).',
  zeroOrMore: 'Enter an amount of zero or more.',
  // text fields
  messageTooLong: 'Message must be {max} characters or fewer.',
  nameTooLong: 'Name must be {max} characters or fewer.',
  handle: 'Handles are 3–30 characters: letters, numbers, - and _.',
  hexColour: 'Colour must be a hex value such as #ff5c5c.',
  // account
  nameRequired: 'Name is required.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least {min} characters.',
  email: 'Enter a valid email address.',
  confirmDelete: 'Confirm that you want to delete your account.',
  displayNameRequired: 'Display name is required.',
  // the show: tiers and text-to-speech (Overlay Studio)
  tierSecondsWhole: 'Enter the seconds on screen as a whole number.',
  tierSecondsMin: 'A tier must stay on screen at least 1 second.',
  tierSecondsMax: 'A tier can stay on screen at most {max} seconds.',
  maxTiers: 'You can set at most {max} tiers above the base tier.',
  firstTierZero: 'The first tier must start at ₹0.',
  timerTierAmountsDistinct: 'Each tier of the timer needs its own amount.',
  tiersAscending: 'Tier minimums must go up from one tier to the next.',
  ttsCharsWhole: 'Enter the characters to read as a whole number.',
  ttsCharsMin: 'Read at least {min} characters.',
  ttsCharsMax: 'Read at most {max} characters.',
  volume: 'Volume goes from 0 to 100.',
  // widgets
  goalTitleTooLong: 'Keep the goal title to {max} characters.',
  goalAmount: 'Enter the goal amount in rupees.',
  goalWholeRupees: 'Enter the goal in whole rupees.',
  goalMin: 'The goal must be at least ₹1.',
  goalTooLarge: 'That goal is too large.',
  captionTooLong: 'Keep the caption to {max} characters.',
  // stream safety
  blockedTermTooLong: 'Blocked words can be at most {max} characters.',
  tooManyBlockedTerms: 'You can block at most {max} words and phrases.',
  maxMessageLength: 'Maximum message length is {max} characters.',
  blockOneOf: 'Send exactly one of userId, phone or tipId.',
  safetyEmpty: 'Send at least one safety setting to change.',
  // API tokens and webhooks
  tokenName: 'Give the token a name.',
  tokenNameTooLong: 'Token names must be 60 characters or fewer.',
  tokenScopes: 'Choose at least one scope.',
  webhookUrl: 'Enter the URL of your endpoint.',
  webhookUrlTooLong: 'That URL is too long.',
  webhookUrlHttps: 'Enter a full https:// URL.',
  /** `reason` is the address check's technical words ("it is a loopback address"), kept as they are. */
  webhookUrlRefused: 'That URL is not allowed: {reason}.',
  webhookEvents: 'Choose at least one event.',
  // payouts and top-ups
  statementMonth: 'Choose a month (YYYY-MM).',
  topUpCap: 'You can add at most {amount} at a time.',
  // operator console
  reconDay: 'Give the day as YYYY-MM-DD.',
  searchTooShort: 'Type at least {min} characters to search.',
  reasonTooShort: 'Give a reason of at least {min} characters.',
  reasonTooLong: 'Keep the reason under {max} characters.',
  noteTooShort: 'Write what was done, in at least {min} characters.',
  noteTooLong: 'Keep the note under {max} characters.',
  detailsTooLong: 'Keep the details under {max} characters.',
} as const;

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** A message with its `{name}` placeholders filled: fillMessage('Read at most {max} characters.', { max: 500 }). */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
