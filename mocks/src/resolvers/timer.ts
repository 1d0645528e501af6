import {
  defaultTimerSettings,
  type CreatorTimer,
  type TimerSettings,
  type WidgetTimer,
} from '@shabaash/shared';
import type { MockContext } from '../context.ts';
import type { MockState } from '../state.ts';

// The subathon timer over the in-memory state: settings and the run per creator. Tips add no
// time here (the API does that in the database); start, pause and resume keep the same arithmetic.
const creatorIdOf = (ctx: { user: { id: string } | null }) => ctx.user?.id ?? '';

function timerOf(state: MockState, creatorId: string): CreatorTimer {
  let timer = state.timers.get(creatorId);
  if (!timer) {
    const settings = defaultTimerSettings();
    timer = {
      settings,
      run: {
        status: 'idle',
        endsAt: null,
        remainingMs: settings.startMinutes * 60_000,
        addedSeconds: 0,
        serverNow: '',
      },
    };
    state.timers.set(creatorId, timer);
  }
  if (timer.run.status === 'running' && Date.parse(timer.run.endsAt ?? '') <= Date.now())
    timer.run = { ...timer.run, status: 'ended', endsAt: null, remainingMs: null };
  timer.run.serverNow = new Date().toISOString();
  return timer;
}

function apply(state: MockState, creatorId: string, action: 'start' | 'pause' | 'resume'): CreatorTimer {
  const timer = timerOf(state, creatorId);
  const { run, settings } = timer;
  const now = Date.now();
  if (action === 'start' && (run.status === 'idle' || run.status === 'ended'))
    timer.run = {
      ...run,
      status: 'running',
      endsAt: new Date(now + settings.startMinutes * 60_000).toISOString(),
      remainingMs: null,
      addedSeconds: 0,
    };
  if (action === 'pause' && run.status === 'running')
    timer.run = { ...run, status: 'paused', endsAt: null, remainingMs: Date.parse(run.endsAt ?? '') - now };
  if (action === 'resume' && run.status === 'paused')
    timer.run = {
      ...run,
      status: 'running',
      endsAt: new Date(now + (run.remainingMs ?? 0)).toISOString(),
      remainingMs: null,
    };
  return timer;
}

/** The timer widget's part of GET /overlay/widgets. */
export function widgetTimerOf(state: MockState, creatorId: string): WidgetTimer {
  const timer = timerOf(state, creatorId);
  return { ...timer.run, endingText: timer.settings.endingText };
}

export const timerResolvers = {
  creatorTimer: (ctx: MockContext<'creatorTimer'>) => timerOf(ctx.state, creatorIdOf(ctx)),
  saveTimerSettings: (ctx: MockContext<'saveTimerSettings'>) => {
    const timer = timerOf(ctx.state, creatorIdOf(ctx));
    timer.settings = ctx.input satisfies TimerSettings;
    if (timer.run.status === 'idle') timer.run.remainingMs = ctx.input.startMinutes * 60_000;
    return timer;
  },
  startTimer: (ctx: MockContext<'startTimer'>) => apply(ctx.state, creatorIdOf(ctx), 'start'),
  pauseTimer: (ctx: MockContext<'pauseTimer'>) => apply(ctx.state, creatorIdOf(ctx), 'pause'),
  resumeTimer: (ctx: MockContext<'resumeTimer'>) => apply(ctx.state, creatorIdOf(ctx), 'resume'),
};
