import {
  WIDGET_LIMITS,
  defaultWidgetSettings,
  paiseToRupees,
  type StreamSession,
  type StreamState,
  type Supporter,
} from '@shabaash/shared';
import { MockHttpError, type MockContext } from '../context.ts';
import { newId, type MockState } from '../state.ts';

// Stream sessions and the widgets' state over the in-memory state (issue 14). Sessions live beside the state,
// per creator, latest last.
const sessionsOf = new WeakMap<MockState, Map<string, StreamSession[]>>();

function sessions(state: MockState, creatorId: string): StreamSession[] {
  let byCreator = sessionsOf.get(state);
  if (!byCreator) sessionsOf.set(state, (byCreator = new Map()));
  let list = byCreator.get(creatorId);
  if (!list) byCreator.set(creatorId, (list = []));
  return list;
}

const latest = (state: MockState, creatorId: string) => sessions(state, creatorId).at(-1) ?? null;

function tipsIn(state: MockState, creatorId: string, session: StreamSession | null) {
  if (!session) return [];
  return [...state.tips.values()]
    .map((row) => row.tip)
    .filter(
      (tip) =>
        tip.creatorId === creatorId &&
        tip.createdAt >= session.startedAt &&
        (session.endedAt === null || tip.createdAt <= session.endedAt),
    );
}

const money = (paise: number) => ({ amount: paiseToRupees(paise), amountPaise: paise });

function stateOf(state: MockState, creatorId: string): StreamState {
  const session = latest(state, creatorId);
  const tips = tipsIn(state, creatorId, session);
  const totalPaise = tips.reduce((sum, t) => sum + t.amountPaise, 0);
  const top = [...tips].sort((a, b) => b.amountPaise - a.amountPaise)[0];
  return {
    session,
    totals: {
      ...money(totalPaise),
      count: tips.length,
      topTip: top ? { name: top.name, ...money(top.amountPaise) } : null,
    },
  };
}

const creatorIdOf = (ctx: { user: { id: string } | null }) => ctx.user?.id ?? '';

export const streamResolvers = {
  streamState: (ctx: MockContext<'streamState'>) => stateOf(ctx.state, creatorIdOf(ctx)),
  startStream: (ctx: MockContext<'startStream'>) => {
    const list = sessions(ctx.state, creatorIdOf(ctx));
    if (!list.at(-1) || list.at(-1)?.endedAt !== null) {
      list.push({ id: newId(ctx.state, 'c'), startedAt: new Date().toISOString(), endedAt: null });
    }
    return stateOf(ctx.state, creatorIdOf(ctx));
  },
  endStream: (ctx: MockContext<'endStream'>) => {
    const live = latest(ctx.state, creatorIdOf(ctx));
    if (live && live.endedAt === null) live.endedAt = new Date().toISOString();
    return stateOf(ctx.state, creatorIdOf(ctx));
  },
  widgetState: ({ state, query }: MockContext<'widgetState'>) => {
    const creator = [...state.creators.values()].find((c) => c.overlayKey === query.key);
    if (!creator) throw new MockHttpError('NOT_FOUND', 'Overlay not found.');
    const widgets = creator.overlay.widgets ?? defaultWidgetSettings();
    const current = stateOf(state, creator.userId);
    const byName = new Map<string, Supporter>();
    for (const tip of tipsIn(state, creator.userId, current.session)) {
      const row = byName.get(tip.name) ?? { name: tip.name, count: 0, ...money(0) };
      byName.set(tip.name, { ...row, count: row.count + 1, ...money(row.amountPaise + tip.amountPaise) });
    }
    return {
      handle: creator.handle,
      language: creator.overlay.show?.language ?? 'en',
      widgets,
      session: current.session,
      goal: { raised: current.totals.amount, raisedPaise: current.totals.amountPaise },
      supporters: widgets.supporters.enabled
        ? [...byName.values()]
            .sort((a, b) => b.amountPaise - a.amountPaise)
            .slice(0, WIDGET_LIMITS.topSupporters)
        : [],
    };
  },
};
