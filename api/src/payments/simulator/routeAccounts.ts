import { unixNow } from './entities.ts';
import {
  IFSC,
  PAN,
  err,
  isRecord,
  notesOf,
  ok,
  rid,
  str,
  type RouteAnswer,
  type RouteContext,
  type RouteEventName,
  type SimLinkedAccount,
  type SimProduct,
} from './routeEntities.ts';

/** Sends `product.route.<status>` for a route product's review step. */
function productEvent(ctx: RouteContext, p: SimProduct) {
  const name = `product.route.${p.activation_status}` as RouteEventName;
  ctx.emit(name, p.account_id, {
    merchant_product: {
      entity: {
        id: p.id,
        merchant_id: p.account_id.slice(4),
        activation_status: p.activation_status,
        requirements: p.requirements,
      },
    },
  });
}

/** `POST /v2/accounts`: a linked account, or Razorpay's error for a missing or invalid field or a taken email. */
function createAccount(
  accounts: Map<string, SimLinkedAccount>,
  body: Record<string, unknown>,
): NonNullable<RouteAnswer> {
  for (const field of ['email', 'phone', 'legal_business_name', 'contact_name', 'business_type'])
    if (!str(body[field])) return err(`The ${field} field is required.`, field);
  if (body.type !== 'route') return err('The type field is invalid.', 'type');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str(body.email)))
    return err('The email must be a valid email address.', 'email');
  if (!/^\d{8,15}$/.test(str(body.phone))) return err('The phone format is invalid.', 'phone');
  const clash = [...accounts.values()].find((a) => a.email === str(body.email));
  if (clash) return err(`Merchant email already exists for account - ${clash.id.slice(4)}`, 'email');
  const legal = isRecord(body.legal_info) ? body.legal_info : undefined;
  if (legal?.pan !== undefined && !PAN.test(str(legal.pan))) return err('The pan field is invalid.', 'pan');
  const account: SimLinkedAccount = {
    id: rid('acc'),
    type: 'route',
    status: 'created',
    email: str(body.email),
    phone: str(body.phone),
    legal_business_name: str(body.legal_business_name),
    business_type: str(body.business_type),
    reference_id: str(body.reference_id) || null,
    contact_name: str(body.contact_name),
    profile: body.profile ?? null,
    legal_info: legal,
    notes: notesOf(body.notes),
    created_at: unixNow(),
  };
  accounts.set(account.id, account);
  return ok(account);
}

/** `POST /v2/accounts/:id/stakeholders`: the stakeholder with a masked PAN. */
function createStakeholder(
  accounts: ReadonlyMap<string, SimLinkedAccount>,
  accountId: string,
  body: Record<string, unknown>,
): NonNullable<RouteAnswer> {
  if (!accounts.has(accountId)) return err('The id provided does not exist');
  if (!str(body.name)) return err('The name field is required.', 'name');
  const kyc = isRecord(body.kyc) ? body.kyc : {};
  if (!PAN.test(str(kyc.pan))) return err('The pan field is invalid.', 'kyc.pan');
  return ok({
    entity: 'stakeholder',
    id: rid('sth'),
    name: str(body.name),
    email: str(body.email),
    relationship: body.relationship ?? { director: true },
    phone: body.phone ?? {},
    notes: notesOf(body.notes),
    kyc: { pan: `XXXXX${str(kyc.pan).slice(5, 9)}X` },
    addresses: body.addresses ?? {},
  });
}

/** A route product as Razorpay shows it (without the simulator's review count). */
function presentProduct(p: SimProduct) {
  const { reviews: _reviews, ...rest } = p;
  return rest;
}

