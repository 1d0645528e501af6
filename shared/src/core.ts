// The zod-free core of the contract: plain constants and types that small bundles (the OBS overlay, public pages,
// the first-paint GET table) and the mocks import as `@shabaash/shared/core` without pulling zod in (zod's eval
// probe trips the overlay's Content Security Policy, and it would weigh on first paint). The package barrel
// re-exports all of it, so server code may keep importing `@shabaash/shared`.
import { LIMITS } from './limits.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';
import type { EndpointName } from './endpoints.ts';

// The endpoint table (method, path, auth, summary of every endpoint) and the URLs built from it.
export * from './endpoints.ts';
export * from './limits.ts';
export * from './money.ts';
// "I'll cover the fees": the platform fee and the gross-up of a tip (guest and tip forms, the server's orders).
export * from './coverFees.ts';
export * from './wsProtocol.ts';
// The OBS widgets' settings, texts and links.
export * from './widgets.ts';
// The subathon timer's settings, texts and arithmetic (the timer widget's bundle uses them).
export * from './timer.ts';
// The show's tiers and TTS defaults, for the overlay.
export * from './tiers.ts';

/** The closed set of error codes; each maps to one HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The thing existed and was deleted for good (a deleted creator's handle). */
  GONE: 410,
  /** The creator is suspended by an operator: no tips or orders for now (a neutral refusal). */
  CREATOR_SUSPENDED: 403,
  /** This deployment keeps no stored balance (WALLET_MODE=off): the wallet's routes do not exist here. */
  WALLET_OFF: 404,
  /** The viewer must give their date of birth before paying (an account made before it was asked). */
  DATE_OF_BIRTH_REQUIRED: 403,
  /** A minor without a parent's consent (never given, or withdrawn) cannot pay. */
  PARENTAL_CONSENT_REQUIRED: 403,
  /** A minor's payment above what is left of this calendar month's cap (IST). */
  MINOR_MONTHLY_CAP: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A creator handle as stored (after trim and lower-casing): 3–30 of a-z 0-9 - _, not starting or ending with - or _. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{1,28}[a-z0-9])$/;

/** The version space of a creator's chats. */
export const creatorSpace = (creatorId: string) => `creator:${creatorId}`;
/** The version space of a user's wallet. */
export const walletSpace = (userId: string) => `wallet:${userId}`;
/** The version space of a creator's payouts (balances, transfers, onboarding): only the creator reads it. */
export const payoutsSpace = (creatorId: string) => `payouts:${creatorId}`;

/** The review modes a creator can pick (SPEC: every message queued, or trusted senders above a floor go live). */
export const REVIEW_MODES = ['queue_all', 'auto_live_trusted'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** The safety settings a creator has before saving any (SPEC: ₹1 floor, 280 characters, every message queued). */
export const DEFAULT_SAFETY = {
  blockedTerms: [] as readonly string[],
  builtinEnabled: true,
  minTipPaise: rupeesToPaise(LIMITS.tipMinRupees),
  minTipAmount: paiseToRupees(rupeesToPaise(LIMITS.tipMinRupees)),
  maxMessageLength: LIMITS.messageMaxLength,
  reviewMode: 'queue_all' as ReviewMode,
  autoLiveMinPaise: 0,
  autoLiveMinAmount: 0,
  updatedAt: null,
} as const;

/**
 * The reads the PWA's client sends without loading the zod contract in production (first paint and the small
 * bundles): their method and path come from the endpoint table alone.
 */
export const FIRST_PAINT_READS = [
  'health',
  'config',
  'me',
  'recentTips',
  'displayTips',
  'balance',
  'transactions',
  'orderStatus',
  'analytics',
  'creatorRecentTips',
  'creatorOverlay',
  'publicOverlay',
  'chats',
  'creatorSafety',
  'safetyFlags',
  'tipRules',
] as const satisfies readonly EndpointName[];
