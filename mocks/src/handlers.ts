import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_SAFETY,
  ERROR_STATUS,
  MESSAGES,
  SAFETY_MESSAGES,
  endpoints,
  SHARED_PATH_FORMS,
  validate,
  paiseToRupees,
  rupeesToPaise,
  type EndpointName,
  type Endpoints,
  type ErrorCode,
  type Tip,
  type User,
} from '@shabaash/shared';
import {
  creatorSpace,
  deleteTip,
  insertTip,
  newId,
  postLedger,
  setTipStatus,
  versionOf,
  walletSpace,
  type MockCreator,
  type MockState,
  type MockTipRow,
} from './state.ts';
import { apiTokenResolvers } from './apiTokens.ts';
import { webhookResolvers } from './webhooks.ts';

/** A failure a mock answers with the API's envelope `{ message, code }`. */
export class MockHttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const fail = (code: ErrorCode, message: string, field?: string) => new MockHttpError(code, message, field);
const notFound = (what: string) => fail('NOT_FOUND', `${what} not found.`);

type Parsed<N extends EndpointName, K extends 'input' | 'query'> =
  Endpoints[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/** What a resolver gets: the request parsed with the endpoint's own schemas, and the caller. */
export interface MockContext<N extends EndpointName> {
  input: Parsed<N, 'input'>;
  query: Parsed<N, 'query'>;
  params: Record<string, string>;
  /** The signed-in user (always set on `user` and `creator` endpoints). */
  user: User | null;
  idempotencyKey: string | undefined;
  state: MockState;
}

/** One resolver per endpoint of the contract; TypeScript checks the return against the endpoint's output. */
export type MockResolvers = {
  [N in EndpointName]: (
    ctx: MockContext<N>,
  ) => z.input<Endpoints[N]['output']> | Promise<z.input<Endpoints[N]['output']>>;
};

function requireUser<N extends EndpointName>(ctx: MockContext<N>): User {
  if (!ctx.user) throw fail('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return ctx.user;
}

function creatorOf(state: MockState, user: User): MockCreator {
  const creator = state.creators.get(user.id);
  if (!creator) throw fail('FORBIDDEN', MESSAGES.forbiddenCreator);
  return creator;
}

function creatorByHandle(state: MockState, handle: string | undefined): MockCreator {
  const creator = handle
    ? [...state.creators.values()].find((c) => c.handle === handle)
    : state.creators.get(state.defaultCreatorId);
  if (!creator) throw fail('NOT_FOUND', MESSAGES.creatorNotFound, 'creator');
  return creator;
}

const liveTips = (state: MockState, creatorId: string): MockTipRow[] =>
  [...state.tips.values()].filter((r) => r.tip.creatorId === creatorId && !r.deleted);

const newestFirst = (a: MockTipRow, b: MockTipRow) =>
  b.tip.createdAt.localeCompare(a.tip.createdAt) || b.tip.version - a.tip.version;

const publicTip = (tip: Tip): Tip => ({ ...tip, sender: tip.sender ? { ...tip.sender, phone: null } : null });

function masked(phone: string | null): string | null {
  return phone ? `${phone.slice(0, 2)}•••••${phone.slice(-3)}` : null;
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

function safetyRefusal(creator: MockCreator, amountPaise: number, message: string): MockHttpError | null {
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

function createOrder(
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

/** Marks a mock order paid once, as the payment webhook would: a top-up credits the wallet, a guest order adds its tip. */
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
      sender: null,
      guestName: order.tip.name || null,
      amountPaise: order.amount,
      message: order.tip.message,
    });
  }
  return true;
}

/** The behaviour of every endpoint over the in-memory state. */
export const resolvers: MockResolvers = {
  health: () => ({ status: 'ok', db: 'ok', version: 'mock' }),
  config: ({ state }) => {
    const creator = state.creators.get(state.defaultCreatorId);
    return {
      sandbox: true,
      razorpayKeyId: 'rzp_test_mockmode',
      checkoutScriptUrl: '/sandbox/checkout.js',
      firebase: {
        apiKey: 'mock-api-key',
        projectId: 'shabaash-mock',
        authDomain: 'localhost',
        emulatorUrl: null,
      },
      contactEmail: 'hello@shabaash.in',
      defaultCreator: creator ? { handle: creator.handle, displayName: creator.displayName } : null,
    };
  },
  register: ({ input, state }) => {
    if ([...state.users.values()].some((u) => u.user.phone === input.phone))
      throw fail('CONFLICT', MESSAGES.phoneTaken, 'phone');
    const user: User = {
      id: newId(state, 'd'),
      name: input.name,
      phone: input.phone,
      role: 'viewer',
      profilePic: null,
      creator: null,
    };
    state.users.set(user.id, { user, password: input.password });
    state.wallets.set(user.id, { balancePaise: 0, transactions: [] });
    const token = `mock-token-${newId(state, 'd')}`;
    state.sessions.set(token, user.id);
    return { token, user };
  },
  login: ({ input, state }) => {
    const found = [...state.users.values()].find((u) => u.user.phone === input.phone);
    if (!found || found.password !== input.password)
      throw fail('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    const token = `mock-token-${newId(state, 'd')}`;
    state.sessions.set(token, found.user.id);
    return { token, user: found.user };
  },
  resetPassword: ({ input, state }) => {
    const found = [...state.users.values()].find((u) => u.user.phone === input.phone);
    if (!found) throw fail('NOT_FOUND', MESSAGES.phoneNotRegistered, 'phone');
    found.password = input.password;
    return { message: MESSAGES.passwordReset };
  },
  logout: ({ state, user }) => {
    for (const [token, id] of state.sessions)
      if (id === user?.id && token.startsWith('mock-token-d')) state.sessions.delete(token);
    return { message: MESSAGES.loggedOut };
  },
  me: (ctx) => ({ user: requireUser(ctx) }),
  updateProfilePic: (ctx) => {
    const user = requireUser(ctx);
    user.profilePic = ctx.input.profilePic;
    return { user };
  },
  exportMyData: (ctx) => {
    const user = requireUser(ctx);
    return {
      exportedAt: new Date().toISOString(),
      profile: { id: user.id, name: user.name, phone: user.phone, role: user.role },
      wallet: { balancePaise: 0, ledger: [] },
      tipsSent: [],
      tipsReceived: [],
    };
  },
  deleteAccount: ({ state, user }) => {
    for (const [token, id] of state.sessions) if (id === user?.id) state.sessions.delete(token);
    return { message: MESSAGES.accountDeleted };
  },
  createLead: ({ input, state }) => {
    state.leads.push(input);
    return { message: MESSAGES.leadCaptured };
  },
  becomeCreator: (ctx) => {
    const user = requireUser(ctx);
    if (user.creator) throw fail('CONFLICT', MESSAGES.alreadyCreator);
    if ([...ctx.state.creators.values()].some((c) => c.handle === ctx.input.handle))
      throw fail('CONFLICT', MESSAGES.handleTaken, 'handle');
    user.role = 'creator';
    user.creator = { handle: ctx.input.handle, displayName: ctx.input.displayName };
    const base = ctx.state.creators.get(ctx.state.defaultCreatorId);
    ctx.state.creators.set(user.id, {
      userId: user.id,
      handle: ctx.input.handle,
      displayName: ctx.input.displayName,
      overlayKey: `ovl_${ctx.input.handle}`,
      overlay: { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' },
      safety: base ? { ...base.safety, blockedTerms: [] } : { ...DEFAULT_SAFETY, blockedTerms: [] },
      blocked: [],
    });
    return { user };
  },
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
      if (!row.senderId) throw fail('VALIDATION_FAILED', SAFETY_MESSAGES.nothingToBlock);
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
  ...apiTokenResolvers,
  ...webhookResolvers,
  // Payouts in mock mode: an onboarding that is accepted at once, and empty balances (no money moves here).
  payouts: (ctx) => mockPayouts(ctx.state, creatorOf(ctx.state, requireUser(ctx)).userId),
  payoutOnboard: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const { legalName, accountNumber } = ctx.input;
    payoutAccounts.set(creator.userId, { legalName, last4: accountNumber.slice(-4) });
    return mockPayouts(ctx.state, creator.userId);
  },
  payoutStatement: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const zero = { grossTipsPaise: 0, platformFeePaise: 0, platformFeeGstPaise: 0, netTipsPaise: 0 };
    return {
      month: ctx.query.month,
      creator: { handle: creator.handle, displayName: creator.displayName },
      totals: {
        ...zero,
        gatewayFeePaise: null,
        gatewayTaxPaise: null,
        reversalsPaise: 0,
        transfersPaidPaise: 0,
        takenBackPaise: 0,
        openingBalancePaise: 0,
        closingBalancePaise: 0,
      },
      tips: [],
      transfers: [],
      reversals: [],
    };
  },
  payoutCorrect: (ctx) => mockPayouts(ctx.state, creatorOf(ctx.state, requireUser(ctx)).userId),
};

/** The API's refusal of an amount under a creator's minimum. */
function minimumMessage(minTipPaise: number): string {
  return SAFETY_MESSAGES.minimumTip(`₹${(minTipPaise / 100).toFixed(2)}`);
}

const payoutAccounts = new Map<string, { legalName: string; last4: string }>();

function mockPayouts(_state: MockState, creatorId: string) {
  const account = payoutAccounts.get(creatorId);
  const zero = { pendingPaise: 0, availablePaise: 0, inTransitPaise: 0, paidPaise: 0 };
  return {
    routeEnabled: true,
    onboarding: account
      ? {
          status: 'activated' as const,
          reasons: [],
          legalName: account.legalName,
          bankName: 'HDFC Bank',
          accountLast4: account.last4,
        }
      : null,
    balances: { ...zero, reversedPaise: 0, debtPaise: 0, feesPaise: 0, earnedPaise: 0 },
    plan: 'starter' as const,
    nextPayoutAt: null,
    transfers: [],
    reversals: [],
  };
}

function envelope(error: MockHttpError): Response {
  return HttpResponse.json(
    { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) },
    { status: ERROR_STATUS[error.code] },
  );
}

