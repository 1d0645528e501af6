import type Razorpay from 'razorpay';
import { AppError } from '../http/errors.ts';

/** A Route transfer as Razorpay reports it (the fields we use). */
export interface RouteTransfer {
  id: string;
  status: 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed' | string;
  source: string;
  recipient: string;
  amount: number;
  amount_reversed?: number;
  notes: Record<string, string> | unknown[];
  recipient_settlement_id: string | null;
  /** Whether its settlement to the linked account's bank is on hold, and where that settlement stands. */
  on_hold?: boolean;
  settlement_status?: 'pending' | 'on_hold' | 'settled' | null;
  error?: { description?: string | null; reason?: string | null } | null;
}

export interface RouteOnboarding {
  legalName: string;
  email: string;
  /** 10 digits. */
  phone: string;
  pan: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** Our reference (the creator id), kept by Razorpay as `reference_id`. */
  referenceId: string;
}

export interface RouteBankAccount {
  accountNumber: string;
  ifsc: string;
  beneficiaryName: string;
}

/** Razorpay Route through the official SDK: linked accounts, stakeholders, products, transfers, reversals. */
export interface RouteGateway {
  /** `POST /v2/accounts` (type route), then `…/stakeholders` with the PAN. */
  createLinkedAccount(input: RouteOnboarding): Promise<{ accountId: string; stakeholderId: string }>;
  /** `POST /v2/accounts/:id/products` (route, terms accepted), then `PATCH …/products/:pid` with the settlement account. */
  configureRoute(accountId: string, bank: RouteBankAccount): Promise<{ productId: string; status: string }>;
  /** `PATCH /v2/accounts/:id/products/:pid` with corrected settlement details (after needs_clarification). */
  updateSettlement(accountId: string, productId: string, bank: RouteBankAccount): Promise<{ status: string }>;
  /** `GET /v2/accounts/:id/products/:pid`: the route product's review state now, and what Razorpay asks for. */
  fetchProduct(
    accountId: string,
    productId: string,
  ): Promise<{ status: string; requirements: Array<{ field_reference: string; reason_code: string }> }>;
  /** `POST /v1/payments/:id/transfers`: one transfer from a captured payment to a linked account. */
  transferFromPayment(
    paymentId: string,
    t: { account: string; amountPaise: number; notes: Record<string, string> },
  ): Promise<RouteTransfer>;
  /** `POST /v1/transfers`: a direct transfer from the platform balance. */
  directTransfer(t: {
    account: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<RouteTransfer>;
  /** `GET /v1/transfers` (recent, paged) or `GET /v1/payments/:id/transfers`. */
  listTransfers(query: {
    paymentId?: string;
    recipientSettlementId?: string;
    from?: number;
    count?: number;
    skip?: number;
  }): Promise<RouteTransfer[]>;
  fetchTransfer(transferId: string): Promise<RouteTransfer>;
  /** `PATCH /v1/transfers/:id` (Modify Settlement Hold): holds (indefinitely) or releases a transfer's settlement. */
  holdTransfer(transferId: string, onHold: boolean): Promise<RouteTransfer>;
  /** `POST /v1/transfers/:id/reversals`. */
  reverseTransfer(transferId: string, amountPaise: number): Promise<{ id: string; amount: number }>;
  /** `GET /v1/settlements/:id` (for its UTR). */
  fetchSettlement(settlementId: string): Promise<{ id: string; utr: string | null }>;
}

type Run = <T>(what: string, work: () => Promise<T>) => Promise<T>;

/**
 * Runs an onboarding call and drops the SDK's error object from what it throws: a network error from axios
 * carries the request body (PAN, account number), which must never reach a log.
 */
async function scrubbed<T>(run: Run, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await run(what, work);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, err.field);
    throw new AppError('UPSTREAM_FAILED', 'The payment provider could not be reached. Please try again.');
  }
}

const asTransfer = (t: unknown): RouteTransfer => t as RouteTransfer; // the SDK's type omits Route fields (error, recipient_settlement_id)

