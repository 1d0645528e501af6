import { MESSAGES, SAFETY_MESSAGES, paiseToRupees, rupeesToPaise, type Tip } from '@shabaash/shared';
import {
  creatorByHandle,
  fail,
  liveTips,
  newestFirst,
  notFound,
  publicTip,
  requireUser,
  type MockResolvers,
} from '../context.ts';
import { insertTip, postLedger } from '../state.ts';
import { safetyRefusal } from './safety.ts';
import { createOrder } from './wallet.ts';

/** Sending tips (wallet and guest) and the public tip lists. */
export const tipResolvers = {
  sendTip: (ctx) => {
    const user = requireUser(ctx);
    const { state, input } = ctx;
    const creator = creatorByHandle(state, input.creator);
    if (creator.userId === user.id) throw fail('VALIDATION_FAILED', MESSAGES.ownChannelTip, 'creator');
    const amountPaise = rupeesToPaise(input.amount);
    const fingerprint = JSON.stringify([amountPaise, input.message, creator.userId]);
    const scope = ctx.idempotencyKey ? `${user.id}:${ctx.idempotencyKey}` : null;
    const stored = scope ? state.idempotency.get(scope) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw fail('CONFLICT', 'This Idempotency-Key was already used for a different request.');
      return stored.body as { message: string; tip: Tip; balance: number; balancePaise: number };
    }
    const refusal = safetyRefusal(creator, amountPaise, input.message);
    if (refusal) throw refusal;
    if (creator.blocked.some((b) => b.userId === user.id))
      throw fail('FORBIDDEN', SAFETY_MESSAGES.blockedSender);
    const wallet = state.wallets.get(user.id);
    if (!wallet || wallet.balancePaise < amountPaise)
      throw fail('PAYMENT_REQUIRED', MESSAGES.insufficientBalance);
    const row = insertTip(state, {
      creatorId: creator.userId,
      sender: user,
      guestName: null,
      amountPaise,
      message: input.message,
    });
    postLedger(state, user.id, { type: 'debit', amountPaise, description: `Tip to ${creator.displayName}` });
    const body = {
      message: MESSAGES.tipSent,
      tip: publicTip(row.tip),
      balance: paiseToRupees(wallet.balancePaise),
      balancePaise: wallet.balancePaise,
    };
    if (scope) state.idempotency.set(scope, { fingerprint, status: 200, body });
    return body;
  },
  recentTips: (ctx) => {
    const user = requireUser(ctx);
    const creator = creatorByHandle(ctx.state, ctx.query.creator);
    const tips = liveTips(ctx.state, creator.userId)
      .filter((r) => r.tip.status === 'read' || r.senderId === user.id)
      .sort(newestFirst)
      .slice(0, 10)
      .map((r) => publicTip(r.tip));
    return { tips };
  },
  displayTips: ({ state, query }) => {
    const creator = query.key
      ? [...state.creators.values()].find((c) => c.overlayKey === query.key)
      : creatorByHandle(state, query.creator);
    if (!creator) throw notFound('Overlay');
    const tips = liveTips(state, creator.userId)
      .filter((r) => r.tip.status === 'read')
      .sort(newestFirst)
      .slice(0, 10)
      .map((r) => publicTip(r.tip));
    return { tips };
  },
  guestOrder: ({ state, input }) => {
    const creator = creatorByHandle(state, input.creator);
    const amountPaise = rupeesToPaise(input.amount);
    const refusal = safetyRefusal(creator, amountPaise, input.message);
    if (refusal) throw refusal;
    return createOrder(state, null, amountPaise, 'guest', {
      creatorId: creator.userId,
      message: input.message,
      name: input.name,
    });
  },
  tipOrder: (ctx) => {
    const user = requireUser(ctx);
    const { state, input } = ctx;
    const creator = creatorByHandle(state, input.creator);
    if (creator.userId === user.id) throw fail('VALIDATION_FAILED', MESSAGES.ownChannelTip, 'creator');
    const amountPaise = rupeesToPaise(input.amount);
    const refusal = safetyRefusal(creator, amountPaise, input.message);
    if (refusal) throw refusal;
    if (creator.blocked.some((b) => b.userId === user.id))
      throw fail('FORBIDDEN', SAFETY_MESSAGES.blockedSender);
    return createOrder(state, user.id, amountPaise, 'guest', {
      creatorId: creator.userId,
      message: input.message,
      name: '',
    });
  },
} satisfies Partial<MockResolvers>;
