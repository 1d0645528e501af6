// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { defaultWidgetSettings, WIDGET_TEXT, type WidgetState } from '@shabaash/shared';
import { overrideHandlers } from '@shabaash/mocks';
import { fakeSocketFactory } from '../test/fakeSocket.ts';
import { mockApiForFile } from '../test/server.ts';
import { startWidget, type WidgetDraw } from './runtime.ts';
import { drawGoal } from './goal/main.ts';
import { drawQr, qrSvg } from './qr/main.ts';
import { drawTimer } from './timer/main.ts';
import { drawSupporters } from './supporters/main.ts';

const { server, state } = mockApiForFile();
afterEach(() => document.body.replaceChildren());

const SESSION = { id: 's1', startedAt: '2026-11-25T10:00:00.000Z', endedAt: null };

function widgetState(overrides: Partial<WidgetState> = {}): WidgetState {
  const widgets = defaultWidgetSettings();
  widgets.goal = { title: 'New mic', targetAmount: 1000 };
  return {
    handle: 'kabir',
    language: 'en',
    widgets,
    session: SESSION,
    goal: { raised: 250, raisedPaise: 25_000 },
    supporters: [],
    timer: {
      status: 'idle',
      endsAt: null,
      remainingMs: 3_600_000,
      addedSeconds: 0,
      serverNow: '2026-11-25T10:00:00.000Z',
      endingText: '',
    },
    ...overrides,
  };
}

/** Serves a sequence of states (the last one repeats) and counts the fetches. */
function serve(states: WidgetState[]) {
  const seen: string[] = [];
  server.use(
    ...overrideHandlers(state, {
      widgetState: ({ query }) => {
        seen.push(query.key);
        return states[Math.min(seen.length - 1, states.length - 1)]!;
      },
    }),
  );
  return seen;
}

function mount(draw: WidgetDraw, search = '?key=key-1') {
  const root = document.createElement('div');
  document.body.append(root);
  const fake = fakeSocketFactory();
  const stop = startWidget(root, draw, search, fake.factory);
  return { root, fake, stop };
}

const WIDGET_EN = WIDGET_TEXT.en;

/** A tip as overlay rooms receive it. */
const TIP = {
  _id: 't',
  id: 't',
  creatorId: 'c1',
  amount: 250,
  amountPaise: 25_000,
  message: '',
  name: 'A',
  guestName: 'A',
  sender: null,
  status: 'unread' as const,
  createdAt: SESSION.startedAt,
  updatedAt: SESSION.startedAt,
  version: 4,
};

/** Paints the SVG's rectangles (`M x,y h w v h h -w z` in viewBox units, one unit a pixel) as RGBA for jsQR. */
function rasterise(svg: SVGSVGElement): { pixels: Uint8ClampedArray; size: number } {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y, w, hgt] of d.matchAll(/M(\d+),(\d+)h(\d+)v(\d+)h-\d+z/g)) {
    for (let row = Number(y); row < Number(y) + Number(hgt); row += 1) {
      const from = (row * size + Number(x)) * 4;
      for (let i = from; i < from + Number(w) * 4; i += 4) pixels.fill(0, i, i + 3);
    }
  }
  return { pixels, size };
}

const fill = (root: HTMLElement) => root.querySelector<HTMLElement>('.wg-bar')?.dataset.percent;

