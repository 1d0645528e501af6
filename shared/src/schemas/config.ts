import { z } from 'zod';

/** What the server tells every client about itself: public configuration and health. */

/** The landing page's claim of tips processed as the SPEC words it (the default of LANDING_TIPS_FIGURE). */
export const SPEC_TIPS_FIGURE = '2.5M+';

export const publicConfigSchema = z.object({
  sandbox: z.boolean(),
  razorpayKeyId: z.string(),
  checkoutScriptUrl: z.string(),
  firebase: z.object({
    apiKey: z.string(),
    projectId: z.string(),
    authDomain: z.string(),
    emulatorUrl: z.string().nullable(),
  }),
  contactEmail: z.string(),
  /** The landing page's figure of tips processed (the SPEC's, or the deployment's own count rounded); null: no such claim. */
  landingTipsFigure: z.string().nullable(),
  defaultCreator: z.object({ handle: z.string(), displayName: z.string() }).nullable(),
  /** The deployment's legal settings the screens follow (docs/OPERATIONS.md, "Legal settings for India"). */
  legal: z.object({
    /** `off`: no wallet screen, no balance, no welcome bonus or cashback; every tip is paid through Checkout. */
    walletMode: z.enum(['stored', 'off']),
    /** Viewers younger than this need a parent's consent to pay; 0: no date of birth is asked. */
    minimumAgeWithoutConsent: z.number().int(),
    /** What a minor with consent may spend in a calendar month, in paise. */
    minorMonthlyCapPaise: z.number().int(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** One part of the product as /api/health sees it: how it runs (`embedded`, `emulator (external)`, …) and whether it answers. */
export const partHealthSchema = z.object({
  mode: z.string(),
  status: z.enum(['ok', 'down']),
  reason: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
  reason: z.string().optional(),
  /** The names of the parts that are down (only when one is), e.g. `["realtime"]`. */
  down: z.array(z.string()).optional(),
  /** database, realtime, and identity, payments and webhookWorker where the instance runs them; any `down` makes it 503. */
  parts: z.record(z.string(), partHealthSchema),
});