/** The Route calls over an SDK instance; `run` adds the gateway's deadline and error translation. */
export function createRouteGateway(sdk: Razorpay, run: Run): RouteGateway {
  return {
    async createLinkedAccount(input) {
      const account = await scrubbed(run, 'create linked account', () =>
        sdk.accounts.create({
          email: input.email,
          phone: input.phone,
          type: 'route',
          reference_id: input.referenceId.slice(0, 20),
          legal_business_name: input.legalName,
          business_type: 'individual',
          contact_name: input.legalName,
          profile: {
            category: 'entertainment',
            subcategory: 'streaming',
            addresses: {
              registered: {
                street1: input.street,
                street2: input.street,
                city: input.city,
                state: input.state,
                postal_code: Number(input.postalCode),
                country: 'IN',
              },
            },
          },
        }),
      );
      const stakeholder = await scrubbed(
        run,
        'create stakeholder',
        () =>
          sdk.stakeholders.create(account.id, {
            name: input.legalName,
            email: input.email,
            phone: { primary: input.phone },
            kyc: { pan: input.pan },
          } as never), // the SDK's typing asks for address fields Razorpay documents as optional
      );
      return { accountId: account.id, stakeholderId: stakeholder.id };
    },

    async configureRoute(accountId, bank) {
      const product = await scrubbed(run, 'request route product', () =>
        sdk.products.requestProductConfiguration(accountId, { product_name: 'route', tnc_accepted: true }),
      );
      const updated = await scrubbed(
        run,
        'set settlement account',
        () =>
          sdk.products.edit(accountId, product.id, {
            settlements: {
              account_number: bank.accountNumber,
              ifsc_code: bank.ifsc,
              beneficiary_name: bank.beneficiaryName,
            },
            tnc_accepted: true,
          } as never), // settlements' account_number is typed as a number in 2.9.8; Razorpay takes a string
      );
      return { productId: product.id, status: String(updated.activation_status) };
    },

    async updateSettlement(accountId, productId, bank) {
      const updated = await scrubbed(run, 'update settlement account', () =>
        sdk.products.edit(accountId, productId, {
          settlements: {
            account_number: bank.accountNumber,
            ifsc_code: bank.ifsc,
            beneficiary_name: bank.beneficiaryName,
          },
        } as never),
      );
      return { status: String(updated.activation_status) };
    },

    async fetchProduct(accountId, productId) {
      const p = await run('fetch route product', () => sdk.products.fetch(accountId, productId));
      const requirements = (p as { requirements?: Array<{ field_reference: string; reason_code: string }> })
        .requirements;
      return { status: String(p.activation_status), requirements: requirements ?? [] };
    },

    async transferFromPayment(paymentId, t) {
      const result = await run('transfer from payment', () =>
        sdk.payments.transfer(paymentId, {
          transfers: [{ account: t.account, amount: t.amountPaise, currency: 'INR', notes: t.notes }],
        }),
      );
      const first = (result as unknown as { items: unknown[] }).items[0];
      if (!first) throw new Error('transfer response without items');
      return asTransfer(first);
    },

    async directTransfer(t) {
      return asTransfer(
        await run('direct transfer', () =>
          sdk.transfers.create({
            account: t.account,
            amount: t.amountPaise,
            currency: 'INR',
            notes: t.notes,
          }),
        ),
      );
    },

    async listTransfers(q) {
      const list = await run(
        'list transfers',
        () =>
          sdk.transfers.all({
            payment_id: q.paymentId,
            recipient_settlement_id: q.recipientSettlementId,
            from: q.from,
            count: q.count ?? 100,
            skip: q.skip ?? 0,
          } as never), // `from` is a unix time; the typing wants a date string
      );
      return (list.items as unknown[]).map(asTransfer);
    },

    async fetchTransfer(transferId) {
      return asTransfer(await run('fetch transfer', () => sdk.transfers.fetch(transferId)));
    },

    async holdTransfer(transferId, onHold) {
      return asTransfer(
        await run(onHold ? 'hold transfer settlement' : 'release transfer settlement', () =>
          sdk.transfers.edit(transferId, { on_hold: onHold ? 1 : 0 }),
        ),
      );
    },

    async reverseTransfer(transferId, amountPaise) {
      const reversal = await run('reverse transfer', () =>
        sdk.transfers.reverse(transferId, { amount: amountPaise }),
      );
      return { id: reversal.id, amount: Number(reversal.amount) };
    },

    async fetchSettlement(settlementId) {
      const s = await run('fetch settlement', () => sdk.settlements.fetch(settlementId));
      return { id: s.id, utr: (s as { utr?: string | null }).utr ?? null };
    },
  };
}
