import type { OverlaySettings } from '@shabaash/shared';
import type { Config } from './config.ts';
import type { Db } from './db/knex.ts';
import type { Logger } from './logger.ts';
import type { RouteGateway } from './payments/routeGateway.ts';

/** Verifies a phone-verification provider's ID token (Firebase; the Auth emulator in sandbox). */
export interface PhoneIdentity {
  /** Resolves when the token is valid and belongs to +91<expectedPhone10>; throws an AppError otherwise. */
  verifyPhoneToken(idToken: string, expectedPhone10: string): Promise<void>;
}

/** Realtime fan-out, told about committed changes; it reads and pushes what changed (realtime/). */
export interface RealtimeBus {
  /** Call after a transaction that bumped these spaces has committed. Never inside the transaction. */
  changed(spaces: readonly string[]): void;
  /** Overlay settings of a creator changed (pushed as overlay:update to the creator's overlay rooms). */
  overlayUpdated(creatorId: string, settings: OverlaySettings): void;
  /** Sessions were revoked (one, or every session of the user when sessionId is null): their sockets close. */
  sessionsRevoked(userId: string, sessionId: string | null): void;
  /** A creator's overlay key was rotated: overlay sockets opened with the old key close. */
  overlayKeyRotated(creatorId: string): void;
}

/** Text-to-speech of tips pushed live (modules/show/speech.jobs.ts), done off the request path. */
export interface SpeechJobs {
  /** Call after the commit that put this tip live: synthesises and caches its speech in the background. */
  tipLive(tipId: string): void;
}

/** Razorpay through the official SDK (real or the local simulator); see payments/gateway.ts. */
export interface PaymentGateway {
  keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string; amount: number; currency: 'INR'; status: string }>;
  fetchOrder(
    orderId: string,
  ): Promise<{ id: string; amount: number; currency: string; status: string; amount_paid: number }>;
  fetchOrderPayments(orderId: string): Promise<
    Array<{
      id: string;
      order_id: string;
      amount: number;
      currency: string;
      status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
      error_description?: string | null;
    }>
  >;
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Razorpay Route: linked accounts and transfers for creator payouts (payments/routeGateway.ts). */
  route: RouteGateway;
}

/** Where the browser loads the checkout script from, and which key it opens with. */
export interface CheckoutInfo {
  keyId: string;
  scriptUrl: string;
}

/** Everything a route or service needs, built once by server.ts (or the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  version: string;
  identity: PhoneIdentity;
  realtime: RealtimeBus;
  speech: SpeechJobs;
  payments: PaymentGateway;
  checkout: CheckoutInfo;
}
