import { OVERLAY_DEFAULTS } from '@shabaash/shared/core';
import { el } from '../lib/dom.ts';
import { getJson } from '../lib/getJson.ts';
import { createRealtimeSocket, type SocketFactory } from '../realtime/socket.ts';
import { initialOverlayState, overlayReducer, type OverlayEvent, type OverlayState } from './overlayState.ts';
import { fontStack, loadOverlayFont } from './fonts.ts';
import { playTipSound } from './sound.ts';
import { OVERLAY_TEXTS, showLanguage, type OverlayTexts } from './texts.ts';
import './overlay.css';

// The bare OBS overlay (SPEC §2 Overlay display): plain DOM, no framework, no login, no service worker.

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function safeColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : OVERLAY_DEFAULTS.color;
}

function safeImage(src: string | null): string | null {
  return src && /^(data:image\/|https?:\/\/)/i.test(src) ? src : null;
}

/**
 * Draws the state into the root: one card at the bottom (tip or waiting text) in the overlay's colour and font, its
 * own texts in the creator's show language.
 */
function render(root: HTMLElement, state: OverlayState, texts: OverlayTexts): void {
  const { settings, tip } = state;
  const theme = settings.overlayTheme.replace(/[^a-z0-9-]/gi, '') || OVERLAY_DEFAULTS.overlayTheme;
  const card = el('div', `ov-card ov-theme-${theme}${tip ? ' ov-has-tip' : ' ov-waiting'}`);
  card.style.setProperty('--ov-accent', safeColor(settings.color));
  card.style.fontFamily = fontStack(settings.font, OVERLAY_DEFAULTS.fontStack, OVERLAY_DEFAULTS.font);
  loadOverlayFont(settings.font).catch((error: unknown) =>
    console.error('Overlay font failed to load', error),
  );
  card.setAttribute('role', 'status');
  card.setAttribute('aria-live', 'polite');
  if (!tip) {
    card.append(el('p', 'ov-waiting-text', texts.waiting));
  } else {
    card.dataset.tipId = tip.id;
    const pic = safeImage(tip.profilePic);
    let avatar: HTMLElement;
    if (pic) {
      const img = el('img', 'ov-avatar');
      img.src = pic;
      img.alt = '';
      avatar = img;
    } else {
      avatar = el('span', 'ov-avatar ov-initial', (tip.name.trim()[0] ?? 'U').toUpperCase());
    }
    const head = el('div', 'ov-head');
    const who = el('div', 'ov-who');
    const name = tip.name === OVERLAY_TEXTS.en.anonymous ? texts.anonymous : tip.name;
    who.append(el('span', 'ov-name', name), el('span', 'ov-amount', rupees.format(tip.amount)));
    head.append(avatar, who);
    card.append(
      head,
      el('p', tip.message ? 'ov-message' : 'ov-message ov-empty', tip.message || texts.noMessage),
    );
  }
  root.replaceChildren(card);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Starts the overlay in `root` for the key in the page URL; returns a stop function (tests pass a fake socket). */
export function startOverlay(
  root: HTMLElement,
  search: string = window.location.search,
  createSocket?: SocketFactory,
): () => void {
  const key = new URLSearchParams(search).get('key') ?? '';
  let state = initialOverlayState();
  // The creator's show language (settings load or overlay:update), English until one says otherwise.
  let texts = OVERLAY_TEXTS.en;
  const dispatch = (event: OverlayEvent) => {
    const payload =
      event.type === 'settings' ? event.settings : event.type === 'overlay:update' ? event.data : null;
    const language = showLanguage(payload);
    const nextTexts = language ? OVERLAY_TEXTS[language] : texts;
    const next = overlayReducer(state, event);
    if (next === state && nextTexts === texts) return;
    const wentLive = next.liveCount > state.liveCount;
    state = next;
    texts = nextTexts;
    render(root, state, texts);
    if (wentLive) playTipSound(state.settings.sound);
  };
  render(root, state, texts);

  if (!key) {
    console.warn('Overlay: no ?key= in the link; showing defaults.');
    return () => undefined;
  }
  const query = `key=${encodeURIComponent(key)}`;

  // Load failures are only logged; the overlay keeps its defaults (SPEC §8).
  getJson(`/api/creator/overlay/public?${query}`)
    .then((settings) => {
      dispatch({ type: 'settings', settings });
    })
    .catch((error: unknown) => console.error('Overlay settings failed to load', error));

  let loadedDisplay = false;
  const loadDisplay = () => {
    if (loadedDisplay) return;
    loadedDisplay = true;
    getJson(`/api/tips/display?${query}`)
      .then((body) => {
        const tips = isRecord(body) && Array.isArray(body.tips) ? body.tips : [];
        dispatch({ type: 'display', tips });
      })
      .catch((error: unknown) => console.error('Overlay display tips failed to load', error));
  };

  const socket = createRealtimeSocket({
    credentials: () => ({ overlayKey: key }),
    createSocket,
    // A rotated key: an old (perhaps leaked) link stops showing tips at once, and says why in the log only.
    onUnauthorized: (reason) => {
      console.warn(
        `Overlay disconnected: ${reason || 'overlay key refused'}. Copy the new link from Overlay Studio.`,
      );
      dispatch({ type: 'revoked' });
    },
  });
  socket.onMessage((message) => {
    if (message.type === 'welcome') return loadDisplay();
    dispatch(message);
  });
  // If the socket cannot connect at first, still show the current live tip.
  const fallback = setTimeout(loadDisplay, 3000);
  return () => {
    clearTimeout(fallback);
    socket.close();
  };
}

const root = document.getElementById('overlay-root');
if (root) startOverlay(root);
