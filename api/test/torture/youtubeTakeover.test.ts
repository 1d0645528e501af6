/**
 * YouTube follower takeover: two product processes (`node --import tsx api/src/main.ts`) over one PostgreSQL and
 * one YouTube simulator (YOUTUBE_SIMULATOR_URL). One of them holds the channel's advisory lock and follows its live
 * chat; Super Chats keep coming while that one is killed with SIGKILL. The other takes the channel over within 30 s
 * from the stored page token, and every Super Chat reaches the creator's queue exactly once, in the order sent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { killProduct, startProduct, type RunningProduct } from '../product.ts';
import { createTestDb } from '../db.ts';
import { testConfig } from '../harness.ts';
import { buildCreator, type BuiltCreator } from '../factories.ts';
import { connectYouTubeOver } from '../youtube.ts';
import { inject } from 'vitest';
import { SANDBOX_GOOGLE_CLIENT_ID, SANDBOX_GOOGLE_CLIENT_SECRET } from '../../src/youtube/boot.ts';
import { startYouTubeSimulator } from '../../src/youtube/simulator/index.ts';
import { FOLLOWER_APPLICATION_NAME } from '../../src/youtube/liveChat/lock.repository.ts';

const JWT_SECRET = 'youtube-takeover-secret-0123456789-abcdef';
const BEFORE_KILL = 8;
const AFTER_KILL = 8;

const { db, url: databaseUrl, drop } = await createTestDb();
const simulator = await startYouTubeSimulator({
  clientId: SANDBOX_GOOGLE_CLIENT_ID,
  clientSecret: SANDBOX_GOOGLE_CLIENT_SECRET,
});
simulator.controls.setPollingIntervalMillis(200);
const env = {
  DATABASE_URL: databaseUrl,
  YOUTUBE_SIMULATOR_URL: simulator.rootUrl,
  YOUTUBE_DAILY_QUOTA_UNITS: '100000000',
  YOUTUBE_CLAIM_MS: '1000',
  FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  JWT_SECRET,
  SANDBOX_SEED: 'false',
  WEBHOOK_WORKER: 'off',
};
const config = testConfig({ JWT_SECRET });
const products: RunningProduct[] = [];

afterAll(async () => {
  for (const p of products) await p.stop();
  await simulator.stop();
  await drop();
}, 60_000);

/** The pid of the product process whose follower connection holds the channel's lock, or null. */
async function holderPid(): Promise<number | null> {
  const { rows } = await db.raw<{ rows: Array<{ application_name: string }> }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and a.application_name like ?`,
    [`${FOLLOWER_APPLICATION_NAME} %`],
  );
  const name = rows[0]?.application_name;
  return name ? Number(name.slice(FOLLOWER_APPLICATION_NAME.length + 1)) : null;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

let creator: BuiltCreator;
let channelId = '';
const comments: string[] = [];

/** The creator's Super Chats as the surviving instance lists them, oldest first. */
async function superChats(product: RunningProduct): Promise<Tip[]> {
  const res = await fetch(`${product.url}/api/creator/chats`, {
    headers: { authorization: `Bearer ${creator.token}` },
  });
  const { tips } = (await res.json()) as { tips: Tip[] };
  return tips.filter((t) => t.external?.kind === 'superChat').sort((a, b) => a.version - b.version);
}

describe.sequential('kill -9 of the instance following a live chat', () => {
  it('starts two instances; one of them follows the channel once the creator goes live', async () => {
    products.push(await startProduct(env));
    products.push(await startProduct(env));
    creator = await buildCreator(db, config);
    const status = await connectYouTubeOver(products[0]!.url, creator.token, 'Takeover Channel');
    channelId = status.channel!.id;
    simulator.controls.startBroadcast(channelId, 'Takeover stream');
    const started = await fetch(`${products[1]!.url}/api/creator/stream/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(started.status).toBe(200);
    const state = await until(
      async () => (await db('youtube_live_chats').where({ creator_id: creator.id }).first())?.state,
      (s) => s === 'following',
      15_000,
    );
    expect(state).toBe('following');
  }, 240_000);

  it('the other instance takes the channel over within 30 s and no Super Chat is lost or repeated', async () => {
    const send = (i: number) => {
      const comment = `super chat ${i}`;
      comments.push(comment);
      simulator.controls.sendSuperChat(channelId, { author: `Fan ${i}`, amount: 100 + i, comment });
    };
    const holder = await holderPid();
    const victim = products.find((p) => p.pid === holder);
    expect(victim).toBeDefined();
    const survivor = products.find((p) => p !== victim)!;
    for (let i = 0; i < BEFORE_KILL; i++) {
      send(i);
      await new Promise((r) => setTimeout(r, 150));
    }
    await killProduct(victim!);
    const killedAt = Date.now();
    const takeover = until(holderPid, (pid) => pid === survivor.pid, 30_000).then((pid) => ({
      pid,
      ms: Date.now() - killedAt,
    }));
    for (let i = BEFORE_KILL; i < BEFORE_KILL + AFTER_KILL; i++) {
      send(i);
      await new Promise((r) => setTimeout(r, 150));
    }
    const { pid: taken, ms: takeoverMs } = await takeover;
    console.log(`youtube takeover: the surviving instance held the channel ${takeoverMs} ms after the kill`);
    expect(taken).toBe(survivor.pid);
    expect(takeoverMs).toBeLessThan(30_000);

    const all = await until(
      () => superChats(survivor),
      (tips) => tips.length >= comments.length,
      20_000,
    );
    expect(all.map((t) => t.message)).toEqual(comments);
  }, 120_000);
});
