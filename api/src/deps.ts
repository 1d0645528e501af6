import type {
  AlertsState,
  OverlaySettings,
  ShowMessage,
  StreamSession,
  TimerRun,
  YouTubeLive,
} from '@shabaash/shared';
import type { Config } from './config.ts';
import type { Db } from './db/knex.ts';
import type { TipRecord } from './domain/tip.ts';
import type { Logger } from './logger.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { SpeechAudio, SpeechRequest } from './speech/engine.ts';
import type { YouTubeOAuth } from './youtube/google.ts';

/** Verifies a phone-verification provider's ID token (Firebase; the Auth emulator in sandbox). */
export interface PhoneIdentity {
  /** Resolves when the token is valid and belongs to +91<expectedPhone10>; throws an AppError otherwise. */
  verifyPhoneToken(idToken: string, expectedPhone10: string): Promise<void>;
}

/** Realtime fan-out, told about committed changes; it reads and pushes what changed (realtime/). */
export interface RealtimeBus {
  /**
   * Call after a transaction that bumped these spaces has committed. Never inside the transaction. `tips`: tips of
   * creator spaces among `spaces` as the transaction left them (a wallet tip's snapshot), which this instance may
   * push without reading them back when they are the next versions it publishes.
   */
  changed(spaces: readonly string[], tips?: readonly TipRecord[]): void;
  /** Overlay settings of a creator changed (pushed as overlay:update to the creator's overlay rooms). */
  overlayUpdated(creatorId: string, settings: OverlaySettings): void;
  /** Sessions were revoked (one, or every session of the user when sessionId is null): their sockets close. */
  sessionsRevoked(userId: string, sessionId: string | null): void;
  /** A creator's overlay key was rotated: overlay sockets opened with the old key close. */
  overlayKeyRotated(creatorId: string): void;
  /**
   * A creator was suspended: their overlay and widget sockets close with WS_CLOSE.creatorSuspended (the pages go
   * dark), on every instance; new overlay hellos are refused until the suspension is lifted.
   */
  creatorSuspended(creatorId: string): void;
  /** A creator API token was revoked (its row deleted): bot sockets opened with it close, on every instance. */
  apiTokenRevoked(tokenId: string): void;
  /**
   * A creator removed a moderator: that user's sockets granted the creator's chats close at once
   * (WS_CLOSE.moderatorRemoved) on every instance, and their next hello no longer grants them.
   */
  moderatorRemoved(creatorId: string, userId: string): void;
  /** A creator's stream session started or ended (pushed as stream:update to the creator's and overlay rooms). */
  streamUpdated(creatorId: string, session: StreamSession | null): void;
  /**
   * A creator's subathon timer started, paused, resumed, gained time or (`ended`) ran out: pushed as timer:update
   * (timer:ended) to the creator's rooms (bots included) and overlay rooms, on every instance.
   */
  timerUpdated(creatorId: string, run: TimerRun, ended: boolean): void;
  /**
   * A creator's alerts were paused or resumed (by the creator or a moderator): pushed as alerts:update to the
   * creator's Chat Loaders and bots and to the creator's moderators, on every instance.
   */
  alertsUpdated(creatorId: string, state: AlertsState): void;
  /**
   * The creator's YouTube live-chat follower changed state (or broadcast): pushed as youtube:live to the creator's
   * own sockets (Chat Loaders), on every instance.
   */
  youtubeLiveUpdated(creatorId: string, live: YouTubeLive): void;
  /** A show moment for the creator's overlays only (test alert, speech ready, skip reading), on every instance. */
  showEvent(creatorId: string, message: ShowMessage): void;
}

/** Text-to-speech of tips pushed live (modules/show/speech.jobs.ts), done off the request path. */
export interface SpeechJobs {
  /** Call after the commit that put this tip live: synthesises and caches its speech in the background. */
  tipLive(tipId: string): void;
  /** The test alert's speech (a fixed text), made once per instance and kept. */
  testSpeech(request: SpeechRequest): Promise<SpeechAudio>;
}

/** Razorpay through the official SDK (real or the local simulator); declared once, in payments/gateway.ts. */
export type { PaymentGateway };

/** Where the browser loads the checkout script from, and which key it opens with. */
export interface CheckoutInfo {
  keyId: string;
  scriptUrl: string;
}

/** A part /api/health asks about besides the database: its mode, and a probe that throws with the reason it is down. */
export interface HealthPart {
  name: 'realtime' | 'identity' | 'payments' | 'webhookWorker';
  mode: string;
  check(): Promise<void>;
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
  /** Connect YouTube through Google's client (Google, or the sandbox simulator); absent or null when off. */
  youtube?: YouTubeOAuth | null;
  /** What /api/health probes besides the database (server.ts gives realtime, identity, payments, webhook worker). */
  healthParts?: readonly HealthPart[];
}
