import {
  paiseToRupees,
  rupeesToPaise,
  TEST_ALERT_DEFAULT_RUPEES,
  TEST_ALERT_TEXT,
  type Tip,
} from '@shabaash/shared';
import {
  creatorOf,
  liveTips,
  newestFirst,
  notFound,
  publicTip,
  requireUser,
  type MockResolvers,
} from '../context.ts';
import { creatorSpace, deleteTip, emit, newId, setTipStatus, versionOf, type MockState } from '../state.ts';

/** Creators whose alerts are paused, per mock world. */
const paused = new WeakMap<MockState, Set<string>>();
function pausedAlerts(state: MockState): Set<string> {
  let set = paused.get(state);
  if (!set) paused.set(state, (set = new Set()));
  return set;
}

function chatList(
  state: MockState,
  creatorId: string,
  query: { status?: Tip['status'] | undefined; search?: string | undefined; sort: 'updated' | 'amount' },
): Tip[] {
  const search = query.search?.toLowerCase();
  return liveTips(state, creatorId)
    .map((r) => r.tip)
    .filter((t) => (query.status ? t.status === query.status : t.status !== 'ignore'))
    .filter(
      (t) => !search || t.message.toLowerCase().includes(search) || t.name.toLowerCase().includes(search),
    )
    .sort((a, b) =>
      query.sort === 'amount'
        ? b.amountPaise - a.amountPaise || b.updatedAt.localeCompare(a.updatedAt)
        : b.updatedAt.localeCompare(a.updatedAt) || b.version - a.version,
    )
    .slice(0, 200);
}

/** The creator's dashboard: analytics, overlay settings and keys, and the chat queue. */
export const creatorResolvers = {
  analytics: (ctx) => {
    const user = requireUser(ctx);
    const creator = creatorOf(ctx.state, user);
    const tips = liveTips(ctx.state, creator.userId);
    const totalPaise = tips.reduce((sum, r) => sum + r.tip.amountPaise, 0);
    const topUps = [...ctx.state.orders.values()].filter(
      (o) => o.userId === user.id && o.kind === 'topup' && o.status === 'paid',
    ).length;
    return {
      totalEarnings: paiseToRupees(totalPaise),
      totalSuccessfulTopUps: topUps,
      totalTipsAmount: paiseToRupees(totalPaise),
      totalTipsCount: tips.length,
      youtube: { count: 0, countedPaise: 0 },
    };
  },
  creatorRecentTips: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    return {
      tips: liveTips(ctx.state, creator.userId)
        .sort(newestFirst)
        .slice(0, 10)
        .map((r) => r.tip),
    };
  },
  creatorOverlay: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    return {
      ...creator.overlay,
      handle: creator.handle,
      displayName: creator.displayName,
      overlayKey: creator.overlayKey,
    };
  },
  saveSettings: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    creator.overlay = { ...ctx.input };
    for (const listener of ctx.state.listeners)
      listener({ kind: 'overlay', creatorId: creator.userId, settings: creator.overlay });
    return creator.overlay;
  },
  rotateOverlayKey: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    creator.overlayKey = `ovl_${creator.handle}_${newId(ctx.state, 'd').slice(-6)}`;
    return { overlayKey: creator.overlayKey };
  },
  publicOverlay: ({ state, query }) => {
    const creator = [...state.creators.values()].find((c) => c.overlayKey === query.key);
    if (!creator) throw notFound('Overlay');
    return creator.overlay;
  },
  // The mocks synthesise no audio: the overlay sees "not ready yet", as before the API's speech job has run.
  overlaySpeech: () => {
    throw notFound('Speech');
  },
  // ---- the show: the mocks answer as the API does, with nothing to play ----
  sendTestAlert: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const amount = ctx.input.amount ?? TEST_ALERT_DEFAULT_RUPEES;
    const tip = {
      id: `test-${newId(ctx.state, 'd')}`,
      ...TEST_ALERT_TEXT.en,
      amount,
      amountPaise: rupeesToPaise(amount),
      speech: false,
    };
    emit(ctx.state, { kind: 'show', creatorId: creator.userId, message: { type: 'show:test', data: tip } });
    return tip;
  },
  skipSpeech: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    emit(ctx.state, { kind: 'show', creatorId: creator.userId, message: { type: 'speech:skip' } });
    return { ok: true as const };
  },
  // The mocks keep no bytes: the upload's URL is its own data string, so the Studio's Play works offline.
  uploadTierSound: (ctx) => {
    creatorOf(ctx.state, requireUser(ctx));
    return { sound: `upload:${crypto.randomUUID()}`, url: ctx.input.audio };
  },
  // ---- alert receipts: pause state per creator (the mocks hold no tips back), replay of the last live tip ----
  getAlerts: (ctx) => ({
    paused: pausedAlerts(ctx.state).has(creatorOf(ctx.state, requireUser(ctx)).userId),
    held: 0,
  }),
  setAlerts: (ctx) => {
    const creatorId = creatorOf(ctx.state, requireUser(ctx)).userId;
    const paused = pausedAlerts(ctx.state);
    if (ctx.input.paused) paused.add(creatorId);
    else paused.delete(creatorId);
    return { paused: ctx.input.paused, held: 0 };
  },
  replayAlert: (ctx) => {
    const creatorId = creatorOf(ctx.state, requireUser(ctx)).userId;
    const last = liveTips(ctx.state, creatorId)
      .map((r) => r.tip)
      .filter((t) => t.status === 'read')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    if (!last) return { tipId: null };
    const message = {
      type: 'alert:show' as const,
      data: { reason: 'replay' as const, tips: [publicTip(last)] },
    };
    emit(ctx.state, { kind: 'show', creatorId, message });
    return { tipId: last.id };
  },
  overlayTestSpeech: () => {
    throw notFound('Speech');
  },
  chats: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const { state, query } = ctx;
    const version = versionOf(state, creatorSpace(creator.userId));
    return { tips: chatList(state, creator.userId, query), version };
  },
  chatChanges: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const { state, query } = ctx;
    const version = versionOf(state, creatorSpace(creator.userId));
    if (query.since > version) {
      return {
        tips: chatList(state, creator.userId, { sort: 'updated' }),
        version,
        deleted: [],
        reset: true,
      };
    }
    const since = query.since;
    const changed = [...state.tips.values()]
      .filter((r) => r.tip.creatorId === creator.userId && r.tip.version > since)
      .sort((a, b) => a.tip.version - b.tip.version);
    return {
      tips: changed.filter((r) => !r.deleted).map((r) => r.tip),
      deleted: changed.filter((r) => r.deleted).map((r) => r.tip.id),
      version,
      reset: false,
    };
  },
  setChatStatus: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const row = setTipStatus(ctx.state, creator.userId, ctx.params.id ?? '', ctx.input.status);
    if (!row) throw notFound('Chat');
    return { tip: row.tip };
  },
  deleteChat: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const id = ctx.params.id ?? '';
    if (!deleteTip(ctx.state, creator.userId, id)) throw notFound('Chat');
    return { id };
  },
} satisfies Partial<MockResolvers>;
