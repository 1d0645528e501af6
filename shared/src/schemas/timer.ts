import { z } from 'zod';
import {
  TIMER_ADD_ON,
  TIMER_CAP_MODES,
  TIMER_LIMITS,
  TIMER_RATE_MODES,
  TIMER_STATUSES,
  type TimerRun,
  type TimerSettings,
} from '../timer.ts';
import { VALIDATION_MESSAGES } from '../validationMessages.ts';

// The subathon timer: the creator's settings and the current run (stored end time, or time left while paused).

export const timerSettingsSchema = z.object({
  startMinutes: z.number().int().min(TIMER_LIMITS.minStartMinutes).max(TIMER_LIMITS.maxStartMinutes),
  rateMode: z.enum(TIMER_RATE_MODES),
  secondsPerRupee: z.number().int().min(0).max(TIMER_LIMITS.maxSecondsPerRupee),
  tierSeconds: z
    .array(
      z.object({
        minAmount: z.number().int().min(0).max(TIMER_LIMITS.maxTierAmount),
        seconds: z.number().int().min(0).max(TIMER_LIMITS.maxTierSeconds),
      }),
    )
    .max(TIMER_LIMITS.maxTimerTiers)
    .refine((tiers) => new Set(tiers.map((tier) => tier.minAmount)).size === tiers.length, {
      error: VALIDATION_MESSAGES.timerTierAmountsDistinct,
    }),
  capMode: z.enum(TIMER_CAP_MODES),
  capMinutes: z.number().int().min(TIMER_LIMITS.minCapMinutes).max(TIMER_LIMITS.maxCapMinutes),
  countGuestTips: z.boolean(),
  countWalletTips: z.boolean(),
  addOn: z.enum(TIMER_ADD_ON),
  endingText: z.string().trim().max(TIMER_LIMITS.maxEndingTextLength),
}) satisfies z.ZodType<TimerSettings>;

export const timerRunSchema = z.object({
  status: z.enum(TIMER_STATUSES),
  endsAt: z.string().nullable(),
  remainingMs: z.number().int().nullable(),
  addedSeconds: z.number().int(),
  serverNow: z.string(),
}) satisfies z.ZodType<TimerRun>;

/** GET /creator/timer and the answer to every timer action. */
export const creatorTimerSchema = z.object({ settings: timerSettingsSchema, run: timerRunSchema });
export type CreatorTimer = z.infer<typeof creatorTimerSchema>;

/** What the timer widget draws: the run and the ending text (no rates, no caps). */
export const widgetTimerSchema = timerRunSchema.extend({ endingText: z.string() });
export type WidgetTimer = z.infer<typeof widgetTimerSchema>;

/** The creator's timer endpoints with their schemas (shared/src/api.ts spreads them into the contract). */
export const timerEndpoints = {
  creatorTimer: { output: creatorTimerSchema },
  saveTimerSettings: {
    input: timerSettingsSchema,
    output: creatorTimerSchema,
  },
  startTimer: { output: creatorTimerSchema },
  pauseTimer: { output: creatorTimerSchema },
  resumeTimer: { output: creatorTimerSchema },
} as const;
