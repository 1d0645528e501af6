/**
 * The subathon timer: every rupee adds time to the stream. Zod-free on purpose: the timer widget's bundle imports
 * this module (`@shabaash/shared/core`) for its texts and its arithmetic. The wire schemas live in
 * schemas/timer.ts.
 */
import type { ShowLanguage } from './tiers.ts';

export const TIMER_STATUSES = ['idle', 'running', 'paused', 'ended'] as const;
export type TimerStatus = (typeof TIMER_STATUSES)[number];

/** When a tip adds time: when it is paid, or when the creator pushes it live. */
export const TIMER_ADD_ON = ['paid', 'live'] as const;
export type TimerAddOn = (typeof TIMER_ADD_ON)[number];

/** No cap, a cap on the time left at any moment, or a cap on the whole length (start plus every addition). */
export const TIMER_CAP_MODES = ['none', 'remaining', 'total'] as const;
export type TimerCapMode = (typeof TIMER_CAP_MODES)[number];

/** How a tip adds time: whole seconds per rupee, or the seconds of the tip's tier (by amount). */
export const TIMER_RATE_MODES = ['rupee', 'tier'] as const;
export type TimerRateMode = (typeof TIMER_RATE_MODES)[number];

/** One tier of added time: a tip of at least `minAmount` rupees adds `seconds` (the highest tier it reaches). */
export interface TimerTierRate {
  minAmount: number;
  seconds: number;
}

/** What the creator sets (the starting time and the cap in minutes, added time in whole seconds). */
export interface TimerSettings {
  startMinutes: number;
  /** `rupee`: `secondsPerRupee` for each rupee; `tier`: the seconds of the highest of `tierSeconds` the tip reaches. */
  rateMode: TimerRateMode;
  secondsPerRupee: number;
  /** Sorted by `minAmount`, each amount once; a tip below the lowest adds nothing. */
  tierSeconds: TimerTierRate[];
  capMode: TimerCapMode;
  capMinutes: number;
  countGuestTips: boolean;
  countWalletTips: boolean;
  addOn: TimerAddOn;
  /** Shown when the countdown ends; empty = the widget's own text in the show language. */
  endingText: string;
}

export const TIMER_LIMITS = {
  minStartMinutes: 1,
  maxStartMinutes: 10_080,
  maxSecondsPerRupee: 3600,
  maxTimerTiers: 7,
  maxTierSeconds: 86_400,
  maxTierAmount: 10_000_000,
  minCapMinutes: 1,
  maxCapMinutes: 43_200,
  maxEndingTextLength: 120,
} as const;

export function defaultTimerSettings(): TimerSettings {
  return {
    startMinutes: 60,
    rateMode: 'rupee',
    secondsPerRupee: 6,
    tierSeconds: [
      { minAmount: 0, seconds: 30 },
      { minAmount: 100, seconds: 120 },
      { minAmount: 500, seconds: 600 },
      { minAmount: 1000, seconds: 1800 },
    ],
    capMode: 'none',
    capMinutes: 1440,
    countGuestTips: true,
    countWalletTips: true,
    addOn: 'paid',
    endingText: '',
  };
}

/** The run as clients see it: the stored end time (running) or time left (paused), and the server's clock. */
export interface TimerRun {
  status: TimerStatus;
  /** ISO end time while running, else null. */
  endsAt: string | null;
  /** Time left while paused (and the full starting time while idle), else null. */
  remainingMs: number | null;
  /** Seconds tips added to this run. */
  addedSeconds: number;
  /** The server's clock when this was read (ISO): a client offsets its own clock by it. */
  serverNow: string;
}

/** Time left at `nowMs` (the client's clock plus its offset to the server's), never below 0. */
export function timerRemainingMs(
  run: Pick<TimerRun, 'status' | 'endsAt' | 'remainingMs'>,
  nowMs: number,
): number {
  if (run.status === 'running' && run.endsAt) return Math.max(0, Date.parse(run.endsAt) - nowMs);
  if (run.status === 'ended') return 0;
  return Math.max(0, run.remainingMs ?? 0);
}

/** "1:02:03" or "02:03": hours only when there are any (rounded up, so 0:00 is shown only at the end). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The timer widget's own texts in each show language. */
export const TIMER_TEXT: Record<ShowLanguage, { title: string; ended: string; paused: string }> = {
  en: { title: 'Subathon timer', ended: 'Time’s up!', paused: 'Paused' },
  hi: { title: 'सबथॉन टाइमर', ended: 'समय पूरा!', paused: 'रुका हुआ' },
};