/** The API's parseInput: the first issue's message, or "<field> is required." for a missing field. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validate(schema, value);
  if (result.ok) return result.data;
  throw fail('VALIDATION_FAILED', result.message, result.field);
}

/** The user behind `Authorization: Bearer <token>`, or null. */
function caller(state: MockState, request: Request): User | null {
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const userId = token ? state.sessions.get(token) : undefined;
  return userId ? (state.users.get(userId)?.user ?? null) : null;
}

/**
 * Builds one MSW handler for one endpoint of the contract: auth as the API does, input and query parsed with the
 * endpoint's schemas (400 envelope with the schema's message), and the answer validated with the output schema
 * (a mock that drifts from the contract answers 500 and logs why).
 */
function endpointHandler(
  state: MockState,
  name: EndpointName,
  resolver: (ctx: MockContext<EndpointName>) => unknown,
  path?: string,
): HttpHandler {
  const def: Endpoints[EndpointName] = endpoints[name];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const serves = SHARED_PATH_FORMS[name];
  return http[method](`*/api${path ?? def.path}`, async ({ request, params }) => {
    // Another endpoint on this method and path serves this request (MSW moves on to its handler).
    if (serves && !serves(Object.fromEntries(new URL(request.url).searchParams))) return undefined;
    state.calls.set(name, (state.calls.get(name) ?? 0) + 1);
    try {
      const user = caller(state, request);
      if (def.auth !== 'public' && !user) throw fail('UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (def.auth === 'creator' && !(user && state.creators.has(user.id)))
        throw fail('FORBIDDEN', MESSAGES.forbiddenCreator);
      let input: unknown = undefined;
      if ('input' in def) {
        const text = await request.text();
        let body: unknown = {};
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            throw fail('INVALID_JSON', MESSAGES.invalidJson);
          }
        }
        input = parse(def.input, body);
      }
      let query: unknown = undefined;
      if ('query' in def) query = parse(def.query, Object.fromEntries(new URL(request.url).searchParams));
      const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const result = await resolver({
        input,
        query,
        params: stringParams,
        user,
        idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
        state,
      } as MockContext<EndpointName>);
      const checked = def.output.safeParse(result);
      if (!checked.success) {
        const why = `Mock ${name} drifted from the contract: ${checked.error.issues[0]?.message ?? 'invalid output'}`;
        console.error(why, checked.error.issues);
        return HttpResponse.json({ message: why, code: 'INTERNAL' }, { status: 500 });
      }
      return HttpResponse.json(checked.data as Record<string, unknown>);
    } catch (error) {
      if (error instanceof MockHttpError) return envelope(error);
      throw error;
    }
  });
}

