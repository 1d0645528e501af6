import {
  WIDGET_LIMITS,
  defaultWidgetSettings,
  paiseToRupees,
  type StreamSession,
  type StreamState,
  type Supporter,
} from '@shabaash/shared';
import { MockHttpError, type MockContext } from '../context.ts';
import { newId, type HiddenSupporter, type MockState } from '../state.ts';
import { widgetTimerOf } from './timer.ts';

// Stream sessions and the widgets' state over the in-memory state: sessions per creator, latest last.
function sessions(state: MockState, creatorId: string): StreamSession[] {
  let list = state.streams.get(creatorId);
  if (!list) state.streams.set(creatorId, (list = []));
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

function hidden(state: MockState, creatorId: string): HiddenSupporter[] {
  let list = state.hiddenSupporters.get(creatorId);
  if (!list) state.hiddenSupporters.set(creatorId, (list = []));
  return list;
}

/**
 * The top supporters of the latest session as the API counts them: ignored tips left out, a name only from a tip
 * on air ('Anonymous' until then), hidden supporters left out; grouped by name (the mock has no accounts).
 */
function supportersOf(state: MockState, creatorId: string): Array<Supporter & { key: string }> {
  const hiddenKeys = new Set(hidden(state, creatorId).map((h) => h.key));
  const byName = new Map<string, Supporter & { key: string; onAir: boolean }>();
  for (const tip of tipsIn(state, creatorId, latest(state, creatorId))) {
    const key = `g:${tip.name.trim().toLowerCase()}`;
    if (tip.status === 'ignore' || hiddenKeys.has(key)) continue;
    const row = byName.get(key) ?? { key, name: 'Anonymous', onAir: false, count: 0, ...money(0) };
    const onAir = row.onAir || tip.status === 'read';
    byName.set(key, {
      ...row,
      name: tip.status === 'read' ? tip.name : row.name,
      onAir,
      count: row.count + 1,
      ...money(row.amountPaise + tip.amountPaise),
    });
  }
  return [...byName.values()]
    .sort((a, b) => b.amountPaise - a.amountPaise)
    .slice(0, WIDGET_LIMITS.topSupporters)
    .map(({ onAir: _onAir, ...supporter }) => supporter);
}

function creatorList(state: MockState, creatorId: string) {
  return {
    supporters: supportersOf(state, creatorId),
    hidden: hidden(state, creatorId).map(({ key: _key, ...h }) => h),
  };
}

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
    return {
      handle: creator.handle,
      language: creator.overlay.show?.language ?? 'en',
      widgets,
      session: current.session,
      goal: { raised: current.totals.amount, raisedPaise: current.totals.amountPaise },
      supporters: widgets.supporters.enabled
        ? supportersOf(state, creator.userId).map(({ key: _key, ...supporter }) => supporter)
        : [],
      timer: widgetTimerOf(state, creator.userId),
    };
  },
  creatorSupporters: (ctx: MockContext<'creatorSupporters'>) => creatorList(ctx.state, creatorIdOf(ctx)),
  hideSupporter: (ctx: MockContext<'hideSupporter'>) => {
    const creatorId = creatorIdOf(ctx);
    const supporter = supportersOf(ctx.state, creatorId).find((s) => s.key === ctx.input.key);
    if (!supporter) throw new MockHttpError('NOT_FOUND', 'Supporter not found.');
    hidden(ctx.state, creatorId).push({
      id: newId(ctx.state, 'c'),
      key: supporter.key,
      name: supporter.name,
      createdAt: new Date().toISOString(),
    });
    return creatorList(ctx.state, creatorId);
  },
  unhideSupporter: (ctx: MockContext<'unhideSupporter'>) => {
    const creatorId = creatorIdOf(ctx);
    const list = hidden(ctx.state, creatorId);
    const at = list.findIndex((h) => h.id === ctx.params.id);
    if (at < 0) throw new MockHttpError('NOT_FOUND', 'Supporter not found.');
    list.splice(at, 1);
    return creatorList(ctx.state, creatorId);
  },
};
