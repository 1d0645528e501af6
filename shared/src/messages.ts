/** Every user-facing message of SPEC §5 and §8, word for word. Screens and the API both use these. */
export const MESSAGES = {
  // §5 validation
  invalidPhone: 'Enter a valid 10 digit phone number.',
  requestOtpFirst: 'Request a new OTP before verifying.',
  invalidAmount: 'Enter a valid amount greater than zero.',
  profilePicType: 'Please upload a PNG, JPG, or WebP image.',
  profilePicSize: 'Profile picture must be 1MB or smaller.',
  profilePicRead: 'Failed to read file. Try another image.',
  invalidLeadPhone: 'Enter a valid 10-digit mobile number.',
  // §8 fallbacks
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpVerifyFailed: 'OTP verification failed',
  loginFailed: 'Login failed',
  resetFailed: 'Failed to reset password. Please try again.',
  tipSendFailed: 'Failed to send tip',
  orderCreateFailed: 'Failed to create order',
  profilePicUpdateFailed: 'Failed to update profile picture.',
  settingsSaveFailed: 'Failed to save settings',
  chatsLoadFailed: 'Failed to load chats',
  pushLiveFailed: 'Failed to push live',
  chatDeleteFailed: 'Failed to delete chat',
  leadFailed: 'Unable to capture your details right now. Please try again.',
  guestCheckoutFailed: 'Unable to create guest checkout.',
  // §8 other
  recaptchaUnavailable: 'reCAPTCHA is not available.',
  sdkLoadFailed: 'Failed to load the payment provider SDK. Check your network connection.',
  checkoutLoadFailed: 'Unable to load checkout. Check your network and try again.',
  checkoutUnsupported: 'Checkout unavailable in this browser.',
  sdkMissing: 'SDK not available in window.',
  paymentFailed: 'Payment failed. Please try again.',
  overlayLinkCopyFailed: 'Unable to copy overlay link. Copy it manually from the overlay studio.',
  clipboardDenied: 'Clipboard permissions denied. Please copy manually.',
  clipboardFailed: 'Unable to copy to clipboard. Please copy manually.',
  // §8 success
  otpSent: 'OTP sent to your phone.',
  otpVerified: 'OTP verified successfully!',
  tipSent: 'Tip sent successfully!',
  profilePicUpdated: 'Profile picture updated.',
  settingsSaved: 'Overlay settings saved',
  chatDeleted: 'Chat deleted',
  superchatCopied: 'Superchat copied to clipboard',
  guestLinkCopied: 'Guest tipping link copied',
  overlayLinkCopied: 'Overlay link copied',
  passwordReset: 'Password reset successfully. Redirecting to login...',
  leadCaptured: 'Thanks! We will text you when new creator drops go live.',
  pushedLive: 'Superchat pushed live',
  // §4 payment states
  topUpSuccess: 'Payment successful. Your wallet will update once the payment is confirmed by the webhook.',
  guestPaymentReceived: 'Payment received! Your message will display on stream shortly after verification.',
  guestInitialStatus: 'Complete the payment and your message will appear on the live overlay.',
  // §8 empty states
  noRecentTips: 'No tips yet. Be the first to send a message of support!',
  noTransactions: 'No transactions yet. Add funds or send tips to see activity.',
  noCreatorTips: 'No tips yet. Share your overlay link to start receiving support.',
  // Server-side messages of ours (the spec shows server messages as-is)
  insufficientBalance: 'Insufficient wallet balance. Add money to send this tip.',
  phoneTaken: 'An account with this phone number already exists. Log in instead.',
  invalidCredentials: 'Incorrect phone number or password.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbiddenCreator: 'Only creators can do this.',
  forbiddenOperator: 'Only operators can do this.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  phoneTokenMismatch: 'The verified phone number does not match the phone you entered.',
  invalidPhoneToken: 'Phone verification failed. Request a new OTP and try again.',
  jsonOnly: 'Send the request body as JSON (Content-Type: application/json).',
  accountDeleted:
    'Your account was deleted. Your personal data is erased; payment records stay as the law requires.',
  phoneTokenUsed: 'This OTP was already used. Request a new OTP and try again.',
  ownChannelTip: 'You cannot tip your own channel.',
  creatorNotFound: 'We could not find that creator.',
  handleTaken: 'That handle is taken. Try another one.',
  alreadyCreator: 'You are already a creator.',
  phoneNotRegistered: 'No account uses this phone number.',
  loggedOut: 'Logged out',
  creatorDeleted: 'This creator deleted their account and no longer accepts tips.',
  paymentRefundedPayeeDeleted:
    'The account this payment was for was deleted before the payment arrived, so it is being refunded in full.',
  creatorSuspended: 'This creator is not accepting tips right now.',
  accountRestricted: 'This account cannot be used right now. Please contact support.',
  creatorAccountSuspended:
    'Your creator account is suspended: you cannot receive tips for now and payouts are on hold. Please contact support.',
  reportSent: 'Thanks. Our team will look at your report.',
  cannotBanOperator: 'Operators cannot be banned.',
  cannotBanCreator: 'Creators are suspended, not banned: suspend their creator account instead.',
  notACreator: 'This user is not a creator.',
  alreadySuspended: 'This creator is already suspended.',
  notSuspended: 'This creator is not suspended.',
  alreadyBanned: 'This user is already banned.',
  notBanned: 'This user is not banned.',
  reportAlreadyClosed: 'This report is already closed.',
  cannotReportYourself: 'You cannot report yourself.',
  tooManyOpenOrders:
    'You have several payments that are not finished yet. Complete one, or try again in 30 minutes.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Stream-safety messages (issue 9): shown by the API and the screens alike; none ever repeats a blocked word. */
export const SAFETY_MESSAGES = {
  blockedMessage:
    "This message can't be sent: it contains words this creator has blocked. Please edit it and try again.",
  blockedSender: 'This creator is not accepting superchats from your account right now.',
  blockedName:
    "This name can't be used: it contains words this creator has blocked. Please choose another name.",
  blockedDisplayName:
    "This name can't be used: it contains words that are not allowed on Shabaash. Please choose another name.",
  blockedGuest: 'This creator is not accepting superchats from you right now.',
  /** `amount` is formatted with formatPaise, e.g. "₹10.00". */
  minimumTip: (amount: string) => `The minimum superchat for this creator is ${amount}.`,
  messageTooLong: (max: number) => `Messages to this creator can be at most ${max} characters.`,
  settingsSaved: 'Safety settings saved',
  senderBlocked: 'Sender blocked',
  senderUnblocked: 'Sender unblocked',
  nothingToBlock: 'This superchat has no account or phone number to block.',
  cannotBlockSelf: 'You cannot block your own account.',
} as const;
