import { z } from 'zod';
import { ROUTES } from './core.ts';
import * as s from './schemas.ts';
import * as t from './apiTokens.ts';
import * as w from './webhooks.ts';
import * as p from './payouts.ts';
import * as sw from './schemas/widgets.ts';
import { SUPPORTER_ENDPOINTS } from './widgets.ts';
import * as show from './showAlerts.ts';
import { timerEndpoints } from './schemas/timer.ts';
import { YOUTUBE_ENDPOINTS } from './youtube.ts';
import { define } from './endpointTools.ts';
export type { HttpMethod } from './endpointTools.ts';

/** The contract: every call of SPEC §7 plus our additions, with its schemas. Client, API and mocks share it. */
export const endpoints = define({
  ...s.opsMoneyEndpoints,
  ...s.opsEndpoints,
  ...s.opsConsoleEndpoints,
  ...s.opsPeopleEndpoints,
  ...s.reportEndpoints,
  ...s.opsDisputesEndpoints,
  ...s.opsPayoutsEndpoints,
  ...s.tipOrderEndpoints,
  ...s.tierSoundEndpoints,
  ...s.consentEndpoints,
  ...s.moderatorEndpoints,
  ...YOUTUBE_ENDPOINTS,
  health: { ...ROUTES.health, auth: 'public', output: s.healthSchema },
  config: { ...ROUTES.config, auth: 'public', output: s.publicConfigSchema },
  register: {
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    input: s.registerInputSchema,
    output: s.authResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    input: s.loginInputSchema,
    output: s.authResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'public',
    input: s.resetPasswordInputSchema,
    output: s.messageResponseSchema,
  },
  logout: { method: 'POST', path: '/auth/logout', auth: 'user', output: s.messageResponseSchema },
  me: { ...ROUTES.me, auth: 'user', output: z.object({ user: s.userSchema }) },
  updateProfilePic: {
    method: 'PUT',
    path: '/users/profile-picture',
    auth: 'user',
    input: s.profilePicInputSchema,
    output: z.object({ user: s.userSchema }),
  },
  exportMyData: { method: 'GET', path: '/users/me/export', auth: 'user', output: s.dataExportSchema },
  deleteAccount: {
    method: 'DELETE',
    path: '/users/me',
    auth: 'user',
    input: s.deleteAccountInputSchema,
    output: s.messageResponseSchema,
  },
  createLead: {
    method: 'POST',
    path: '/leads',
    auth: 'public',
    input: s.leadInputSchema,
    output: s.messageResponseSchema,
  },
  becomeCreator: {
    method: 'POST',
    path: '/creator/profile',
    auth: 'user',
    input: s.creatorProfileInputSchema,
    output: z.object({ user: s.userSchema }),
  },
  sendTip: {
    method: 'POST',
    path: '/tips/send',
    auth: 'user',
    input: s.sendTipInputSchema,
    output: z.object({
      message: z.string(),
      tip: s.tipSchema,
      balance: z.number(),
      balancePaise: z.number(),
    }),
  },
  recentTips: {
    ...ROUTES.recentTips,
    auth: 'user',
    query: s.creatorQuerySchema,
    output: s.tipsResponseSchema,
  },
  displayTips: {
    ...ROUTES.displayTips,
    auth: 'public',
    query: s.displayQuerySchema,
    output: s.tipsResponseSchema,
  },
  guestOrder: {
    method: 'POST',
    path: '/tips/guest/order',
    auth: 'public',
    input: s.guestOrderInputSchema,
    output: s.orderResponseSchema,
  },
  addMoney: {
    method: 'POST',
    path: '/wallet/add-money',
    auth: 'user',
    input: s.addMoneyInputSchema,
    output: s.orderResponseSchema,
  },
  balance: { ...ROUTES.balance, auth: 'user', output: s.walletSchema },
  transactions: {
    ...ROUTES.transactions,
    auth: 'user',
    query: s.walletTransactionsQuerySchema,
    output: s.walletTransactionsResponseSchema,
  },
  orderStatus: {
    ...ROUTES.orderStatus,
    auth: 'public',
    output: s.paymentOrderStatusSchema,
  },
  analytics: { ...ROUTES.analytics, auth: 'creator', output: s.analyticsSchema },
  creatorRecentTips: {
    ...ROUTES.creatorRecentTips,
    auth: 'creator',
    output: s.tipsResponseSchema,
  },
  creatorOverlay: {
    ...ROUTES.creatorOverlay,
    auth: 'creator',
    output: s.creatorOverlayResponseSchema,
  },
  saveSettings: {
    method: 'PUT',
    path: '/creator/settings',
    auth: 'creator',
    input: s.overlaySettingsSchema,
    output: s.overlaySettingsSchema,
  },
  rotateOverlayKey: {
    method: 'POST',
    path: '/creator/overlay-key/rotate',
    auth: 'creator',
    output: z.object({ overlayKey: z.string() }),
  },
  publicOverlay: {
    ...ROUTES.publicOverlay,
    auth: 'public',
    query: s.overlayKeyQuerySchema,
    output: s.overlaySettingsSchema,
  },
  /** The speech of a tip pushed live (issue 14): audio bytes (audio/wav or audio/mpeg), unlocked by the overlay key. */
  overlaySpeech: {
    method: 'GET',
    path: '/overlay/speech/:id',
    auth: 'public',
    query: s.overlayKeyQuerySchema,
    output: z.unknown(),
  },
  // ---- the show (issue 14): test alert, skip reading, the test alert's speech ----
  sendTestAlert: {
    method: 'POST',
    path: '/creator/show/test-alert',
    auth: 'creator',
    input: show.testAlertInputSchema,
    output: show.testTipSchema,
  },
  skipSpeech: { method: 'POST', path: '/creator/show/skip-speech', auth: 'creator', output: show.okSchema },
  getAlerts: { method: 'GET', path: '/creator/show/alerts', auth: 'creator', output: show.alertsStateSchema },
  setAlerts: {
    method: 'PUT',
    path: '/creator/show/alerts',
    auth: 'creator',
    input: show.alertsInputSchema,
    output: show.alertsStateSchema,
  },
  replayAlert: {
    method: 'POST',
    path: '/creator/show/replay',
    auth: 'creator',
    output: show.replayResultSchema,
  },
  /** The test alert's speech: audio bytes for the creator whose overlay key is given. */
  overlayTestSpeech: {
    method: 'GET',
    path: '/overlay/test-speech',
    auth: 'public',
    query: s.overlayKeyQuerySchema,
    output: z.unknown(),
  },
  chats: {
    ...ROUTES.chats,
    auth: 'creator',
    query: s.chatsQuerySchema,
    output: s.chatsResponseSchema,
  },
  /** Everything that changed after `since` (the sync layer's pull; `/creator/chats?since=` is its older spelling). */
  chatChanges: {
    method: 'GET',
    path: '/creator/chats/changes',
    auth: 'creator',
    query: s.chatChangesQuerySchema,
    output: s.chatChangesResponseSchema,
  },
  setChatStatus: {
    method: 'PATCH',
    path: '/creator/chats/:id/status',
    auth: 'creator',
    input: s.chatStatusInputSchema,
    output: z.object({ tip: s.tipSchema }),
  },
  deleteChat: {
    method: 'DELETE',
    path: '/creator/chats/:id',
    auth: 'creator',
    output: z.object({ id: z.string() }),
  },
  // Stream safety (issue 9)
  creatorSafety: { ...ROUTES.creatorSafety, auth: 'creator', output: s.safetyResponseSchema },
  updateCreatorSafety: {
    method: 'PUT',
    path: '/creator/safety',
    auth: 'creator',
    input: s.safetySettingsSchema,
    output: s.safetyResponseSchema,
  },
  blockSender: {
    method: 'POST',
    path: '/creator/safety/blocked-senders',
    auth: 'creator',
    input: s.blockSenderInputSchema,
    output: z.object({ blockedSender: s.blockedSenderSchema, message: z.string() }),
  },
  unblockSender: {
    method: 'DELETE',
    path: '/creator/safety/blocked-senders/:id',
    auth: 'creator',
    output: z.object({ id: z.string(), message: z.string() }),
  },
  safetyFlags: {
    ...ROUTES.safetyFlags,
    auth: 'creator',
    query: s.safetyFlagsQuerySchema,
    output: s.safetyFlagsResponseSchema,
  },
  tipRules: {
    ...ROUTES.tipRules,
    auth: 'public',
    query: s.creatorQuerySchema,
    output: s.tipRulesSchema,
  },
  safetyCheck: {
    method: 'POST',
    path: '/safety/check',
    auth: 'public',
    input: s.safetyCheckInputSchema,
    output: s.safetyCheckResponseSchema,
  },
  // Creator API tokens (issue 18)
  apiTokens: {
    method: 'GET',
    path: '/creator/api-tokens',
    auth: 'creator',
    output: t.apiTokensResponseSchema,
  },
  createApiToken: {
    method: 'POST',
    path: '/creator/api-tokens',
    auth: 'creator',
    input: t.apiTokenInputSchema,
    output: t.createdApiTokenSchema,
  },
  revokeApiToken: {
    method: 'DELETE',
    path: '/creator/api-tokens/:id',
    auth: 'creator',
    output: z.object({ id: z.string() }),
  },
  ...w.webhookEndpoints,
  payouts: { method: 'GET', path: '/creator/payouts', auth: 'creator', output: p.payoutSummarySchema },
  payoutOnboard: {
    method: 'POST',
    path: '/creator/payouts/onboarding',
    auth: 'creator',
    input: p.payoutOnboardingInputSchema,
    output: p.payoutSummarySchema,
  },
  payoutStatement: {
    method: 'GET',
    path: '/creator/payouts/statement',
    auth: 'creator',
    query: p.payoutStatementQuerySchema,
    output: p.payoutStatementSchema,
  },
  payoutCorrect: {
    method: 'PATCH',
    path: '/creator/payouts/onboarding',
    auth: 'creator',
    input: p.payoutCorrectionInputSchema,
    output: p.payoutSummarySchema,
  },
  // Stream sessions and the OBS widgets (issue 14)
  streamState: { method: 'GET', path: '/creator/stream', auth: 'creator', output: sw.streamStateSchema },
  startStream: {
    method: 'POST',
    path: '/creator/stream/start',
    auth: 'creator',
    output: sw.streamStateSchema,
  },
  endStream: { method: 'POST', path: '/creator/stream/end', auth: 'creator', output: sw.streamStateSchema },
  creatorSupporters: { ...SUPPORTER_ENDPOINTS.creatorSupporters, output: sw.creatorSupportersSchema },
  hideSupporter: {
    ...SUPPORTER_ENDPOINTS.hideSupporter,
    input: sw.hideSupporterInputSchema,
    output: sw.creatorSupportersSchema,
  },
  unhideSupporter: { ...SUPPORTER_ENDPOINTS.unhideSupporter, output: sw.creatorSupportersSchema },
  widgetState: {
    method: 'GET',
    path: '/overlay/widgets',
    auth: 'public',
    query: s.overlayKeyQuerySchema,
    output: sw.widgetStateSchema,
  },
  ...timerEndpoints, // the subathon timer
});

export type Endpoints = typeof endpoints;

/**
 * Endpoints that share a method and path with another, and which requests each serves (by query string). The API
 * and the mocks route a request to the one whose predicate holds.
 */
export const SHARED_PATH_FORMS: Partial<
  Record<keyof Endpoints, (query: Record<string, unknown>) => boolean>
> = {
  // `/creator/chats?since=N` is the older spelling of chatChanges; the API still answers it (next route).
  chats: (query) => query.since === undefined,
};
export type EndpointName = keyof Endpoints;
export type EndpointInput<N extends EndpointName> = Endpoints[N] extends { input: infer I extends z.ZodType }
  ? z.input<I>
  : undefined;
export type EndpointQuery<N extends EndpointName> = Endpoints[N] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
export type EndpointOutput<N extends EndpointName> = z.output<Endpoints[N]['output']>;

export { endpointPath } from './endpointTools.ts';
