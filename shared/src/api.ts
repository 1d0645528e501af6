import { z } from 'zod';
import * as s from './schemas.ts';
import * as t from './apiTokens.ts';
import * as w from './webhooks.ts';
import * as p from './payouts.ts';
import * as sw from './schemas/widgets.ts';
import * as show from './showAlerts.ts';
import { timerEndpoints } from './schemas/timer.ts';
import { YOUTUBE_ENDPOINTS } from './youtube.ts';
import { ENDPOINTS, type EndpointName } from './endpoints.ts';
import type { EndpointSchemas } from './endpointTools.ts';
export type { EndpointDef } from './endpointTools.ts';

/**
 * The zod half of the contract: each endpoint's input, query and output schemas, by the name of its row in the
 * endpoint table (shared/src/endpoints.ts), which alone holds method, path, auth and summary.
 */
const SCHEMAS = {
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
  health: { output: s.healthSchema },
  config: { output: s.publicConfigSchema },
  register: {
    input: s.registerInputSchema,
    output: s.authResponseSchema,
  },
  login: {
    input: s.loginInputSchema,
    output: s.authResponseSchema,
  },
  resetPassword: {
    input: s.resetPasswordInputSchema,
    output: s.messageResponseSchema,
  },
  logout: { output: s.messageResponseSchema },
  me: { output: z.object({ user: s.userSchema }) },
  updateProfilePic: {
    input: s.profilePicInputSchema,
    output: z.object({ user: s.userSchema }),
  },
  exportMyData: { output: s.dataExportSchema },
  deleteAccount: {
    input: s.deleteAccountInputSchema,
    output: s.messageResponseSchema,
  },
  createLead: {
    input: s.leadInputSchema,
    output: s.messageResponseSchema,
  },
  becomeCreator: {
    input: s.creatorProfileInputSchema,
    output: z.object({ user: s.userSchema }),
  },
  sendTip: {
    input: s.sendTipInputSchema,
    output: z.object({
      message: z.string(),
      tip: s.tipSchema,
      balance: z.number(),
      balancePaise: z.number(),
    }),
  },
  recentTips: {
    query: s.creatorQuerySchema,
    output: s.tipsResponseSchema,
  },
  displayTips: {
    query: s.displayQuerySchema,
    output: s.tipsResponseSchema,
  },
  guestOrder: {
    input: s.guestOrderInputSchema,
    output: s.orderResponseSchema,
  },
  addMoney: {
    input: s.addMoneyInputSchema,
    output: s.orderResponseSchema,
  },
  balance: { output: s.walletSchema },
  transactions: {
    query: s.walletTransactionsQuerySchema,
    output: s.walletTransactionsResponseSchema,
  },
  orderStatus: {
    output: s.paymentOrderStatusSchema,
  },
  analytics: { output: s.analyticsSchema },
  creatorRecentTips: {
    output: s.tipsResponseSchema,
  },
  creatorOverlay: {
    output: s.creatorOverlayResponseSchema,
  },
  saveSettings: {
    input: s.overlaySettingsSchema,
    output: s.overlaySettingsSchema,
  },
  rotateOverlayKey: {
    output: z.object({ overlayKey: z.string() }),
  },
  publicOverlay: {
    query: s.overlayKeyQuerySchema,
    output: s.overlaySettingsSchema,
  },
  overlaySpeech: { query: s.overlayKeyQuerySchema },
  // ---- the show: test alert, skip reading, the test alert's speech ----
  sendTestAlert: {
    input: show.testAlertInputSchema,
    output: show.testTipSchema,
  },
  skipSpeech: { output: show.okSchema },
  getAlerts: { output: show.alertsStateSchema },
  setAlerts: {
    input: show.alertsInputSchema,
    output: show.alertsStateSchema,
  },
  replayAlert: {
    output: show.replayResultSchema,
  },
  overlayTestSpeech: { query: s.overlayKeyQuerySchema },
  chats: {
    query: s.chatsQuerySchema,
    output: s.chatsResponseSchema,
  },
  /** Everything that changed after `since` (the sync layer's pull). */
  chatChanges: {
    query: s.chatChangesQuerySchema,
    output: s.chatChangesResponseSchema,
  },
  setChatStatus: {
    input: s.chatStatusInputSchema,
    output: z.object({ tip: s.tipSchema }),
  },
  deleteChat: {
    output: z.object({ id: z.string() }),
  },
  // Stream safety
  creatorSafety: { output: s.safetyResponseSchema },
  updateCreatorSafety: {
    input: s.safetySettingsSchema,
    output: s.safetyResponseSchema,
  },
  blockSender: {
    input: s.blockSenderInputSchema,
    output: z.object({ blockedSender: s.blockedSenderSchema, message: z.string() }),
  },
  unblockSender: {
    output: z.object({ id: z.string(), message: z.string() }),
  },
  safetyFlags: {
    query: s.safetyFlagsQuerySchema,
    output: s.safetyFlagsResponseSchema,
  },
  tipRules: {
    query: s.creatorQuerySchema,
    output: s.tipRulesSchema,
  },
  safetyCheck: {
    input: s.safetyCheckInputSchema,
    output: s.safetyCheckResponseSchema,
  },
  // Creator API tokens
  apiTokens: {
    output: t.apiTokensResponseSchema,
  },
  createApiToken: {
    input: t.apiTokenInputSchema,
    output: t.createdApiTokenSchema,
  },
  revokeApiToken: {
    output: z.object({ id: z.string() }),
  },
  ...w.webhookEndpoints,
  payouts: { output: p.payoutSummarySchema },
  payoutOnboard: {
    input: p.payoutOnboardingInputSchema,
    output: p.payoutSummarySchema,
  },
  payoutStatement: {
    query: p.payoutStatementQuerySchema,
    output: p.payoutStatementSchema,
  },
  payoutCorrect: {
    input: p.payoutCorrectionInputSchema,
    output: p.payoutSummarySchema,
  },
  // Stream sessions and the OBS widgets
  streamState: { output: sw.streamStateSchema },
  startStream: {
    output: sw.streamStateSchema,
  },
  endStream: { output: sw.streamStateSchema },
  creatorSupporters: { output: sw.creatorSupportersSchema },
  hideSupporter: {
    input: sw.hideSupporterInputSchema,
    output: sw.creatorSupportersSchema,
  },
  unhideSupporter: { output: sw.creatorSupportersSchema },
  widgetState: {
    query: s.overlayKeyQuerySchema,
    output: sw.widgetStateSchema,
  },
  ...timerEndpoints, // the subathon timer
  // Files, CSV and bytes (no output schema), and the two calls machines make
  profilePicture: {},
  tierSound: {},
  creatorTipsCsv: {},
  payoutStatementCsv: { query: p.payoutStatementQuerySchema },
  opsLeadsCsv: {},
  opsTds26qCsv: { query: s.tdsQuarterQuerySchema },
  opsTds16aCsv: { query: s.tds16aQuerySchema },
  razorpayWebhook: { output: z.object({ status: z.literal('ok'), outcome: z.string() }) },
  openApi: { output: z.looseObject({ openapi: z.string() }) },
} as const satisfies { [N in EndpointName]: EndpointSchemas<(typeof ENDPOINTS)[N]> };

/** The contract: every row of the endpoint table with its schemas. Client, API and mocks share it. */
export type Endpoints = { [N in EndpointName]: Row<(typeof ENDPOINTS)[N], (typeof SCHEMAS)[N]> };
/** One endpoint: its row and its schemas as one flat object type (an intersection would weigh on the checker). */
type Row<F, S> = {
  readonly [K in keyof F | keyof S]: K extends keyof S ? S[K] : K extends keyof F ? F[K] : never;
};
export const endpoints = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, row]) => [name, { ...row, ...SCHEMAS[name as EndpointName] }]),
) as unknown as Endpoints;

export type EndpointInput<N extends EndpointName> = Endpoints[N] extends { input: infer I extends z.ZodType }
  ? z.input<I>
  : undefined;
export type EndpointQuery<N extends EndpointName> = Endpoints[N] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
/** What a JSON (or download) endpoint answers; never for CSV and bytes endpoints, which have no output schema. */
export type EndpointOutput<N extends EndpointName> = Endpoints[N] extends {
  output: infer O extends z.ZodType;
}
  ? z.output<O>
  : never;
