import type { SimPayment } from './entities.ts';
import type { RouteSimulator } from './route.ts';
import { err, ok, type RouteAnswer, type SimSettlement } from './routeEntities.ts';
import type { SimState } from './state.ts';

/** Razorpay's page sizes: at most 100 per list call, 1000 for the settlement recon report. */
const MAX_COUNT = 100;
const MAX_RECON_COUNT = 1000;
/** Razorpay's calendar (the recon report's year/month/day) is India Standard Time. */
const IST_OFFSET_S = 19_800;

/** `from`, `to`, `count`, `skip` of a list call, or Razorpay's error for a bad one. */
function listQuery(
  query: URLSearchParams,
  maxCount = MAX_COUNT,
): { from: number; to: number; count: number; skip: number } | NonNullable<RouteAnswer> {
  const int = (name: string, fallback: number) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    return /^\d+$/.test(raw) ? Number(raw) : null;
  };
  const from = int('from', 0);
  const to = int('to', Number.MAX_SAFE_INTEGER);
  const count = int('count', 10);
  const skip = int('skip', 0);
  for (const [name, value] of Object.entries({ from, to, count, skip }))
    if (value === null) return err(`The ${name} must be an integer.`, name);
  if ((count as number) > maxCount) return err(`The count may not be greater than ${maxCount}.`, 'count');
  return { from: from as number, to: to as number, count: count as number, skip: skip as number };
}

/** Newest first, one page, as a Razorpay collection. */
function page<T extends { created_at: number }>(
  items: T[],
  q: { from: number; to: number; count: number; skip: number },
): NonNullable<RouteAnswer> {
  const picked = items
    .filter((i) => i.created_at >= q.from && i.created_at <= q.to)
    .sort((a, b) => b.created_at - a.created_at)
    .slice(q.skip, q.skip + q.count);
  return ok({ entity: 'collection', count: picked.length, items: picked });
}

/** The IST calendar day [start, end) of a recon report's year/month/day (a whole month or year when omitted). */
function reconWindow(query: URLSearchParams): { start: number; end: number } | NonNullable<RouteAnswer> {
  const year = Number(query.get('year'));
  const month = query.get('month') ? Number(query.get('month')) : null;
  const day = query.get('day') ? Number(query.get('day')) : null;
  if (!query.get('year')) return err('The year field is required.', 'year');
  if (!Number.isInteger(year) || year < 2000) return err('The year must be a valid year.', 'year');
  if (month !== null && (!Number.isInteger(month) || month < 1 || month > 12))
    return err('The month must be between 1 and 12.', 'month');
  if (day !== null && (month === null || !Number.isInteger(day) || day < 1 || day > 31))
    return err('The day must be between 1 and 31.', 'day');
  const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000 - IST_OFFSET_S;
  if (month === null) return { start: utc(year, 1, 1), end: utc(year + 1, 1, 1) };
  if (day === null) return { start: utc(year, month, 1), end: utc(year, month + 1, 1) };
  return { start: utc(year, month, day), end: utc(year, month, day + 1) };
}

/**
 * Razorpay's reporting APIs in the simulator, as documented: `GET /v1/payments` and `/v1/payments/:id`,
 * `GET /v1/refunds` and `/v1/refunds/:id`, `GET /v1/settlements` and `GET /v1/settlements/recon/combined`
 * (each settled transaction of a day). The `report*` switches make what they report differ from what happened,
 * so a reconciliation can be shown to catch it.
 */
export function createReportsSimulator(
  state: SimState,
  route: RouteSimulator,
  unrecordedCapture: (amount: number) => SimPayment,
) {
  /** A payment as the reports show it: dropped, re-amounted or as it is. */
  function reported(p: SimPayment): SimPayment | null {
    const s = state.switches;
    if (s.reportDropPaymentId && p.id === s.reportDropPaymentId) return null;
    if (s.reportAmountPaymentId && p.id === s.reportAmountPaymentId)
      return { ...p, amount: p.amount + s.reportAmountDeltaPaise };
    return p;
  }

  function reportedPayments(): SimPayment[] {
    const all = [...state.payments.values()];
    if (state.switches.reportUnknownPayment) {
      state.unknownPayment ??= unrecordedCapture(43_210);
      all.push(state.unknownPayment);
    }
    return all.map(reported).filter((p): p is SimPayment => p !== null);
  }

  function recon(query: URLSearchParams): NonNullable<RouteAnswer> {
    const window = reconWindow(query);
    if ('status' in window) return window;
    const q = listQuery(query, MAX_RECON_COUNT);
    if ('status' in q) return q;
    const settled = [...route.settlements.values()].filter(
      (s) => s.created_at >= window.start && s.created_at < window.end,
    );
    const items = settled.flatMap((s: SimSettlement) =>
      [...route.transfers.values()]
        .filter((t) => t.recipient_settlement_id === s.id)
        .map((t) => ({
          entity_id: t.id,
          type: 'transfer',
          debit: t.amount,
          credit: 0,
          amount: t.amount,
          currency: 'INR',
          fee: t.fees,
          tax: t.tax,
          on_hold: t.on_hold,
          settled: true,
          created_at: t.created_at,
          settled_at: s.created_at,
          settlement_id: s.id,
          posted_at: s.created_at,
          credit_type: 'default',
          description: null,
          notes: t.notes,
          payment_id: t.source.startsWith('pay_') ? t.source : null,
          settlement_utr: s.utr,
          order_id: state.payments.get(t.source)?.order_id ?? null,
          order_receipt: null,
          method: state.payments.get(t.source)?.method ?? null,
          card_network: null,
          card_issuer: null,
          card_type: null,
          dispute_id: null,
        })),
    );
    const picked = items.slice(q.skip, q.skip + q.count);
    return ok({ entity: 'collection', count: picked.length, items: picked });
  }

  /** Answers a reporting API path, or null when it is not one. */
  function handle(method: string, path: string, query: URLSearchParams): RouteAnswer {
    if (method !== 'GET') return null;
    let m: RegExpExecArray | null;
    if (path === '/v1/payments') {
      const q = listQuery(query);
      return 'status' in q ? q : page(reportedPayments(), q);
    }
    if ((m = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const p = reportedPayments().find((x) => x.id === decodeURIComponent(m?.[1] ?? ''));
      return p ? ok(p) : err('The id provided does not exist');
    }
    if (path === '/v1/refunds') {
      const q = listQuery(query);
      return 'status' in q ? q : page([...route.refunds.values()], q);
    }
    if ((m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      const r = route.refunds.get(decodeURIComponent(m[1] ?? ''));
      return r ? ok(r) : err('The id provided does not exist');
    }
    if (path === '/v1/settlements') {
      const q = listQuery(query);
      return 'status' in q ? q : page([...route.settlements.values()], q);
    }
    if (path === '/v1/settlements/recon/combined') return recon(query);
    return null;
  }

  return { handle };
}
