/**
 * The show's live moments on the overlay that are not tips in the database: a creator's test alert,
 * "speech ready" and "skip reading". They travel as realtime messages to the creator's overlays only.
 */
import { z } from 'zod';
import { rupeeAmountSchema, tipSchema } from './schemas.ts';
import { ALERT_SHOW_REASONS } from './wsProtocol.ts';
import { SHOW_LIMITS } from './tiers.ts';

/** POST /creator/show/test-alert: the amount decides the tier shown (₹500 when absent). */
export const testAlertInputSchema = z.object({
  amount: rupeeAmountSchema(1, SHOW_LIMITS.maxTierAmount).optional(),
});
export type TestAlertInput = z.infer<typeof testAlertInputSchema>;

/** A test tip: never stored, never in a list, analytics or export; `speech` says whether the overlay reads it. */
export const testTipSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  amountPaise: z.number().int(),
  message: z.string(),
  speech: z.boolean(),
});
export type TestTip = z.infer<typeof testTipSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Realtime messages of the show, sent to overlay sockets only (not versioned: a missed one is not replayed). */
export const showMessageSchemas = [
  z.object({ type: z.literal('show:test'), data: testTipSchema }),
  z.object({ type: z.literal('speech:ready'), data: z.object({ tipId: z.string() }) }),
  z.object({ type: z.literal('speech:skip') }),
  /**
   * Alerts to play in turn (alert receipts): the creator's Replay, the held ones on Resume, or unacknowledged
   * ones re-shown to an overlay that came back. Tips as overlay rooms see them (no phone).
   */
  z.object({
    type: z.literal('alert:show'),
    data: z.object({ reason: z.enum(ALERT_SHOW_REASONS), tips: z.array(tipSchema).max(20) }),
  }),
] as const;
export type ShowMessage = z.infer<(typeof showMessageSchemas)[number]>;

/** The test alert's name and message in the overlay's language (ShowSettings.language). */
export const TEST_ALERT_TEXT = {
  en: { name: 'Test alert', message: 'This is a test alert. Your superchats will look and sound like this.' },
  hi: { name: 'टेस्ट अलर्ट', message: 'यह एक टेस्ट अलर्ट है। आपके सुपरचैट ऐसे दिखेंगे और सुनाई देंगे।' },
} as const;

/** The amount of a test alert sent without one (the orange tier of the defaults). */
export const TEST_ALERT_DEFAULT_RUPEES = 500;

/** GET/PUT /creator/show/alerts: whether the creator's alerts are paused, and how many wait for Resume. */
export const alertsStateSchema = z.object({ paused: z.boolean(), held: z.number().int() });
export type AlertsState = z.infer<typeof alertsStateSchema>;
/** Unknown keys are refused: the whole body is the one switch. */
export const alertsInputSchema = z.strictObject({ paused: z.boolean() });
export type AlertsInput = z.infer<typeof alertsInputSchema>;

/** POST /creator/show/replay: the alert put back on air (null when no tip was ever live). */
export const replayResultSchema = z.object({ tipId: z.string().nullable() });
