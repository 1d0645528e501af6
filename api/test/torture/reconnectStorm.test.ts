/**
 * Reconnect storm: 200 websockets (creator sessions and OBS overlays of four creators) on the real realtime
 * hub are dropped and reconnected at random — each reconnect says `since` = the last version it saw — while
 * ~300 wallet tips are sent through the API and pushed live by the creators. Every client must end with every
 * tip of its creator, and no (tip id, version) may ever be received twice: receipts are counted raw, never
 * deduplicated before the assertion.
 */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@shabaash/shared';
import { createTestApp } from '../harness.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../factories.ts';
import { TestSocket } from '../realtime/testSocket.ts';
import { creatorSpace } from '../../src/modules/sync/spaces.ts';

const app = await createTestApp({ realtime: true });
const { db, config } = app.deps;

const CREATORS = 4;
const SOCKETS_PER_CREATOR = 50;
const TIPS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type TipMsg = Extract<ServerMessage, { type: 'tip:new' | 'tip:status' | 'tip:deleted' }>;
const isTipMsg = (m: ServerMessage): m is TipMsg =>
  m.type === 'tip:new' || m.type === 'tip:status' || m.type === 'tip:deleted';

class Client {
  readonly sockets: TestSocket[] = [];
  /** Raw receipts: `${id}@${version}` → how many times it arrived (over every socket of this client). */
  readonly receipts = new Map<string, number>();
  readonly ids = new Set<string>();
  lastVersion = 0;
  reconnects = 0;
  private consumed = 0;
  busy = false;

  constructor(
    readonly creator: BuiltCreator,
    readonly kind: 'creator' | 'overlay',
  ) {}

  get current(): TestSocket | undefined {
    return this.sockets.at(-1);
  }

  /** Folds the current socket's new messages into the receipts. */
  take(): void {
    const socket = this.current;
    if (!socket) return;
    for (const m of socket.messages.slice(this.consumed)) {
      if (!isTipMsg(m)) continue;
      const key = `${m.data.id}@${m.version}`;
      this.receipts.set(key, (this.receipts.get(key) ?? 0) + 1);
      if (m.type !== 'tip:deleted') this.ids.add(m.data.id);
      this.lastVersion = Math.max(this.lastVersion, m.version);
    }
    this.consumed = socket.messages.length;
  }

  async connect(): Promise<void> {
    const creds =
      this.kind === 'creator' ? { token: this.creator.token } : { overlayKey: this.creator.overlayKey };
    const since =
      this.sockets.length > 0 ? { since: { [creatorSpace(this.creator.id)]: this.lastVersion } } : {};
    const socket = await TestSocket.hello(app.url, { ...creds, ...since });
    this.sockets.push(socket);
    this.consumed = 0;
  }

  /** Drops the connection abruptly (or cleanly), waits a little, reconnects with `since`. */
  async bounce(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const socket = this.current!;
      if (Math.random() < 0.7) socket.terminate();
      else socket.close();
      await socket.closed;
      this.take();
      await sleep(Math.random() * 150);
      await this.connect();
      this.reconnects++;
    } finally {
      this.busy = false;
    }
  }
}

describe('reconnect storm', () => {
  it(
    '200 sockets dropped and reconnected at random while ~300 tips flow: every tip exactly once per (id, version)',
    { timeout: 60_000 },
    async () => {
      const creators = await Promise.all(Array.from({ length: CREATORS }, () => buildCreator(db, config)));
      const viewers: BuiltUser[] = await Promise.all(
        Array.from({ length: 6 }, () => buildUser(db, config, { balancePaise: 10_000_000 })),
      );
      const clients = creators.flatMap((c) =>
        Array.from(
          { length: SOCKETS_PER_CREATOR },
          (_, i) => new Client(c, i % 2 === 0 ? 'creator' : 'overlay'),
        ),
      );
      for (let i = 0; i < clients.length; i += 25)
        await Promise.all(clients.slice(i, i + 25).map((c) => c.connect()));
      expect(app.hub!.socketCount()).toBeGreaterThanOrEqual(200);

      const startedAt = Date.now();
      // Tips flow: sent by viewers through the API, each then pushed live by its creator (a second version).
      const sentIds = new Map<string, string[]>(creators.map((c) => [c.id, []]));
      let sentCount = 0;
      let flowing = true;
      // Bounces so far; the flow is paced by them so the storm really happens while tips flow, however fast the
      // server is (a faster API once finished the tips before enough reconnects had happened).
      const bounces: Array<Promise<void>> = [];
      const BOUNCES_TARGET = 260;
      const flow = Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          while (sentCount < TIPS) {
            const n = sentCount++;
            while (bounces.length < Math.floor((n * BOUNCES_TARGET) / TIPS)) await sleep(10);
            const creator = creators[n % CREATORS]!;
            const sent = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
              token: viewers[w % viewers.length]!.token,
              body: { amount: 10 + (n % 50), message: `storm ${n}`, creator: creator.handle },
            });
            expect(sent.status).toBe(200);
            sentIds.get(creator.id)!.push(sent.body.tip.id);
            const live = await app.request('PATCH', `/api/creator/chats/${sent.body.tip.id}/status`, {
              token: creator.token,
              body: { status: 'read' },
            });
            expect(live.status).toBe(200);
          }
        }),
      ).finally(() => {
        flowing = false;
      });

      // Chaos: keep bouncing random clients while the tips flow.
      while (flowing) {
        for (let k = 0; k < 3; k++) {
          const client = clients[Math.floor(Math.random() * clients.length)]!;
          bounces.push(client.bounce());
        }
        await sleep(80);
      }
      await flow;
      await Promise.all(bounces);
      const flowedAt = Date.now();

      // Everyone connected again; wait until each client holds every tip of its creator (or time runs out).
      const deadline = Date.now() + 20_000;
      for (;;) {
        for (const c of clients) c.take();
        const missing = clients.filter((c) => sentIds.get(c.creator.id)!.some((id) => !c.ids.has(id)));
        if (missing.length === 0 || Date.now() > deadline) break;
        await sleep(100);
      }
      await sleep(300); // a duplicate, if any, would arrive now
      for (const c of clients) c.take();
      for (const c of clients) c.current?.close();

      const totalReconnects = clients.reduce((s, c) => s + c.reconnects, 0);
      console.info(
        `reconnect storm: flow+chaos ${flowedAt - startedAt} ms, settle ${Date.now() - flowedAt} ms, ${totalReconnects} reconnects`,
      );
      expect(totalReconnects).toBeGreaterThanOrEqual(200);
      expect(clients.filter((c) => c.reconnects > 0).length).toBeGreaterThan(100);
      expect([...sentIds.values()].flat()).toHaveLength(TIPS);

      const repeated: string[] = [];
      const missing: string[] = [];
      for (const [i, c] of clients.entries()) {
        for (const [key, count] of c.receipts)
          if (count > 1) repeated.push(`client ${i} (${c.kind}): ${key} ×${count}`);
        const expected = sentIds.get(c.creator.id)!;
        const lacking = expected.filter((id) => !c.ids.has(id));
        if (lacking.length)
          missing.push(`client ${i} (${c.kind}, ${c.reconnects} reconnects): ${lacking.length} missing`);
        // Nothing from another creator ever arrives.
        const foreign = [...c.ids].filter((id) => !expected.includes(id));
        if (foreign.length) missing.push(`client ${i}: ${foreign.length} tips of another creator`);
      }
      expect(repeated).toEqual([]);
      expect(missing).toEqual([]);
    },
  );
});
