import type pg from 'pg';
import { openListener } from '../db/notify.ts';
import type { Logger } from '../logger.ts';
import { NOTIFY_CHANNEL } from './notifyPayload.ts';
import { sleep } from './types.ts';

/**
 * Keeps one LISTEN connection up: retries with backoff until it connects, reconnects when it is lost (and says
 * so, since notifications sent meanwhile are lost), until `isClosed()`.
 */
export function keepListening(deps: {
  databaseUrl: string;
  log: Logger;
  isClosed(): boolean;
  onNotification(text: string | undefined): void;
  onConnected(reconnected: boolean): void;
}): { ready(): Promise<void>; isListening(): boolean; end(): Promise<void> } {
  const { log } = deps;
  let listener: pg.Client | null = null;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((r) => (resolveReady = r));
  let everConnected = false;

  async function connect(): Promise<void> {
    let backoff = 250;
    while (!deps.isClosed()) {
      let client: pg.Client | null = null;
      let gone = false;
      const onGone = (err?: unknown) => {
        if (gone || !client) return;
        gone = true;
        if (listener === client) listener = null;
        client.end().catch(() => undefined);
        if (deps.isClosed()) return;
        log.warn({ err }, 'LISTEN connection lost; reconnecting');
        void connect();
      };
      try {
        client = await openListener(deps.databaseUrl, NOTIFY_CHANNEL, (err) => {
          if (listener === client) onGone(err);
        });
      } catch (err) {
        if (deps.isClosed()) return;
        log.warn({ err, retryInMs: backoff }, 'LISTEN connection failed; retrying');
        await sleep(backoff + Math.random() * backoff * 0.2);
        backoff = Math.min(backoff * 2, 10_000);
        continue;
      }
      if (deps.isClosed()) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      client.on('notification', (n) => {
        if (n.channel === NOTIFY_CHANNEL) deps.onNotification(n.payload);
      });
      client.on('end', () => onGone());
      deps.onConnected(everConnected);
      everConnected = true;
      resolveReady();
      return;
    }
  }
  void connect();

  return {
    ready: () => readyPromise,
    isListening: () => listener !== null,
    async end() {
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => undefined);
    },
  };
}