/** Route onboarding in the simulator: linked accounts (`/v2/accounts`), stakeholders and the route product's review. */
export function createRouteAccounts(ctx: RouteContext) {
  const accounts = new Map<string, SimLinkedAccount>();
  const products = new Map<string, SimProduct>();

  function review(p: SimProduct) {
    p.activation_status = 'under_review';
    p.requirements = [];
    productEvent(ctx, p);
    ctx.later(ctx.switches.routeStepMs, () => {
      p.reviews += 1;
      if (ctx.switches.routeNeedsClarification && p.reviews === 1) {
        p.activation_status = 'needs_clarification';
        p.requirements = [
          {
            field_reference: 'settlements.beneficiary_name',
            resolution_url: `/accounts/${p.account_id}/products/${p.id}`,
            status: 'required',
            reason_code: 'document_name_mismatch',
          },
        ];
      } else {
        p.activation_status = 'activated';
        const account = accounts.get(p.account_id);
        if (account) account.status = 'activated';
      }
      productEvent(ctx, p);
    });
  }

  function requestProduct(accountId: string, body: Record<string, unknown>): NonNullable<RouteAnswer> {
    if (!accounts.has(accountId)) return err('The id provided does not exist');
    if (body.product_name !== 'route') return err('The product name field is invalid.', 'product_name');
    const product: SimProduct = {
      id: rid('acc_prd'),
      account_id: accountId,
      product_name: 'route',
      activation_status: 'needs_clarification',
      requested_configuration: { payment_methods: [] },
      active_configuration: { settlements: null, payment_capture: null },
      requirements: [
        'settlements.account_number',
        'settlements.ifsc_code',
        'settlements.beneficiary_name',
      ].map((field_reference) => ({
        field_reference,
        resolution_url: `/accounts/${accountId}/products/{product_id}`,
        status: 'required',
        reason_code: 'field_missing',
      })),
      tnc_accepted: body.tnc_accepted === true,
      reviews: 0,
      requested_at: unixNow(),
    };
    products.set(product.id, product);
    return ok(presentProduct(product));
  }

  function editProduct(
    accountId: string,
    productId: string,
    body: Record<string, unknown>,
  ): NonNullable<RouteAnswer> {
    const product = products.get(productId);
    if (!product || product.account_id !== accountId) return err('The id provided does not exist');
    const s = isRecord(body.settlements) ? body.settlements : null;
    if (s) {
      if (!/^\d{9,18}$/.test(str(s.account_number)))
        return err('The account number is invalid.', 'settlements.account_number');
      if (!IFSC.test(str(s.ifsc_code))) return err('The ifsc code is invalid.', 'settlements.ifsc_code');
      if (!str(s.beneficiary_name))
        return err('The beneficiary name field is required.', 'settlements.beneficiary_name');
      product.active_configuration.settlements = {
        account_number: `XXXXXX${str(s.account_number).slice(-4)}`,
        ifsc_code: str(s.ifsc_code),
        beneficiary_name: str(s.beneficiary_name),
      };
    }
    if (body.tnc_accepted === true) product.tnc_accepted = true;
    if (
      product.activation_status !== 'activated' &&
      product.tnc_accepted &&
      product.active_configuration.settlements
    )
      review(product);
    return ok(presentProduct(product));
  }

  /** Answers a `/v2/accounts…` path, or null. */
  function handle(method: string, path: string, b: Record<string, unknown>): RouteAnswer {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/accounts') return createAccount(accounts, b);
    if (method === 'GET' && (m = /^\/v2\/accounts\/([^/]+)$/.exec(path))) {
      const a = accounts.get(m[1] ?? '');
      return a ? ok(a) : err('The id provided does not exist');
    }
    if (method === 'POST' && (m = /^\/v2\/accounts\/([^/]+)\/stakeholders$/.exec(path)))
      return createStakeholder(accounts, m[1] ?? '', b);
    if (method === 'POST' && (m = /^\/v2\/accounts\/([^/]+)\/products$/.exec(path)))
      return requestProduct(m[1] ?? '', b);
    if ((m = /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/.exec(path))) {
      if (method === 'PATCH') return editProduct(m[1] ?? '', m[2] ?? '', b);
      const p = products.get(m[2] ?? '');
      return p && p.account_id === m[1] ? ok(presentProduct(p)) : err('The id provided does not exist');
    }
    return null;
  }

  return {
    accounts: accounts as ReadonlyMap<string, SimLinkedAccount>,
    products: products as ReadonlyMap<string, SimProduct>,
    handle,
    /** An activated linked account made without the onboarding calls (the bench seeds thousands). */
    seedActivatedAccount(email: string): string {
      const account: SimLinkedAccount = {
        id: rid('acc'),
        type: 'route',
        status: 'activated',
        email,
        phone: '9000000000',
        legal_business_name: email,
        business_type: 'individual',
        reference_id: null,
        contact_name: email,
        profile: null,
        notes: [],
        created_at: unixNow(),
      };
      accounts.set(account.id, account);
      return account.id;
    },
  };
}