/** A tiny stand-in for the Razorpay checkout script in mock mode: Pay succeeds at once, Fail reports a failure. */
const CHECKOUT_JS = `(function () {
  function Razorpay(o) { this.o = o; this.failed = []; }
  Razorpay.isSandbox = true;
  Razorpay.prototype.on = function (ev, cb) { if (ev === 'payment.failed') this.failed.push(cb); };
  Razorpay.prototype.close = function () { if (this.box) this.box.remove(); };
  Razorpay.prototype.open = function () {
    var self = this, o = this.o, box = document.createElement('div');
    box.setAttribute('role', 'dialog'); box.setAttribute('aria-label', 'Mock checkout');
    box.style.cssText = 'position:fixed;inset:auto 1rem 1rem 1rem;z-index:9999;padding:1rem;background:#fff;color:#111;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3)';
    box.textContent = 'Mock checkout: \\u20b9' + (o.amount / 100).toFixed(2) + ' ';
    function pay(outcome) {
      fetch('/sandbox/payments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId: o.order_id, outcome: outcome }) })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          box.remove();
          if (d.razorpay_payment_id) { if (o.handler) o.handler(d); }
          else self.failed.forEach(function (cb) { cb({ error: d.error }); });
        });
    }
    var ok = document.createElement('button'); ok.textContent = 'Pay'; ok.onclick = function () { pay('success'); };
    var no = document.createElement('button'); no.textContent = 'Fail'; no.onclick = function () { pay('failure'); };
    var x = document.createElement('button'); x.textContent = 'Cancel'; x.onclick = function () { box.remove(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); };
    box.append(ok, no, x); document.body.append(box); this.box = box;
  };
  window.Razorpay = Razorpay;
})();`;

