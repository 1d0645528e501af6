import type Razorpay from 'razorpay';
import { AppError } from '../http/errors.ts';
import type { RouteTransfer } from './routeGateway.ts';

/** A payment as Razorpay's reports show it (the fields reconciliation compares). */
export interface ReportedPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  captured: boolean;
  amount_refunded: number;
  created_at: number;
}

export interface ReportedRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  created_at: number;
}

export interface ReportedSettlement {
  id: string;
  amount: number;
  status: string;
  utr: string | null;
  created_at: number;
}

/** One settled transaction of the settlement recon report (`GET /v1/settlements/recon/combined`). */
export interface ReconItem {
  entity_id: string;
  type: string;
  amount: number;
  settlement_id: string;
  settlement_utr: string | null;
  settled_at: number;
}

/** A time window in unix seconds, both ends included (Razorpay's `from` and `to`). */
export interface Window {
  from: number;
  to: number;
}

/** Razorpay's reporting APIs through the SDK: what Razorpay says happened, for the daily reconciliation. */
export interface ReportsGateway {
  /** `GET /v1/payments?from&to` (every page). */
  listPayments(window: Window): Promise<ReportedPayment[]>;
  /** `GET /v1/payments/:id`; null when Razorpay does not know the id. */
  fetchPayment(id: string): Promise<ReportedPayment | null>;
  listRefunds(window: Window): Promise<ReportedRefund[]>;
  fetchRefund(id: string): Promise<ReportedRefund | null>;
  /** `GET /v1/transfers?from&to` (every page). */
  listTransfers(window: Window): Promise<RouteTransfer[]>;
  fetchTransfer(id: string): Promise<RouteTransfer | null>;
  listSettlements(window: Window): Promise<ReportedSettlement[]>;
  fetchSettlement(id: string): Promise<ReportedSettlement | null>;
  /** `GET /v1/settlements/recon/combined?year&month&day` (every page): each transaction settled that IST day. */
  settlementRecon(day: { year: number; month: number; day: number }): Promise<ReconItem[]>;
}

type Run = <T>(what: string, work: () => Promise<T>) => Promise<T>;

const PAGE = 100;
const RECON_PAGE = 1000;
/** A safety stop: a day with more than this many entities of one kind is a bug, not a page loop to follow. */
const MAX_PAGES = 1000;

/** Razorpay's answer for an unknown id (400, "The id provided does not exist"). */
const isUnknownId = (err: unknown) =>
  err instanceof AppError && err.code === 'VALIDATION_FAILED' && /does not exist/i.test(err.message);

async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    if (isUnknownId(err)) return null;
    throw err;
  }
}

/** Every page of a Razorpay collection (count/skip), newest first as Razorpay answers. */
async function allPages<T>(size: number, fetchPage: (skip: number) => Promise<{ items: unknown[] }>) {
  const out: T[] = [];
  for (let i = 0; i < MAX_PAGES; i++) {
    const { items } = await fetchPage(i * size);
    out.push(...(items as T[]));
    if (items.length < size) return out;
  }
  throw new AppError('UPSTREAM_FAILED', 'The payment provider listed more than we can read in one run.');
}

const asPayment = (p: unknown): ReportedPayment => {
  const x = p as ReportedPayment & { amount: number | string; amount_refunded?: number | string };
  return {
    id: x.id,
    order_id: x.order_id ?? null,
    amount: Number(x.amount),
    currency: x.currency,
    status: x.status,
    captured: Boolean(x.captured),
    amount_refunded: Number(x.amount_refunded ?? 0),
    created_at: x.created_at,
  };
};
const asRefund = (r: unknown): ReportedRefund => {
  const x = r as ReportedRefund & { amount: number | string };
  return {
    id: x.id,
    payment_id: x.payment_id,
    amount: Number(x.amount),
    status: x.status,
    created_at: x.created_at,
  };
};
const asSettlement = (s: unknown): ReportedSettlement => {
  const x = s as ReportedSettlement & { amount: number | string };
  return {
    id: x.id,
    amount: Number(x.amount),
    status: x.status,
    utr: x.utr ?? null,
    created_at: x.created_at,
  };
};

/** The reporting calls over an SDK instance; `run` adds the gateway's deadline and error translation. */
export function createReportsGateway(sdk: Razorpay, run: Run): ReportsGateway {
  // The SDK's typings narrow these queries (dates as strings, required fields); Razorpay takes unix seconds.
  const query = (window: Window, count: number, skip: number) =>
    ({ from: window.from, to: window.to, count, skip }) as never;
  return {
    async listPayments(window) {
      const items = await allPages(PAGE, (skip) =>
        run('list payments', () => sdk.payments.all(query(window, PAGE, skip))),
      );
      return items.map(asPayment);
    },
    async fetchPayment(id) {
      const p = await orNull(() => run('fetch payment', () => sdk.payments.fetch(id)));
      return p ? asPayment(p) : null;
    },
    async listRefunds(window) {
      const items = await allPages(PAGE, (skip) =>
        run('list refunds', () => sdk.refunds.all(query(window, PAGE, skip))),
      );
      return items.map(asRefund);
    },
    async fetchRefund(id) {
      const r = await orNull(() => run('fetch refund', () => sdk.refunds.fetch(id)));
      return r ? asRefund(r) : null;
    },
    async listTransfers(window) {
      return allPages<RouteTransfer>(PAGE, (skip) =>
        run('list transfers', () => sdk.transfers.all(query(window, PAGE, skip))),
      );
    },
    async fetchTransfer(id) {
      return orNull(() =>
        run('fetch transfer', async () => (await sdk.transfers.fetch(id)) as unknown as RouteTransfer),
      );
    },
    async listSettlements(window) {
      const items = await allPages(PAGE, (skip) =>
        run('list settlements', () => sdk.settlements.all(query(window, PAGE, skip))),
      );
      return items.map(asSettlement);
    },
    async fetchSettlement(id) {
      const s = await orNull(() => run('fetch settlement', () => sdk.settlements.fetch(id)));
      return s ? asSettlement(s) : null;
    },
    async settlementRecon(day) {
      const items = await allPages<ReconItem & { amount: number | string }>(RECON_PAGE, (skip) =>
        run(
          'settlement recon',
          // The SDK types the answer as one item; Razorpay answers a collection.
          async () =>
            (await sdk.settlements.reports({ ...day, count: RECON_PAGE, skip })) as unknown as {
              items: unknown[];
            },
        ),
      );
      return items.map((i) => ({ ...i, amount: Number(i.amount) }));
    },
  };
}
