import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './product.ts';
import { E2E_TDS_194O_RATE, E2E_WALLET_MODE } from './walletMode.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The product's database, for journeys that run a command-line tool against it (npm run operator:add). */
    databaseUrl: string;
  }
}

let product: RunningProduct | null = null;

/** Starts the whole product once for the e2e run (the API under tsx, the built PWA), on free ports and a temp data dir. */
export async function setup(project: TestProject): Promise<void> {
  // Payouts: a 15 s hold, a 1 s job tick and 3 s per Route step in the simulator (review, transfer processing,
  // settlement), so a journey can watch an earning go pending → available → in transit → paid.
  // Every journey's browser comes from one loopback address, new accounts each time: the per-address socket,
  // full catch-up, guest-order and top-up limits (production defaults 2,000 sockets, 100 not yet welcomed, 600
  // catch-ups, 10 guest orders and 60 top-ups a minute) are lifted as in the API harness; realtime/caps.test.ts,
  // replayThrottle.test.ts, payments/guestLimits.test.ts and wallet/topUpLimits.test.ts show them refusing.
  product = await startProduct({
    GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '10000',
    ADD_MONEY_LIMIT_PER_IP_PER_MINUTE: '10000',
    WS_MAX_SOCKETS_PER_IP: '10000',
    WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP: '10000',
    WS_FULL_REPLAYS_PER_IP_PER_MINUTE: '100000',
    WS_FULL_REPLAYS_PER_USER_PER_MINUTE: '10000',
    PAYOUT_HOLD_HOURS: String(15 / 3600),
    PAYOUT_TICK_MS: '1000',
    PAYOUT_BATCH_HOUR_IST: '0',
    SANDBOX_ROUTE_STEP_MS: '3000',
    // The YouTube live-chat follower (youtube.e2e.ts): a connected channel is taken within 1 s and its broadcast
    // looked for every second; a large daily quota lets it poll as often as the simulator's pollingIntervalMillis.
    YOUTUBE_CLAIM_MS: '1000',
    YOUTUBE_BROADCAST_CHECK_MS: '1000',
    YOUTUBE_DAILY_QUOTA_UNITS: '100000000',
    // E2E_WALLET_MODE=off runs every journey without a stored wallet (walletMode.ts skips those that need one).
    WALLET_MODE: E2E_WALLET_MODE,
    ...(E2E_WALLET_MODE === 'off' ? { TDS_194O_RATE: E2E_TDS_194O_RATE } : {}),
  });
  project.provide('baseUrl', product.url);
  project.provide('databaseUrl', product.databaseUrl);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
