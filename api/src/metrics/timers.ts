import { Counter } from 'prom-client';
import { countRunningTimers, sumTimerSecondsAdded } from '../modules/timer/timer.repository.ts';
import { registerDbGauge, registry } from './registry.ts';

/** Subathon timer transitions by event: start, pause, resume, settings (saved), ended (counted once per run). */
const timerEvents = new Counter({
  name: 'shabaash_timer_events_total',
  help: 'Subathon timer transitions on this instance: start, pause, resume, settings (saved), ended (once per run, on the instance that ended it).',
  labelNames: ['event'] as const,
  registers: [registry],
});

export function countTimerEvent(event: 'start' | 'pause' | 'resume' | 'settings' | 'ended', n = 1): void {
  timerEvents.inc({ event }, n);
}

registerDbGauge(
  'shabaash_timers_running',
  'Subathon timers counting down now (running, not paused).',
  [],
  countRunningTimers,
);

registerDbGauge(
  'shabaash_timer_seconds_added',
  'Seconds tips added to subathon timers, over every run kept in the database.',
  [],
  sumTimerSecondsAdded,
);
