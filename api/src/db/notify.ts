import pg from 'pg';
import type { Executor } from './knex.ts';

/**
 * PostgreSQL NOTIFY/LISTEN, the only SQL the realtime fan-out needs (kept here with the other database plumbing so
 * realtime/ holds no SQL). NOTIFY runs as an autocommit statement on the pool, never inside a write transaction.
 */
export async function sendNotify(db: Executor, channel: string, payload: string): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [channel, payload]);
}

/** A dedicated connection LISTENing on `channel` (the caller owns it: `end()` it when done). */
export async function openListener(databaseUrl: string, channel: string, onError: (err: unknown) => void) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'shabaash-realtime-listen',
    keepAlive: true,
  });
  // Errors while connecting surface through connect(); afterwards they mean the connection is gone.
  let connected = false;
  client.on('error', (err) => {
    if (connected) onError(err);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  connected = true;
  return client;
}
