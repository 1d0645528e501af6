// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultShowSettings, type OverlaySettings, type Tip } from '@shabaash/shared';
import {
  CREATOR,
  creatorSpace,
  failWith,
  fixtureId,
  insertTip,
  networkError,
  overrideHandlers,
} from '@shabaash/mocks';
import { fakeSocketFactory } from '../test/fakeSocket.ts';
import { mockApiForFile } from '../test/server.ts';
import { startOverlay } from './main.ts';
import { buildTip } from '../test/tips.ts';

const { server, state } = mockApiForFile();
afterEach(() => document.body.replaceChildren());

const SPACE = creatorSpace(CREATOR.user.id);
function tip(id: string, overrides: Partial<Tip> = {}): Tip {
  const shown = { amount: 1250, amountPaise: 125000, message: 'Great stream!', name: 'Priya' };
  return buildTip(id, { ...shown, status: 'read', version: 3, ...overrides });
}

function mount() {
  const root = document.createElement('div');
  document.body.append(root);
  const fake = fakeSocketFactory();
  const stop = startOverlay(root, '?key=key-1&display=1', fake.factory);
  return { root, fake, stop };
}

/**
 * The creator's overlay under key `key-1`: classic looks in Inter, #112233, no sound (changed by `looks`), and
 * on air (what GET /tips/display answers) a ₹1,250 "Great stream!" tip from each of `onAir`, newest first.
 */
function serve(looks: Partial<OverlaySettings> = {}, onAir: string[] = []) {
  const creator = state.creators.get(CREATOR.user.id)!;
  creator.overlayKey = 'key-1';
  creator.overlay = { overlayTheme: 'classic', font: 'Inter', color: '#112233', sound: 'none', ...looks };
  state.tips.clear();
  onAir.forEach((guestName, n) =>
    insertTip(state, {
      id: fixtureId('b', 0x900 + n),
      creatorId: CREATOR.user.id,
      sender: null,
      guestName,
      amountPaise: 125_000,
      message: 'Great stream!',
      status: 'read',
      at: new Date(Date.now() - n * 1000).toISOString(),
    }),
  );
}

const card = (root: HTMLElement) => root.querySelector<HTMLElement>('.ov-card');

