import type { EndpointName, Endpoints } from '@shabaash/shared';

type Route<N extends EndpointName> = Pick<Endpoints[N], 'method' | 'path'>;

/**
 * Method and path of the GET endpoints, without their zod schemas, so reads on first paint (config, me, balance…)
 * do not pull zod into the initial bundle. The types pin each entry to the shared contract exactly; an endpoint
 * missing here still works (the client loads the full contract for it).
 */
export const GET_ROUTES = {
  health: { method: 'GET', path: '/health' },
  config: { method: 'GET', path: '/config' },
  me: { method: 'GET', path: '/users/me' },
  recentTips: { method: 'GET', path: '/tips/recent' },
  displayTips: { method: 'GET', path: '/tips/display' },
  balance: { method: 'GET', path: '/wallet/balance' },
  transactions: { method: 'GET', path: '/wallet/transactions' },
  orderStatus: { method: 'GET', path: '/payments/orders/:id' },
  analytics: { method: 'GET', path: '/creator/analytics' },
  creatorRecentTips: { method: 'GET', path: '/creator/recent-tips' },
  creatorOverlay: { method: 'GET', path: '/creator/overlay' },
  publicOverlay: { method: 'GET', path: '/creator/overlay/public' },
  chats: { method: 'GET', path: '/creator/chats' },
  creatorSafety: { method: 'GET', path: '/creator/safety' },
  safetyFlags: { method: 'GET', path: '/creator/safety/flags' },
  tipRules: { method: 'GET', path: '/safety/tip-rules' },
} satisfies { [N in EndpointName]?: Route<N> };