describe('the widget runtime', () => {
  it('joins with the overlay key, loads on welcome and refetches after a tip and a stream change', async () => {
    const seen = serve([
      widgetState(),
      widgetState({ goal: { raised: 500, raisedPaise: 50_000 } }),
      widgetState({ session: { ...SESSION, id: 's2' }, goal: { raised: 0, raisedPaise: 0 } }),
    ]);
    const { root, fake, stop } = mount(drawGoal);
    expect(root.textContent).toBe(''); // nothing on stream before the first load
    fake.last().open();
    expect(fake.last().sent[0]).toEqual({ type: 'hello', overlayKey: 'key-1', since: {} });
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { 'creator:c1': 3 } });
    await expect.poll(() => fill(root)).toBe('25.00');
    expect(root.textContent).toContain('New mic');
    expect(root.textContent).toContain('₹250.00 of ₹1,000.00');

    fake.last().push({
      type: 'tip:new',
      space: 'creator:c1',
      version: 4,
      data: TIP,
    });
    await expect.poll(() => fill(root), { timeout: 3000 }).toBe('50.00');
    fake.last().push({ type: 'stream:update', data: { session: { ...SESSION, id: 's2' } } });
    await expect.poll(() => fill(root), { timeout: 3000 }).toBe('0.00');
    expect(seen).toEqual(['key-1', 'key-1', 'key-1']);
    stop();
  });

  it('a supporter whose tip is ignored or deleted leaves the supporters widget at once', async () => {
    const onAir = widgetState({
      widgets: { ...defaultWidgetSettings(), supporters: { enabled: true, range: 'stream' } },
    });
    serve([
      { ...onAir, supporters: [{ name: 'Kiran', amount: 500, amountPaise: 50_000, count: 1 }] },
      { ...onAir, supporters: [{ name: 'Zoya', amount: 20, amountPaise: 2_000, count: 1 }] },
      { ...onAir, supporters: [] },
    ]);
    const { root, fake, stop } = mount(drawSupporters);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await expect.poll(() => root.textContent).toContain('Kiran');
    // Overlay rooms hear an ignored or deleted tip as tip:deleted (its id only).
    fake.last().push({ type: 'tip:deleted', space: 'creator:c1', version: 5, data: { id: 't1' } });
    await expect.poll(() => root.textContent, { timeout: 3000 }).toContain('Zoya');
    expect(root.textContent).not.toContain('Kiran');
    fake.last().push({
      type: 'tip:status',
      space: 'creator:c1',
      version: 6,
      data: { ...TIP, status: 'read', version: 6 },
    });
    await expect.poll(() => root.textContent, { timeout: 3000 }).toContain(WIDGET_EN.supportersEmpty);
    stop();
  });

  it('a rotated key (4001) clears the widget and stops reconnecting', async () => {
    serve([widgetState()]);
    const { root, fake, stop } = mount(drawGoal);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await expect.poll(() => fill(root)).toBe('25.00');
    fake.last().drop(4001, 'Overlay key rotated');
    expect(root.textContent).toBe('');
    expect(fake.sockets).toHaveLength(1);
    stop();
  });

  it('a suspended creator (4023) shows a neutral card, keeps reconnecting, and draws again on the next welcome', async () => {
    serve([widgetState(), widgetState()]);
    const { root, fake, stop } = mount(drawGoal);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await expect.poll(() => fill(root)).toBe('25.00');
    fake.last().drop(4023, 'Creator suspended');
    expect(root.textContent).toBe(WIDGET_EN.paused);
    expect(root.querySelector('.wg-paused')).not.toBeNull();
    await expect.poll(() => fake.sockets.length, { timeout: 3000 }).toBe(2);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await expect.poll(() => fill(root), { timeout: 3000 }).toBe('25.00');
    expect(root.textContent).not.toContain(WIDGET_EN.paused);
    stop();
  });

  it('without ?key= says where the link comes from and opens no socket', () => {
    const { root, fake } = mount(drawGoal, '');
    expect(root.textContent).toBe('Copy this widget’s link from Overlay Studio.');
    expect(fake.sockets).toHaveLength(0);
  });
});

