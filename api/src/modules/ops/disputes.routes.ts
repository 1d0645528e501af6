import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import {
  countOpenDisputes,
  disputeEventsOf,
  findDisputeCase,
  listDisputeCases,
} from '../payouts/disputes.repository.ts';
import { presentDisputeCase } from './disputes.presenter.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/ops/disputes (open first, nearest deadline first) and GET /api/ops/disputes/:id (operators only). */
export function disputesRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);

  route('opsDisputes', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    const open = query.state === 'all' ? undefined : query.state === 'open';
    const [rows, openCount] = await Promise.all([
      listDisputeCases(db, { open, limit: query.limit }),
      countOpenDisputes(db),
    ]);
    return { disputes: rows.map(presentDisputeCase), openCount };
  });

  route('opsDispute', async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'no-store');
    const id = params.id ?? '';
    const row = UUID_RE.test(id) ? await findDisputeCase(db, id) : undefined;
    if (!row) throw notFound('Dispute');
    const events = await disputeEventsOf(db, row.payment_id);
    return {
      dispute: presentDisputeCase(row),
      events: events
        .filter((e) => e.dispute_id === null || e.dispute_id === row.razorpay_dispute_id)
        .map((e) => ({ event: e.event, outcome: e.outcome, receivedAt: e.received_at.toISOString() })),
    };
  });

  return router;
}
