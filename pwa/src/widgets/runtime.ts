import type { WidgetState } from '@shabaash/shared';
import { WIDGET_TEXT, apiUrl } from '@shabaash/shared/core';
import { el } from '../lib/dom.ts';
import { getJson } from '../lib/getJson.ts';
import { createOverlayKeySocket, type SocketFactory } from '../realtime/socket.ts';

// The one runtime of every OBS widget (goal, QR, top supporters): plain DOM, no framework, no zod. It joins the
// overlay room with the overlay key through the same realtime client as the overlay (reconnects forever, catches up
// by version, drops duplicates) and draws what the server counted: after a (re)connect, a tip, a tip put on air,
// taken off it (ignored, deleted: `tip:deleted` in overlay rooms), a stream start or end, or a settings change (also
// sent when the creator hides or shows a supporter) or a subathon timer change it refetches GET /api/overlay/widgets. The figures are the server's sums, so a message
// seen twice never counts a tip twice.

/** What a widget draws with: the server's state (null until loaded, or after the key was rotated) and its texts. */
export interface WidgetView {
  state: WidgetState | null;
  text: (typeof WIDGET_TEXT)['en'];
  /** The overlay key was refused (rotated): the widget shows nothing. */
  revoked: boolean;
}

export type WidgetDraw = (root: HTMLElement, view: WidgetView) => void;

/** Bursts of messages (a tip and its status change) make one fetch; then at most one fetch a second. */
export const WIDGET_REFRESH_DELAY_MS = 250;
export const WIDGET_MIN_INTERVAL_MS = 1000;
/** If the socket cannot connect at first, load anyway after this long. */
const FIRST_LOAD_FALLBACK_MS = 3000;

const REFRESH_ON = new Set([
  'welcome',
  'tip:paid',
  'tip:new',
  'tip:status',
  'tip:deleted',
  'stream:update',
  'overlay:update',
  'timer:update',
  'timer:ended',
]);

function isWidgetState(value: unknown): value is WidgetState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.handle === 'string' &&
    typeof v.widgets === 'object' &&
    v.widgets !== null &&
    typeof v.goal === 'object' &&
    Array.isArray(v.supporters)
  );
}

/** Starts a widget in `root` for the key in the page URL; returns a stop function (tests pass a fake socket). */
export function startWidget(
  root: HTMLElement,
  draw: WidgetDraw,
  search: string = window.location.search,
  createSocket?: SocketFactory,
): () => void {
  const key = new URLSearchParams(search).get('key') ?? '';
  let view: WidgetView = { state: null, text: WIDGET_TEXT.en, revoked: false };
  // The creator is suspended: a neutral card until a welcome says the suspension was lifted.
  let paused = false;
  const show = (next: WidgetView) => {
    view = next;
    document.documentElement.lang = next.state?.language === 'hi' ? 'hi' : 'en-IN';
    if (paused) return drawPaused(root, view.text);
    draw(root, view);
  };
  if (!key) {
    // A link copied wrong: say where the right one is (the only text a widget shows without its key).
    console.warn('Widget: no ?key= in the link.');
    const card = el('section', 'wg');
    card.append(el('p', 'wg-caption', WIDGET_TEXT.en.noKey));
    root.replaceChildren(card);
    return () => undefined;
  }
  show(view);

  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let again = false;
  let lastFetch = 0;
  const load = async () => {
    if (inFlight) return void (again = true);
    inFlight = true;
    lastFetch = Date.now();
    try {
      const body = await getJson(apiUrl('widgetState', {}, { key }));
      if (isWidgetState(body) && !view.revoked && !paused) {
        show({ state: body, text: WIDGET_TEXT[body.language] ?? WIDGET_TEXT.en, revoked: false });
      }
    } catch (error) {
      // Load failures are only logged; the widget keeps what it shows and the next message retries.
      console.error('Widget state failed to load', error);
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  };
  const refresh = () => {
    if (timer) return;
    const wait = Math.max(WIDGET_REFRESH_DELAY_MS, lastFetch + WIDGET_MIN_INTERVAL_MS - Date.now());
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, wait);
  };

  const socket = createOverlayKeySocket(
    key,
    createSocket,
    'Widget',
    () => show({ state: null, text: view.text, revoked: true }),
    () => {
      paused = true;
      show({ state: null, text: view.text, revoked: false });
    },
  );
  socket.onMessage((message) => {
    if (message.type === 'welcome' && paused) {
      paused = false;
      show(view);
    }
    if (REFRESH_ON.has(message.type)) refresh();
  });
  const fallback = setTimeout(() => {
    if (lastFetch === 0) refresh();
  }, FIRST_LOAD_FALLBACK_MS);
  return () => {
    clearTimeout(fallback);
    if (timer) clearTimeout(timer);
    socket.close();
  };
}

/** The neutral card of a suspended creator's widget (no figures, no reason). */
function drawPaused(root: HTMLElement, text: WidgetView['text']): void {
  const card = el('section', 'wg wg-paused');
  card.setAttribute('role', 'status');
  card.append(el('p', 'wg-caption', text.paused));
  root.replaceChildren(card);
}

/** Mounts a widget on #widget-root (the entry's only element). */
export function mountWidget(draw: WidgetDraw): void {
  const root = document.getElementById('widget-root');
  if (root) startWidget(root, draw);
}