/** The sandbox checkout routes mock mode answers instead of the Razorpay simulator. */
function sandboxHandlers(state: MockState): HttpHandler[] {
  return [
    http.get(
      '*/sandbox/checkout.js',
      () => new HttpResponse(CHECKOUT_JS, { headers: { 'Content-Type': 'text/javascript' } }),
    ),
    http.post('*/sandbox/payments', async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { orderId?: string; outcome?: string };
      const order = body.orderId ? state.orders.get(body.orderId) : undefined;
      if (!order || body.outcome === 'failure') {
        if (order) Object.assign(order, { status: 'failed', failureReason: 'Payment failed' });
        return HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Payment failed',
              reason: 'payment_failed',
              metadata: { order_id: body.orderId },
            },
          },
          { status: 400 },
        );
      }
      markOrderPaid(state, order.id);
      return HttpResponse.json({
        razorpay_payment_id: `pay_mock_${order.id.slice(-6)}`,
        razorpay_order_id: order.id,
        razorpay_signature: 'mock-signature',
      });
    }),
  ];
}

/** Every endpoint of shared/src/api.ts (plus the sandbox checkout) as MSW handlers over `state`. */
export function createHandlers(state: MockState, overrides: Partial<MockResolvers> = {}): HttpHandler[] {
  const all = { ...resolvers, ...overrides } as Record<
    EndpointName,
    (ctx: MockContext<EndpointName>) => unknown
  >;
  const names = Object.keys(endpoints) as EndpointName[];
  return [
    ...names.map((name) => endpointHandler(state, name, all[name])),
    // `/creator/chats?since=N`, the older spelling of chatChanges (the chats handler passes it on).
    endpointHandler(state, 'chatChanges', all.chatChanges, '/creator/chats'),
    ...sandboxHandlers(state),
  ];
}
