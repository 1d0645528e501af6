import { paiseToRupees, rupeesToPaise } from '@shabaash/shared';
import { notFound, requireUser, type MockResolvers } from '../context.ts';
import { insertTip, newId, postLedger, versionOf, walletSpace, type MockState } from '../state.ts';

export function createOrder(
  state: MockState,
  userId: string | null,
  amountPaise: number,
  kind: 'topup' | 'guest',
  tip?: { creatorId: string; message: string; name: string },
) {
  const id = `order_mock_${newId(state, 'd').slice(-6)}`;
  state.orders.set(id, {
    id,
    status: 'created',
    amount: amountPaise,
    currency: 'INR',
    failureReason: null,
    userId,
    kind,
    ...(tip ? { tip } : {}),
  });
  return { order: { id, amount: amountPaise, currency: 'INR' } };
}

/** Marks a mock order paid once, as the payment webhook would: a top-up credits the wallet, a tip order adds its tip. */
export function markOrderPaid(state: MockState, orderId: string): boolean {
  const order = state.orders.get(orderId);
  if (!order) return false;
  if (order.status === 'paid') return true;
  order.status = 'paid';
  if (order.kind === 'topup' && order.userId) {
    postLedger(state, order.userId, {
      type: 'credit',
      amountPaise: order.amount,
      description: 'Wallet top-up',
    });
  } else if (order.tip) {
    insertTip(state, {
      creatorId: order.tip.creatorId,
      // A signed-in viewer's checkout tip keeps its sender, as the API's does.
      sender: order.userId ? (state.users.get(order.userId)?.user ?? null) : null,
      guestName: order.tip.name || null,
      amountPaise: order.amount,
      message: order.tip.message,
    });
  }
  return true;
}

/** The wallet: top-up orders, balance, the ledger and order status. */
export const walletResolvers = {
  addMoney: (ctx) => createOrder(ctx.state, requireUser(ctx).id, rupeesToPaise(ctx.input.amount), 'topup'),
  balance: (ctx) => {
    const wallet = ctx.state.wallets.get(requireUser(ctx).id);
    const balancePaise = wallet?.balancePaise ?? 0;
    return { balance: paiseToRupees(balancePaise), balancePaise };
  },
  transactions: (ctx) => {
    const user = requireUser(ctx);
    const rows = ctx.state.wallets.get(user.id)?.transactions ?? [];
    const current = versionOf(ctx.state, walletSpace(user.id));
    const { since, limit } = ctx.query;
    if (since === undefined)
      return { transactions: [...rows].reverse().slice(0, limit), version: current, hasMore: false };
    const changed = rows.filter((r) => r.version > since).sort((a, b) => a.version - b.version);
    const page = changed.slice(0, limit);
    const hasMore = changed.length > limit;
    const version = hasMore ? (page[page.length - 1]?.version ?? since) : Math.max(current, since);
    return { transactions: page.reverse(), version, hasMore };
  },
  orderStatus: ({ state, params }) => {
    const order = state.orders.get(params.id ?? '');
    if (!order) throw notFound('Order');
    return {
      id: order.id,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
      failureReason: order.failureReason,
    };
  },
} satisfies Partial<MockResolvers>;
