/** Business constants and limits, with their units in the name. */
export const LIMITS = {
  otpLength: 6,
  passwordMinLength: 6,
  profilePicMaxBytes: 1_000_000,
  /** An uploaded tier sound (MP3 or OGG): at most this many bytes, and this many kept per creator. */
  tierSoundMaxBytes: 300_000,
  tierSoundsPerCreator: 10,
  tipMinRupees: 1,
  topUpMinRupees: 1,
  /** The largest tip or top-up (what Razorpay accepts for UPI); the server's MAX_AMOUNT_RUPEES may lower it. */
  amountMaxRupees: 100_000,
  guestNameMaxLength: 80,
  messageMaxLength: 280,
  leadPhoneInputMaxLength: 14,
  walletActivityShown: 10,
  recentTipsKept: 10,
  chatControlMaxTips: 200,
  /** Moderators and pending invitations one creator may have at a time. */
  moderatorsPerCreator: 20,
  chatSearchDebounceMs: 300,
  toastClearMs: 4000,
  highlightMs: 1500,
  copyConfirmMs: 2000,
  balanceRefreshAfterPaymentMs: 4000,
  forgotPasswordRedirectMs: 1500,
  chatAutoClearMs: 24 * 60 * 60 * 1000,
  /** Starter: 0% platform fee on a creator's first ₹25,000 of lifetime gross tips. */
  starterFreeTierPaise: 25_000 * 100,
  /** Pro: a flat 2.9% (290 basis points) above the free tier. */
  proFeeBasisPoints: 290,
} as const;

export const OVERLAY_DEFAULTS = {
  overlayTheme: 'classic',
  color: '#ff5c5c',
  font: 'Poppins',
  fontStack: 'Poppins, Inter, sans-serif',
  sound: 'default',
  background: '#00ff00',
  recommendedResolution: '1920x1080',
  previewHeightPx: 320,
} as const;

export const CHECKOUT = {
  themeColor: '#38bdf8',
  title: 'Shabaash Superchat',
  description: 'Support the creator with a superchat',
  currency: 'INR',
} as const;

export const THEME_STORAGE_KEY = 'shabaash.theme';
/** The languages of the product: English (the source, SPEC's texts) and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The stored language choice: a local-storage key, mirrored in a cookie of the same name for the static pages. */
export const LANGUAGE_STORAGE_KEY = 'shabaash.lang';
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';
