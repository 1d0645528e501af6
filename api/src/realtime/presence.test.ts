import { describe, expect, it } from 'vitest';
import { fakeConn } from '../../test/realtime/fakeConn.ts';
import { createLogger } from '../logger.ts';
import { createPresence } from './presence.ts';
import type { SpaceState } from './publish.ts';
import { createSender } from './sending.ts';

const creatorId = '00000000-0000-4000-8000-000000000002';
const space = `creator:${creatorId}`;
const sender = createSender({ maxBufferedBytes: 1e6, check: true, log: createLogger('silent') });

function setup() {
  const creatorRoom = fakeConn({ [space]: { view: 'full' } });
  const overlayRoom = fakeConn({ [space]: { view: 'overlay' } });
  const state = {
    space,
    subs: new Set([creatorRoom, overlayRoom]),
    full: new Set([creatorRoom]),
  } as unknown as SpaceState;
  const announced: string[] = [];
  let now = 1000;
  const presence = createPresence({
    publisher: { states: new Map([[space, state]]) },
    sender,
    refreshMs: 100,
    announce: (c) => announced.push(c),
    now: () => now,
  });
  const counts = () =>
    creatorRoom.fake.sent.flatMap((m) => (m.type === 'overlay:presence' ? [m.data.count] : []));
  return { presence, creatorRoom, overlayRoom, announced, counts, tick: (ms: number) => (now += ms) };
}

const overlays = (n: number) => ({ count: n, showing: n, heard: n });
const one = overlays(1);

describe('overlay presence over instances', () => {
  it('sums this instance and the others, telling only the creator room and announcing local changes', () => {
    const { presence, overlayRoom, announced, counts } = setup();
    presence.change(creatorId, one);
    presence.setRemote(creatorId, 'b', overlays(2));
    expect(presence.total(creatorId)).toEqual(overlays(3));
    expect(presence.local(creatorId)).toEqual(one);
    expect(counts()).toEqual([1, 3]);
    expect(announced).toEqual([creatorId]);
    expect(overlayRoom.fake.sent).toEqual([]);
    presence.change(creatorId, one, -1);
    expect(presence.localCreators()).toEqual([]);
    expect(counts()).toEqual([1, 3, 2]);
  });

  it("drops an instance's count after three missed refreshes, not before", () => {
    const { presence, counts, tick } = setup();
    presence.setRemote(creatorId, 'b', overlays(2));
    tick(300);
    presence.expireRemote();
    expect(presence.total(creatorId).count).toBe(2);
    tick(1);
    presence.expireRemote();
    expect(presence.total(creatorId).count).toBe(0);
    expect(counts()).toEqual([2, 0]);
  });
});

describe('overlays not showing or not heard', () => {
  it('tells the creator room how many overlays OBS shows and how many are heard, summed over instances', () => {
    const { presence, creatorRoom } = setup();
    presence.change(creatorId, one);
    presence.change(creatorId, { count: 0, showing: -1, heard: -1 });
    presence.setRemote(creatorId, 'b', { count: 1, showing: 1, heard: 0 });
    const last = creatorRoom.fake.sent.filter((m) => m.type === 'overlay:presence').at(-1);
    expect(last?.data).toEqual({ connected: true, count: 2, showing: 1, heard: 0 });
  });
});