describe('bare overlay page', () => {
  it('loads settings and the first display tip, then follows realtime events', async () => {
    serve({ overlayTheme: 'neon' }, ['Priya', 'Old']);
    const { root, fake, stop } = mount();
    expect(card(root)?.textContent).toBe('Waiting for the next superchat...');
    fake.last().open();
    expect(fake.last().sent[0]).toEqual({ type: 'hello', overlayKey: 'key-1', since: {} });
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    await vi.waitFor(() => expect(card(root)?.textContent).toContain('Priya'));
    await vi.waitFor(() => expect(card(root)?.className).toContain('ov-theme-neon'));
    // A tip's card takes its tier's colour (₹1,250: the ₹1,000 tier of the defaults, magenta).
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#d81b60');
    expect(card(root)?.dataset.tier).toBe('5');
    expect(state.calls.get('publicOverlay')).toBe(1); // the looks of the overlay under its key, loaded once
    expect(card(root)?.textContent).toContain('₹1,250.00');
    expect(card(root)?.textContent).toContain('Great stream!');
    expect(card(root)?.style.fontFamily).toContain('Inter');
    expect(card(root)?.className).toContain('ov-theme-neon');

    fake.last().push({
      type: 'tip:status',
      space: SPACE,
      version: 4,
      data: tip('g', { name: '', guestName: null, message: '', amount: 99.5 }),
    });
    expect(card(root)?.querySelector('.ov-name')?.textContent).toBe('Anonymous');
    expect(card(root)?.querySelector('.ov-initial')?.textContent).toBe('A');
    expect(card(root)?.querySelector('.ov-amount')?.textContent).toBe('₹99.50');
    expect(card(root)?.querySelector('.ov-message')?.textContent).toBe('No message attached');
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#00897b');

    fake.last().push({
      type: 'overlay:update',
      data: { overlayTheme: 'classic', font: 'Poppins', color: '#abcdef', sound: 'none' },
    });
    expect(card(root)?.style.fontFamily).toBe('Poppins, Inter, sans-serif');

    fake.last().push({ type: 'tip:deleted', space: SPACE, version: 5, data: { id: 'g' } });
    expect(card(root)?.textContent).toBe('Waiting for the next superchat...');
    // The waiting card keeps the overlay's own colour.
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#abcdef');
    stop();
  });

  it('makes its audio ready when the settings load, before the first tip, and only when it plays a sound', async () => {
    // Chromium's first AudioContext takes ~450 ms of the page's main thread: made on the first tip, it held the card.
    const made: string[] = [];
    class FakeAudioContext {
      constructor() {
        made.push(card(document.body)?.textContent ?? '');
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    serve();
    const silent = mount();
    await vi.waitFor(() => expect(card(silent.root)?.className).toContain('ov-theme-classic'));
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toEqual([]);
    silent.stop();
    document.body.replaceChildren();

    serve({ sound: 'chime' });
    const { fake, stop } = mount();
    await vi.waitFor(() => expect(made).toEqual(['Waiting for the next superchat...']));
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    expect(made).toHaveLength(1);
    stop();
    vi.unstubAllGlobals();
  });

  it('clears the tip on screen and stops reconnecting when the overlay key is rotated (4001)', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({}, ['Priya']);
    const { root, fake, stop } = mount();
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    await vi.waitFor(() => expect(card(root)?.textContent).toContain('Priya'));
    fake.last().drop(4001, 'Overlay key rotated');
    expect(card(root)?.textContent).toBe('Waiting for the next superchat...');
    expect(warnings.mock.calls[0]?.[0]).toContain('Overlay key rotated');
    await new Promise((r) => setTimeout(r, 1200));
    expect(fake.sockets).toHaveLength(1);
    warnings.mockRestore();
    stop();
  });

  it('goes dark with a neutral card when its creator is suspended (4023), and comes back on the next welcome', async () => {
    serve({}, ['Priya']);
    const { root, fake, stop } = mount();
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    await vi.waitFor(() => expect(card(root)?.textContent).toContain('Priya'));
    fake.last().drop(4023, 'Creator suspended');
    expect(card(root)?.className).toContain('ov-paused');
    expect(card(root)?.textContent).toBe('This overlay is paused.');
    // It keeps trying (with backoff) rather than giving up as for a rotated key.
    await vi.waitFor(() => expect(fake.sockets).toHaveLength(2), { timeout: 3000 });
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    expect(card(root)?.className).not.toContain('ov-paused');
    expect(card(root)?.textContent).toBe('Waiting for the next superchat...');
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('after', { version: 4 }) });
    expect(card(root)?.textContent).toContain('Priya');
    stop();
  });

  it('only logs load failures and keeps its defaults', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ...overrideHandlers(state, { publicOverlay: failWith('NOT_FOUND', 'Not found.') }),
      networkError('displayTips'),
    );
    const { root, fake, stop } = mount();
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(2));
    expect(card(root)?.textContent).toBe('Waiting for the next superchat...');
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#ff5c5c');
    expect(card(root)?.style.fontFamily).toBe('Poppins, Inter, sans-serif');
    errors.mockRestore();
    stop();
  });

  it("speaks the creator's show language: Hindi waiting and empty-message texts, back to English on an update", async () => {
    serve({ overlayTheme: 'neon', show: { ...defaultShowSettings(), language: 'hi' } });
    const { root, fake, stop } = mount();
    await vi.waitFor(() => expect(card(root)?.textContent).toBe('अगले सुपरचैट का इंतज़ार है...'));
    fake.last().open();
    fake.last().push({
      type: 'tip:status',
      space: SPACE,
      version: 4,
      data: tip('h', { name: '', message: '' }),
    });
    expect(card(root)?.querySelector('.ov-name')?.textContent).toBe('गुमनाम');
    expect(card(root)?.querySelector('.ov-message')?.textContent).toBe('कोई मैसेज नहीं');
    fake.last().push({
      type: 'overlay:update',
      space: SPACE,
      version: 5,
      data: {
        overlayTheme: 'neon',
        font: 'Inter',
        color: '#112233',
        sound: 'none',
        show: { language: 'en' },
      },
    } as never);
    expect(card(root)?.querySelector('.ov-message')?.textContent).toBe('No message attached');
    stop();
  });
});

