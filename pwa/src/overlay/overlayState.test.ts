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

describe('overlay state rules (SPEC §4 Overlay)', () => {
  it('starts empty with the default settings: #ff5c5c, Poppins, sound default', () => {
    const state = initialOverlayState();
    expect(state.tip).toBeNull();
    expect(state.settings).toEqual({
      overlayTheme: 'classic',
      font: 'Poppins',
      color: '#ff5c5c',
      sound: 'default',
    });
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
    expect(state.settings).toEqual({
      overlayTheme: 'classic',
      font: 'Poppins',
      color: '#00aaff',
      sound: 'default',
    });
  });
});
