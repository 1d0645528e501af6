// What readers of the API see besides the endpoint table (shared/src/endpoints.ts): which endpoints a creator API
// token reaches, and what each /ws message and close code means. Zod-free: /developers imports it.
import type { ApiTokenScope } from './apiTokens.ts';
import type { EndpointName } from './endpoints.ts';

export { ENDPOINTS, apiUrl } from './endpoints.ts';
/**
 * The only HTTP endpoints a creator API token reaches, by the scope each needs (the API enforces exactly this
 * table). Everything else (money, settings, the token and webhook endpoints) answers 403 to a token.
 * events:subscribe is for the bot socket.
 */
export const API_TOKEN_SCOPE_ENDPOINTS: Record<ApiTokenScope, readonly EndpointName[]> = {
  'tips:read': ['creatorRecentTips', 'chats'],
  'tips:moderate': ['setChatStatus', 'deleteChat'],
  'events:subscribe': [],
  'payouts:read': ['payouts', 'payoutStatement'],
};

// What each /ws message and close code means (its own file, so this one stays a table of endpoints).
export { WS_CLIENT_MESSAGES, WS_CLOSE_MEANINGS, WS_SERVER_MESSAGES } from './wsReference.ts';
