import { describe, expect, it } from 'vitest';
import type { ServerMessage, Tip } from '@shabaash/shared';
import { initialOverlayState, overlayReducer, type OverlayEvent, type OverlayState } from './overlayState.ts';
import { buildTip } from '../test/tips.ts';

const SPACE = 'creator:c1';
let version = 0;

function tip(id: string, overrides: Partial<Tip> = {}): Tip {
  version += 1;
  const shown = { amount: 150.5, amountPaise: 15050, message: `message of ${id}`, name: `Fan ${id}` };
  return buildTip(id, { ...shown, status: 'read', version, ...overrides });
}

const newTip = (t: Tip): ServerMessage => ({ type: 'tip:new', space: SPACE, version: t.version, data: t });
const statusTip = (t: Tip): ServerMessage => ({
  type: 'tip:status',
  space: SPACE,
  version: t.version,
  data: t,
});
const deleted = (id: string): ServerMessage => ({
  type: 'tip:deleted',
  space: SPACE,
  version: ++version,
  data: { id },
});

function run(events: OverlayEvent[], from: OverlayState = initialOverlayState()): OverlayState {
  return events.reduce(overlayReducer, from);
}

/** The overlay's default settings as the spec states them. */
const SPEC_DEFAULTS = { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' };

describe('overlay state rules', () => {
  it('starts empty with the default settings: #ff5c5c, Poppins, sound default', () => {
    const state = initialOverlayState();
    expect(state.tip).toBeNull();
    expect(state.settings).toEqual(SPEC_DEFAULTS);
  });

  it('tip:new with status read replaces the current tip and counts as going live', () => {
    const a = tip('a');
    const b = tip('b');
    const state = run([newTip(a), newTip(b)]);
    expect(state.tip?.id).toBe('b');
    expect(state.liveCount).toBe(2);
  });

  it('ignores tip:new that is unread', () => {
    const a = tip('a');
    const state = run([newTip(a), newTip(tip('b', { status: 'unread' }))]);
    expect(state.tip?.id).toBe('a');
    expect(state.liveCount).toBe(1);
  });

  it('tip:status read replaces the current tip', () => {
    const state = run([newTip(tip('a')), statusTip(tip('b'))]);
    expect(state.tip).toMatchObject({ id: 'b', name: 'Fan b', amount: 150.5, message: 'message of b' });
  });

  it('tip:status with another status clears the current tip only when it is the same one', () => {
    const a = tip('a');
    let state = run([newTip(a), statusTip(tip('b', { status: 'unread' }))]);
    expect(state.tip?.id).toBe('a');
    state = run([statusTip(tip('a', { status: 'ignore' }))], state);
    expect(state.tip).toBeNull();
    state = run([newTip(tip('c')), statusTip(tip('c', { status: 'unread' }))]);
    expect(state.tip).toBeNull();
  });

  it('tip:deleted clears the current tip only when it is the same one', () => {
    let state = run([newTip(tip('a')), deleted('zzz')]);
    expect(state.tip?.id).toBe('a');
    state = run([deleted('a')], state);
    expect(state.tip).toBeNull();
  });

  it('on load takes the first tip of the display list', () => {
    const state = run([{ type: 'display', tips: [tip('newest'), tip('older')] }]);
    expect(state.tip?.id).toBe('newest');
    expect(state.liveCount).toBe(0); // loading is not "going live": no sound
    expect(run([{ type: 'display', tips: [] }]).tip).toBeNull();
  });

  it('a slow display load never overwrites a tip pushed live meanwhile, nor revives one taken off', () => {
    const live = run([newTip(tip('pushed')), { type: 'display', tips: [tip('stale')] }]);
    expect(live.tip?.id).toBe('pushed');
    const gone = run([deleted('x'), { type: 'display', tips: [tip('x')] }]);
    expect(gone.tip).toBeNull();
  });

  it('the same tip at the same version (a replay) changes nothing and does not play twice', () => {
    const a = tip('a');
    const once = run([newTip(a)]);
    const twice = run([statusTip(a)], once);
    expect(twice.liveCount).toBe(1);
    // pushed live again later (new version): shown again, with its sound
    const again = run([statusTip({ ...a, version: a.version + 10 })], twice);
    expect(again.liveCount).toBe(2);
  });

  it('maps names and pictures: name → sender name → guestName → Anonymous', () => {
    const fromSender = run([
      newTip(
        tip('s', { name: '', sender: { name: 'Ravi', profilePic: 'data:image/png;base64,AA', phone: null } }),
      ),
    ]);
    expect(fromSender.tip).toMatchObject({ name: 'Ravi', profilePic: 'data:image/png;base64,AA' });
    const fromGuest = run([newTip(tip('g', { name: '', guestName: 'Guest Meera' }))]);
    expect(fromGuest.tip?.name).toBe('Guest Meera');
    const anonymous = run([newTip(tip('n', { name: '', guestName: null }))]);
    expect(anonymous.tip?.name).toBe('Anonymous');
  });

  it('overlay:update merges into the settings; a later settings load does not undo it', () => {
    let state = run([
      {
        type: 'overlay:update',
        data: { overlayTheme: 'neon', font: 'Inter', color: '#123456', sound: 'chime' },
      },
    ]);
    expect(state.settings).toEqual({ overlayTheme: 'neon', font: 'Inter', color: '#123456', sound: 'chime' });
    state = run(
      [
        {
          type: 'settings',
          settings: { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' },
        },
      ],
      state,
    );
    expect(state.settings.color).toBe('#123456');
  });

  it('the settings load merges known string fields and keeps defaults for the rest', () => {
    const state = run([
      { type: 'settings', settings: { color: '#00aaff', font: '', sound: 42, extra: 'x' } },
    ]);
    expect(state.settings).toEqual({ ...SPEC_DEFAULTS, color: '#00aaff' });
  });
});

describe('the show: show settings, test alerts and auto-advance', () => {
  const show = (autoAdvance: boolean) => ({
    tiers: [
      { minAmount: 0, color: '#111111', seconds: 3 },
      { minAmount: 100, color: '#222222', seconds: 9 },
    ],
    autoAdvance,
    tts: { enabled: true, minAmount: 0, maxChars: 200, volume: 40, hinglishInHindi: true },
    language: 'hi',
  });
  const looks = { overlayTheme: 'neon', font: 'Inter', color: '#123456', sound: 'chime' };
  const run = (events: OverlayEvent[], from: OverlayState = initialOverlayState()) =>
    events.reduce(overlayReducer, from);
  const test = (id: string): ServerMessage => ({
    type: 'show:test',
    data: { id, name: 'Test alert', amount: 500, amountPaise: 50_000, message: 'hi', speech: true },
  });

  it('takes valid show settings and ignores malformed ones (the last good ones stay)', () => {
    const good = run([{ type: 'settings', settings: { ...looks, show: show(true) } }]);
    expect(good.show).toEqual(show(true));
    const descending = { ...show(false), tiers: [...show(false).tiers].reverse() };
    for (const bad of [descending, { ...show(false), tts: { volume: 'loud' } }, { tiers: [] }, 'x']) {
      const after = run([{ type: 'overlay:update', data: { ...looks, show: bad } } as OverlayEvent], good);
      expect(after.show).toEqual(show(true));
      expect(after.settings.sound).toBe('chime');
    }
  });

  it('without auto-advance, the spec rule stays exact: a new live tip replaces the card and expiry changes nothing', () => {
    const a = tip('a');
    const b = tip('b');
    const state = run([
      { type: 'settings', settings: { ...looks, show: show(false) } },
      statusTip(a),
      statusTip(b),
    ]);
    expect(state.tip?.id).toBe('b');
    expect(state.queue).toEqual([]);
    expect(run([{ type: 'expired', id: 'b' }], state)).toBe(state);
  });

  it('with auto-advance, tips pushed live wait their turn; expiry shows the next, then clears', () => {
    const [a, b, c] = [tip('a'), tip('b'), tip('c')];
    let state = run([{ type: 'settings', settings: { ...looks, show: show(true) } }, statusTip(a)]);
    const liveAfterA = state.liveCount;
    state = run([statusTip(b), newTip(c)], state);
    expect(state.tip?.id).toBe('a');
    expect(state.queue.map((q) => q.id)).toEqual(['b', 'c']);
    expect(state.liveCount).toBe(liveAfterA); // no sound for a tip still waiting
    state = run([{ type: 'expired', id: 'a' }], state);
    expect(state.tip?.id).toBe('b');
    expect(state.liveCount).toBe(liveAfterA + 1);
    // A queued tip taken off live (unread) or deleted never shows; deleting the card on screen advances.
    state = run([deleted('c'), deleted('b')], state);
    expect(state.tip).toBeNull();
    state = run([statusTip(tip('d')), { type: 'expired', id: 'd' }], state);
    expect(state.tip).toBeNull();
    // A stale expiry (another card's) changes nothing.
    state = run([statusTip(tip('e'))], state);
    expect(run([{ type: 'expired', id: 'd' }], state)).toBe(state);
  });

  it('turning auto-advance off shows the latest tip pushed live, as the spec rule would', () => {
    const [a, b, c] = [tip('a'), tip('b'), tip('c')];
    let state = run([
      { type: 'settings', settings: { ...looks, show: show(true) } },
      statusTip(a),
      statusTip(b),
      statusTip(c),
    ]);
    state = run([{ type: 'overlay:update', data: { ...looks, show: show(false) } } as OverlayEvent], state);
    expect(state.tip?.id).toBe('c');
    expect(state.queue).toEqual([]);
  });

  it('a test alert shows over the live tip with a sound cue, expires back to it, and a live tip replaces it', () => {
    const a = tip('a');
    let state = run([statusTip(a)]);
    const count = state.liveCount;
    state = run([test('test-1')], state);
    expect(state.test).toMatchObject({ id: 'test-1', amount: 500, test: { speech: true } });
    expect(state.tip?.id).toBe('a');
    expect(state.liveCount).toBe(count + 1);
    expect(run([{ type: 'expired', id: 'test-1' }], state).test).toBeNull();
    const replaced = run([statusTip(tip('b'))], state);
    expect(replaced.test).toBeNull();
    expect(replaced.tip?.id).toBe('b');
    expect(run([{ type: 'revoked' }], state).test).toBeNull();
  });
});

describe('alerts the API sends (alert receipts)', () => {
  const show = (reason: 'replay' | 'resume' | 'reshow', tips: Tip[]): ServerMessage => ({
    type: 'alert:show',
    data: { reason, tips },
  });

  it('resumed alerts play in turn, each when the one before expires, and the last stays on screen', () => {
    const [a, b, c] = [tip('a'), tip('b'), tip('c')];
    let state = run([show('resume', [a, b, c])]);
    expect([state.tip?.id, state.liveCount]).toEqual(['a', 1]);
    state = run([{ type: 'expired', id: 'a' }], state);
    expect([state.tip?.id, state.liveCount]).toEqual(['b', 2]);
    state = run(
      [
        { type: 'expired', id: 'b' },
        { type: 'expired', id: 'c' },
      ],
      state,
    );
    expect([state.tip?.id, state.liveCount, state.draining]).toEqual(['c', 3, false]);
  });

  it('a re-shown alert this page already played is not played again; a replay always is', () => {
    const a = tip('a');
    let state = run([statusTip(a)]);
    expect(state.liveCount).toBe(1);
    state = run([show('reshow', [a])], state);
    expect(state.liveCount).toBe(1);
    state = run([show('replay', [a])], state);
    expect([state.tip?.id, state.liveCount]).toEqual(['a', 2]);
  });

  it('a tip the page only loaded (no sound) is played when re-shown', () => {
    const a = tip('a');
    let state = run([{ type: 'display', tips: [a] }]);
    expect([state.tip?.id, state.liveCount]).toEqual(['a', 0]);
    state = run([show('reshow', [a])], state);
    expect(state.liveCount).toBe(1);
  });
});