describe('the show on the overlay', () => {
  const show = {
    tiers: [
      { minAmount: 0, color: '#111111', seconds: 1 },
      { minAmount: 500, color: '#fb8c00', seconds: 1 },
    ],
    autoAdvance: false,
    tts: { enabled: true, minAmount: 100, maxChars: 200, volume: 55, hinglishInHindi: false },
    language: 'en' as const,
  };
  const looks = () => ({ overlayTheme: 'classic', font: 'Inter', color: '#112233', sound: 'none' });
  const speechAudio = () => document.querySelector<HTMLAudioElement>('audio.ov-speech');

  async function mountWithShow() {
    serve({ show });
    const mounted = mount();
    mounted.fake.last().open();
    mounted.fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 3 } });
    await vi.waitFor(() => expect(card(mounted.root)?.style.getPropertyValue('--ov-accent')).toBe('#112233'));
    return mounted;
  }

  it('shows the card at once in its tier colour, reads it when its speech is ready, and Skip stops it', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { root, fake, stop } = await mountWithShow();
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('t1', { amount: 500 }) });
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#fb8c00');
    expect(speechAudio()?.getAttribute('src')).toBeNull(); // the card never waits for speech
    fake.last().push({ type: 'speech:ready', data: { tipId: 'other' } });
    fake.last().push({ type: 'speech:ready', data: { tipId: 't1' } });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(speechAudio()?.getAttribute('src')).toBe('/api/overlay/speech/t1?key=key-1');
    expect(speechAudio()?.volume).toBeCloseTo(0.55);
    fake.last().push({ type: 'speech:skip' });
    expect(speechAudio()?.getAttribute('src')).toBeNull();
    expect(speechAudio()?.dataset.state).toBe('stopped');

    // Below the TTS minimum (₹100): no speech even when the API says ready.
    fake.last().push({ type: 'tip:status', space: SPACE, version: 5, data: tip('t2', { amount: 50 }) });
    fake.last().push({ type: 'speech:ready', data: { tipId: 't2' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(play).toHaveBeenCalledTimes(1);
    play.mockRestore();
    stop();
  });

  it("a YouTube Super Sticker shows YouTube's amount, its alt text and the YouTube mark, and is read like a tip", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { root, fake, stop } = await mountWithShow();
    const external = {
      platform: 'youtube',
      kind: 'superSticker',
      amountMicros: 5_000_000,
      currency: 'USD',
      displayAmount: '$5.00',
      stickerAltText: 'A cat dancing with a lantern',
      counted: true,
    } as const;
    // Counted at the creator's rate (₹422.50): that picks its tier and TTS, never the amount it shows.
    const sticker = tip('yt1', { name: 'Meera', message: '', amount: 422.5, amountPaise: 42250, external });
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: sticker });
    expect(card(root)?.querySelector('.ov-amount')?.textContent).toBe('$5.00');
    expect(card(root)?.textContent).not.toContain('₹');
    expect(card(root)?.querySelector('.ov-sticker')?.textContent).toBe('A cat dancing with a lantern');
    expect(card(root)?.querySelector('.ov-source')?.textContent).toBe('YouTube');
    expect(card(root)?.querySelector('.ov-empty')).toBeNull();
    fake.last().push({ type: 'speech:ready', data: { tipId: 'yt1' } });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(speechAudio()?.getAttribute('src')).toBe('/api/overlay/speech/yt1?key=key-1');

    // A Super Chat that does not count (no rate for its currency) still shows YouTube's amount, not ₹0.
    const chat = tip('yt2', {
      name: 'Kabir',
      message: 'GG',
      amount: 0,
      amountPaise: 0,
      external: {
        ...external,
        kind: 'superChat',
        displayAmount: '€3.00',
        currency: 'EUR',
        stickerAltText: null,
        counted: false,
      },
    });
    fake.last().push({ type: 'tip:status', space: SPACE, version: 5, data: chat });
    expect(card(root)?.querySelector('.ov-amount')?.textContent).toBe('€3.00');
    expect(card(root)?.querySelector('.ov-message')?.textContent).toBe('GG');
    expect(card(root)?.querySelector('.ov-sticker')).toBeNull();
    play.mockRestore();
    stop();
  });

  it('a Skip while the speech is still starting is a stop, not a failure', async () => {
    // A browser rejects a pending play() with AbortError when pause() comes first.
    let reject: (error: Error) => void = () => {};
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockImplementation(() => new Promise<void>((_, no) => (reject = no)));
    const { fake, stop } = await mountWithShow();
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('t1', { amount: 500 }) });
    fake.last().push({ type: 'speech:ready', data: { tipId: 't1' } });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    fake.last().push({ type: 'speech:skip' });
    reject(new DOMException('The play() request was interrupted by a call to pause().', 'AbortError'));
    await new Promise((r) => setTimeout(r, 0));
    expect(speechAudio()?.dataset.state).toBe('stopped');
    play.mockRestore();
    stop();
  });

  it('a speech that cannot play is marked failed', async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValue(new Error('NotSupportedError'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fake, stop } = await mountWithShow();
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('t1', { amount: 500 }) });
    fake.last().push({ type: 'speech:ready', data: { tipId: 't1' } });
    await vi.waitFor(() => expect(speechAudio()?.dataset.state).toBe('failed'));
    play.mockRestore();
    warn.mockRestore();
    stop();
  });

  it('auto-advance: turned on, the card on screen leaves after its tier time; tips pushed live meanwhile show in turn', async () => {
    const { root, fake, stop } = await mountWithShow();
    const auto = { ...show, autoAdvance: true };
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('a', { amount: 20 }) });
    await new Promise((r) => setTimeout(r, 1100));
    expect(card(root)?.dataset.tipId).toBe('a'); // off: the card stays
    fake.last().push({ type: 'overlay:update', data: { ...looks(), show: auto } });
    fake.last().push({ type: 'tip:status', space: SPACE, version: 5, data: tip('b', { amount: 20 }) });
    expect(card(root)?.dataset.tipId).toBe('a'); // b waits its turn
    await vi.waitFor(() => expect(card(root)?.dataset.tipId).toBe('b'), { timeout: 1500 });
    await vi.waitFor(() => expect(card(root)?.textContent).toBe('Waiting for the next superchat...'), {
      timeout: 1500,
    });
    stop();
  });

  it('a test alert shows marked, reads its test speech, and leaves after its tier time', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { root, fake, stop } = await mountWithShow();
    fake.last().push({ type: 'tip:status', space: SPACE, version: 4, data: tip('live', { amount: 20 }) });
    fake.last().push({
      type: 'show:test',
      data: {
        id: 'test-1',
        name: 'Test alert',
        amount: 500,
        amountPaise: 50_000,
        message: 'Hello',
        speech: true,
      },
    });
    expect(card(root)?.className).toContain('ov-test');
    expect(card(root)?.querySelector('.ov-test-badge')?.textContent).toBe('TEST');
    expect(card(root)?.style.getPropertyValue('--ov-accent')).toBe('#fb8c00');
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(speechAudio()?.getAttribute('src')).toBe('/api/overlay/test-speech?key=key-1');
    // After the tier's 1 s the live tip is back, without a second sound or speech.
    await vi.waitFor(() => expect(card(root)?.dataset.tipId).toBe('live'), { timeout: 2000 });
    expect(card(root)?.className).not.toContain('ov-test');
    expect(play).toHaveBeenCalledTimes(1);
    play.mockRestore();
    stop();
  });
});
