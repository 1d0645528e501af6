// The endpoint table: method, path, auth and a one-line summary of every HTTP endpoint, written here once.
// Zod-free on purpose: the OBS overlay, the widgets, first paint and /developers import it without zod. The zod
// schemas (shared/src/api.ts) extend these rows with input, query and output; the API's router, the PWA's
// client, the mocks and the OpenAPI document all read method, path and auth from here.
import { SUPPORTER_ENDPOINTS, TIMER_ENDPOINTS } from './endpointsShow.ts';
import { OPS_ROWS } from './endpointsOps.ts';
import { CONSENT_ROWS } from './endpointsConsent.ts';
import { MODERATOR_ROWS } from './endpointsModerators.ts';
import { YOUTUBE_ROWS } from './endpointsYouTube.ts';
import { WEBHOOK_ROWS } from './endpointsWebhooks.ts';
import { FILE_ROWS } from './endpointsFiles.ts';

export type { AnswerKind, EndpointAuth, EndpointFact, HttpMethod } from './endpointFact.ts';
import type { EndpointFact } from './endpointFact.ts';

export const ENDPOINTS = {
  health: {
    method: 'GET',
    path: '/health',
    auth: 'public',
    summary: 'Liveness, and which part is down (database, realtime, identity, payments, webhook worker).',
  },
  ...OPS_ROWS,
  config: {
    method: 'GET',
    path: '/config',
    auth: 'public',
    summary: 'Public configuration the app starts with.',
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    summary: 'Create an account (phone verified).',
  },
  login: { method: 'POST', path: '/auth/login', auth: 'public', summary: 'Sign in with phone and password.' },
  ...CONSENT_ROWS,
  ...MODERATOR_ROWS,
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'public',
    summary: 'Set a new password after phone verification; ends every session.',
  },
  logout: { method: 'POST', path: '/auth/logout', auth: 'user', summary: 'End this session.' },
  me: { method: 'GET', path: '/users/me', auth: 'user', summary: 'The signed-in user.' },
  updateProfilePic: {
    method: 'PUT',
    path: '/users/profile-picture',
    auth: 'user',
    summary: 'Replace the profile picture.',
  },
  exportMyData: {
    method: 'GET',
    path: '/users/me/export',
    auth: 'user',
    summary: 'Download your data: profile, wallet ledger, tips sent and received, payout account (JSON).',
    answers: 'download',
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/users/me',
    auth: 'user',
    summary:
      'Delete your account: sessions end at once, personal data is anonymised, money records are kept.',
  },
  createLead: {
    method: 'POST',
    path: '/leads',
    auth: 'public',
    summary: 'Leave contact details on the landing page.',
  },
  becomeCreator: {
    method: 'POST',
    path: '/creator/profile',
    auth: 'user',
    summary: 'Become a creator with a handle.',
  },
  sendTip: {
    method: 'POST',
    path: '/tips/send',
    auth: 'user',
    summary: 'Send a tip from the wallet (Idempotency-Key).',
  },
  recentTips: { method: 'GET', path: '/tips/recent', auth: 'user', summary: 'Recent tips to a creator.' },
  displayTips: {
    method: 'GET',
    path: '/tips/display',
    auth: 'public',
    summary: 'Tips pushed live, for display.',
  },
  guestOrder: {
    method: 'POST',
    path: '/tips/guest/order',
    auth: 'public',
    summary: 'Start a guest tip: a Razorpay order.',
  },
  tipOrder: {
    method: 'POST',
    path: '/tips/order',
    auth: 'user',
    summary: "Start a signed-in viewer's tip paid at once through Razorpay Checkout (a Razorpay order).",
  },
  addMoney: {
    method: 'POST',
    path: '/wallet/add-money',
    auth: 'user',
    summary: 'Start a wallet top-up order.',
  },
  balance: { method: 'GET', path: '/wallet/balance', auth: 'user', summary: 'Wallet balance.' },
  transactions: {
    method: 'GET',
    path: '/wallet/transactions',
    auth: 'user',
    summary: 'Wallet ledger, newest first.',
  },
  orderStatus: {
    method: 'GET',
    path: '/payments/orders/:id',
    auth: 'public',
    summary: 'Status of a payment order.',
  },
  analytics: {
    method: 'GET',
    path: '/creator/analytics',
    auth: 'creator',
    summary: 'Earnings and tip counts.',
  },
  creatorRecentTips: {
    method: 'GET',
    path: '/creator/recent-tips',
    auth: 'creator',
    summary: "The creator's recent tips.",
  },
  creatorOverlay: {
    method: 'GET',
    path: '/creator/overlay',
    auth: 'creator',
    summary: 'Overlay settings and the overlay link.',
  },
  saveSettings: {
    method: 'PUT',
    path: '/creator/settings',
    auth: 'creator',
    summary: 'Save overlay settings.',
  },
  rotateOverlayKey: {
    method: 'POST',
    path: '/creator/overlay-key/rotate',
    auth: 'creator',
    summary: 'Issue a new overlay key; sockets on the old one close.',
  },
  publicOverlay: {
    method: 'GET',
    path: '/creator/overlay/public',
    auth: 'public',
    summary: 'Overlay settings by overlay key (the OBS page).',
  },
  overlaySpeech: {
    method: 'GET',
    path: '/overlay/speech/:id',
    auth: 'public',
    summary: "A live tip's speech audio (WAV or MP3) by overlay key; 404 until it is ready.",
    answers: 'audio',
  },
  sendTestAlert: {
    method: 'POST',
    path: '/creator/show/test-alert',
    auth: 'creator',
    summary: 'Show a marked test tip on your overlays (tier, sound, speech); stores nothing, moves no money.',
  },
  skipSpeech: {
    method: 'POST',
    path: '/creator/show/skip-speech',
    auth: 'creator',
    summary: 'Stop the speech playing on every connected overlay.',
  },
  uploadTierSound: {
    method: 'POST',
    path: '/creator/show/sounds',
    auth: 'creator',
    summary:
      "Upload a tier alert sound (an MP3 or OGG file as a base64 data string, at most 300 KB, judged by its bytes). Answers the value a tier's `sound` takes; it is kept while a saved tier uses it.",
  },
  getAlerts: {
    method: 'GET',
    path: '/creator/show/alerts',
    auth: 'creator',
    summary: 'Whether your alerts are paused, and how many live tips wait for Resume.',
  },
  setAlerts: {
    method: 'PUT',
    path: '/creator/show/alerts',
    auth: 'creator',
    summary: 'Pause alerts (tips pushed live wait) or resume them (the held ones play in order).',
  },
  replayAlert: {
    method: 'POST',
    path: '/creator/show/replay',
    auth: 'creator',
    summary: 'Put the last live tip back on air on your overlays.',
  },
  overlayTestSpeech: {
    method: 'GET',
    path: '/overlay/test-speech',
    auth: 'public',
    summary: "The test alert's speech audio by overlay key.",
    answers: 'audio',
  },
  chats: {
    method: 'GET',
    path: '/creator/chats',
    auth: 'creator',
    summary: 'The Chat Loader queue, by version.',
  },
  chatChanges: {
    method: 'GET',
    path: '/creator/chats/changes',
    auth: 'creator',
    summary: 'Chats changed after `since` (tips and tombstones), for the offline mirror.',
  },
  setChatStatus: {
    method: 'PATCH',
    path: '/creator/chats/:id/status',
    auth: 'creator',
    summary: 'Mark a chat read (push live), unread or ignored.',
  },
  deleteChat: { method: 'DELETE', path: '/creator/chats/:id', auth: 'creator', summary: 'Delete a chat.' },
  creatorSafety: {
    method: 'GET',
    path: '/creator/safety',
    auth: 'creator',
    summary: 'Stream safety settings.',
  },
  updateCreatorSafety: {
    method: 'PUT',
    path: '/creator/safety',
    auth: 'creator',
    summary: 'Save stream safety settings.',
  },
  blockSender: {
    method: 'POST',
    path: '/creator/safety/blocked-senders',
    auth: 'creator',
    summary: 'Block a sender.',
  },
  unblockSender: {
    method: 'DELETE',
    path: '/creator/safety/blocked-senders/:id',
    auth: 'creator',
    summary: 'Unblock a sender.',
  },
  safetyFlags: {
    method: 'GET',
    path: '/creator/safety/flags',
    auth: 'creator',
    summary: 'Which queued chats the current filters flag.',
  },
  tipRules: {
    method: 'GET',
    path: '/safety/tip-rules',
    auth: 'public',
    summary: "A creator's minimum tip and message length, for the guest page.",
  },
  safetyCheck: {
    method: 'POST',
    path: '/safety/check',
    auth: 'public',
    summary: 'Check a message before paying.',
  },
  ...YOUTUBE_ROWS,
  apiTokens: {
    method: 'GET',
    path: '/creator/api-tokens',
    auth: 'creator',
    summary: 'Your API tokens (never secrets).',
  },
  createApiToken: {
    method: 'POST',
    path: '/creator/api-tokens',
    auth: 'creator',
    summary: 'Make a named API token with scopes; the secret is shown once.',
  },
  revokeApiToken: {
    method: 'DELETE',
    path: '/creator/api-tokens/:id',
    auth: 'creator',
    summary: 'Revoke an API token at once.',
  },
  ...WEBHOOK_ROWS,
  // Creator payouts over Razorpay Route
  payouts: {
    method: 'GET',
    path: '/creator/payouts',
    auth: 'creator',
    summary:
      'Payout account status, balances (pending, available, in transit, paid out), plan, next payout, history.',
  },
  payoutOnboard: {
    method: 'POST',
    path: '/creator/payouts/onboarding',
    auth: 'creator',
    summary:
      'Open the Route linked account (PAN, IFSC and account number checked first; only the last 4 digits kept).',
  },
  payoutStatement: {
    method: 'GET',
    path: '/creator/payouts/statement',
    auth: 'creator',
    summary: 'One IST month statement that reconciles with the earnings ledger (also /statement.csv).',
  },
  payoutCorrect: {
    method: 'PATCH',
    path: '/creator/payouts/onboarding',
    auth: 'creator',
    summary: 'Send corrected bank details after Razorpay asked for clarification.',
  },
  // Stream sessions and the OBS widgets
  streamState: {
    method: 'GET',
    path: '/creator/stream',
    auth: 'creator',
    summary: 'The latest stream session (live or ended) and its totals: amount, count, top tip.',
  },
  startStream: {
    method: 'POST',
    path: '/creator/stream/start',
    auth: 'creator',
    summary: 'Start a stream session (sends stream.started; a live session is returned as it is).',
  },
  endStream: {
    method: 'POST',
    path: '/creator/stream/end',
    auth: 'creator',
    summary: 'End the live stream session (sends stream.ended with its totals).',
  },
  ...SUPPORTER_ENDPOINTS,
  widgetState: {
    method: 'GET',
    path: '/overlay/widgets',
    auth: 'public',
    summary: 'What the goal, QR, top supporters and timer widgets draw, unlocked by the overlay key.',
  },
  ...TIMER_ENDPOINTS,
  ...FILE_ROWS,
} as const satisfies Record<string, EndpointFact>;

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointRow<N extends EndpointName = EndpointName> = (typeof ENDPOINTS)[N];

/** Fills `:param` segments of an endpoint path. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** The URL a browser fetches for an endpoint: `/api` + its path with `params` filled, and the query string. */
export function apiUrl(
  name: EndpointName,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
): string {
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/api${endpointPath(ENDPOINTS[name].path, params)}${search ? `?${search}` : ''}`;
}
