import { SAFETY_MESSAGES, rupeesToPaise } from '@shabaash/shared';
import {
  creatorByHandle,
  creatorOf,
  fail,
  liveTips,
  masked,
  minimumMessage,
  notFound,
  requireUser,
  type MockHttpError,
  type MockResolvers,
} from '../context.ts';
import { newId, type MockCreator } from '../state.ts';

/** The refusal the API gives a tip its creator's filters stop, or null. */
export function safetyRefusal(
  creator: MockCreator,
  amountPaise: number,
  message: string,
): MockHttpError | null {
  const lower = message.toLowerCase();
  if (creator.safety.blockedTerms.some((term) => lower.includes(term.toLowerCase())))
    return fail('VALIDATION_FAILED', SAFETY_MESSAGES.blockedMessage, 'message');
  if (amountPaise < creator.safety.minTipPaise)
    return fail('VALIDATION_FAILED', minimumMessage(creator.safety.minTipPaise), 'amount');
  if (message.length > creator.safety.maxMessageLength)
    return fail(
      'VALIDATION_FAILED',
      SAFETY_MESSAGES.messageTooLong(creator.safety.maxMessageLength),
      'message',
    );
  return null;
}

/** Stream safety: the creator's filters, blocked senders, and the guest page's checks. */
export const safetyResolvers = {
  creatorSafety: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    return { settings: creator.safety, blockedSenders: creator.blocked };
  },
  updateCreatorSafety: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const next = { ...creator.safety, ...ctx.input, updatedAt: new Date().toISOString() };
    next.minTipPaise = rupeesToPaise(next.minTipAmount);
    next.autoLiveMinPaise = rupeesToPaise(next.autoLiveMinAmount);
    creator.safety = next;
    return { settings: creator.safety, blockedSenders: creator.blocked };
  },
  blockSender: (ctx) => {
    const user = requireUser(ctx);
    const creator = creatorOf(ctx.state, user);
    const { input, state } = ctx;
    let target: { userId: string | null; name: string | null; phone: string | null };
    if (input.tipId) {
      const row = state.tips.get(input.tipId);
      if (!row || row.tip.creatorId !== creator.userId) throw notFound('Chat');
      if (!row.senderId) {
        // A guest: the API blocks what their payment carried; the mock knows no payment, so the browser only.
        const guest = { id: newId(state, 'd'), userId: null, name: null, phone: null, guestLabel: '' };
        creator.blocked.push({ ...guest, createdAt: new Date().toISOString() });
        return { blockedSender: creator.blocked.at(-1)!, message: SAFETY_MESSAGES.senderBlocked };
      }
      target = { userId: row.senderId, name: row.tip.name, phone: row.tip.sender?.phone ?? null };
    } else if (input.userId) {
      const found = state.users.get(input.userId);
      if (!found) throw notFound('User');
      target = { userId: found.user.id, name: found.user.name, phone: found.user.phone };
    } else {
      const found = [...state.users.values()].find((u) => u.user.phone === input.phone);
      target = { userId: found?.user.id ?? null, name: found?.user.name ?? null, phone: input.phone ?? null };
    }
    if (target.userId === user.id) throw fail('VALIDATION_FAILED', SAFETY_MESSAGES.cannotBlockSelf);
    const blockedSender = {
      id: newId(state, 'd'),
      userId: target.userId,
      name: target.name,
      phone: masked(target.phone),
      createdAt: new Date().toISOString(),
    };
    creator.blocked.push(blockedSender);
    return { blockedSender, message: SAFETY_MESSAGES.senderBlocked };
  },
  unblockSender: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const id = ctx.params.id ?? '';
    const before = creator.blocked.length;
    creator.blocked = creator.blocked.filter((b) => b.id !== id);
    if (creator.blocked.length === before) throw notFound('Blocked sender');
    return { id, message: SAFETY_MESSAGES.senderUnblocked };
  },
  safetyFlags: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const terms = creator.safety.blockedTerms.map((t) => t.toLowerCase());
    const ids = liveTips(ctx.state, creator.userId)
      .filter((r) => terms.some((t) => r.tip.message.toLowerCase().includes(t)))
      .map((r) => r.tip.id);
    return { ids };
  },
  tipRules: ({ state, query }) => {
    const { minTipPaise } = creatorByHandle(state, query.creator).safety;
    return {
      minAmount: minTipPaise / 100,
      minAmountPaise: minTipPaise,
      minimumMessage: minimumMessage(minTipPaise),
    };
  },
  safetyCheck: ({ state, input }) => {
    const creator = creatorByHandle(state, input.creator);
    const lower = input.message.toLowerCase();
    if (creator.safety.blockedTerms.some((t) => lower.includes(t.toLowerCase())))
      return { ok: false, message: SAFETY_MESSAGES.blockedMessage };
    if (input.message.length > creator.safety.maxMessageLength)
      return { ok: false, message: SAFETY_MESSAGES.messageTooLong(creator.safety.maxMessageLength) };
    return { ok: true };
  },
} satisfies Partial<MockResolvers>;