describe('the widgets draw', () => {
  it('goal: caps the bar at 100% and speaks Hindi when the show language is hi', async () => {
    serve([widgetState({ language: 'hi', goal: { raised: 1500, raisedPaise: 150_000 } })]);
    const { root, fake, stop } = mount(drawGoal);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: {} });
    await expect.poll(() => fill(root)).toBe('100.00');
    expect(root.textContent).toContain('₹1,000.00 में से ₹1,500.00');
    expect(document.documentElement.lang).toBe('hi');
    stop();
  });

  it('QR: an inline SVG (no remote image) that decodes to the guest link, with the caption', () => {
    const state = widgetState({ widgets: { ...defaultWidgetSettings(), qr: { caption: '' } } });
    const root = document.createElement('div');
    drawQr(root, { state, text: WIDGET_EN, revoked: false });
    const link = `${window.location.origin}/guest-tip?c=kabir`;
    expect(root.querySelector('svg')).not.toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[data-link]')?.getAttribute('data-link')).toBe(link);
    expect(root.textContent).toBe('Scan to send a superchat');
    // Decode what the SVG draws: its rectangles painted as pixels, read back by a QR decoder.
    const { pixels, size } = rasterise(root.querySelector('svg') as SVGSVGElement);
    expect(jsQR(pixels, size, size)?.data).toBe(link);
    expect(qrSvg('other').outerHTML).not.toBe(root.querySelector('svg')?.outerHTML);
  });

  it('top supporters: nothing while off; the ranked names and amounts when on; an empty state', () => {
    const root = document.createElement('div');
    const on = { ...defaultWidgetSettings(), supporters: { enabled: true, range: 'week' as const } };
    drawSupporters(root, {
      state: widgetState({ supporters: [{ name: 'Priya', amount: 230, amountPaise: 23_000, count: 2 }] }),
      text: WIDGET_EN,
      revoked: false,
    });
    expect(root.textContent).toBe('');
    drawSupporters(root, {
      state: widgetState({
        widgets: on,
        supporters: [
          { name: 'rahul', amount: 250, amountPaise: 25_000, count: 2 },
          { name: '<b>Priya</b>', amount: 230, amountPaise: 23_000, count: 2 },
        ],
      }),
      text: WIDGET_EN,
      revoked: false,
    });
    expect(root.querySelector('h1')?.textContent).toBe('Top supporters this week');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'rahul₹250.00',
      '<b>Priya</b>₹230.00',
    ]);
    expect(root.querySelector('b')).toBeNull(); // a name is text, never markup
    drawSupporters(root, { state: widgetState({ widgets: on }), text: WIDGET_EN, revoked: false });
    expect(root.textContent).toBe('Top supporters this weekBe the first supporter!');
  });

  it('timer: counts down from the stored end by the server’s clock, says Paused, and ends on the creator’s text', () => {
    const root = document.createElement('div');
    const serverNow = new Date(Date.now() + 3_600_000).toISOString(); // this page's clock is an hour slow
    const running = {
      status: 'running' as const,
      endsAt: new Date(Date.parse(serverNow) + 95_000).toISOString(),
      remainingMs: null,
      addedSeconds: 35,
      serverNow,
      endingText: 'GG, see you tomorrow',
    };
    drawTimer(root, { state: widgetState({ timer: running }), text: WIDGET_EN, revoked: false });
    expect(root.querySelector('[role="timer"]')?.textContent).toBe('01:35');
    drawTimer(root, {
      state: widgetState({ timer: { ...running, status: 'paused', endsAt: null, remainingMs: 3_723_000 } }),
      text: WIDGET_EN,
      revoked: false,
    });
    expect(root.textContent).toBe('1:02:03Paused');
    const ended = { ...running, endsAt: new Date(Date.parse(serverNow) - 1).toISOString() };
    drawTimer(root, { state: widgetState({ timer: ended }), text: WIDGET_EN, revoked: false });
    expect(root.textContent).toBe('GG, see you tomorrow');
    drawTimer(root, {
      state: widgetState({ language: 'hi', timer: { ...ended, status: 'ended', endingText: '' } }),
      text: WIDGET_EN,
      revoked: false,
    });
    expect(root.textContent).toBe('समय पूरा!');
  });
});
