import {
  DEFAULT_SAFETY,
  MESSAGES,
  SANDBOX_PUBLIC_LEGAL,
  SPEC_TIPS_FIGURE,
  type User,
} from '@shabaash/shared';
import { fail, requireUser, type MockResolvers } from '../context.ts';
import { newId } from '../state.ts';

/** Health, config, accounts, sessions, leads and becoming a creator. */
export const accountResolvers = {
  health: () => ({
    status: 'ok',
    db: 'ok',
    version: 'mock',
    parts: { database: { mode: 'mock', status: 'ok' } },
  }),
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
      landingTipsFigure: SPEC_TIPS_FIGURE,
      defaultCreator: creator ? { handle: creator.handle, displayName: creator.displayName } : null,
      legal: { ...SANDBOX_PUBLIC_LEGAL },
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
  createReport: (ctx) => {
    requireUser(ctx);
    return { message: MESSAGES.reportSent };
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
} satisfies Partial<MockResolvers>;
