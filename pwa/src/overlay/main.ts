import {
  DEFAULT_TIER_VOLUME,
  formatRupees,
  OVERLAY_DEFAULTS,
  rupeesToPaise,
  tierFor,
  tierSoundUrl,
  type AlertSound,
  apiUrl,
} from '@shabaash/shared/core';
import { el } from '../lib/dom.ts';
import { getJson } from '../lib/getJson.ts';
import { createOverlayKeySocket, type SocketFactory } from '../realtime/socket.ts';
import {
  initialOverlayState,
  overlayReducer,
  shownTip,
  type OverlayEvent,
  type OverlayState,
  type OverlayTip,
} from './overlayState.ts';
import { fontStack, loadOverlayFont } from './fonts.ts';
import { createAlertReceipts } from './receipts.ts';
import { onSoundStateChange, playTipSound, prepareTipSound, soundDurationMs } from './sound.ts';
import { createSpeechPlayer } from './speech.ts';
import { createTierSoundPlayer } from './tierSound.ts';
import { OVERLAY_TEXTS, showLanguage, type OverlayTexts } from './texts.ts';
import './overlay.css';

// The bare OBS overlay: plain DOM, no framework, no login, no service worker.

function safeColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : OVERLAY_DEFAULTS.color;
}

function safeImage(src: string | null): string | null {
  return src && /^(data:image\/|https?:\/\/)/i.test(src) ? src : null;
}

/** The tier of a tip (its index among the creator's tiers, its colour, time and own sound). */
function tierOf(state: OverlayState, tip: OverlayTip) {
  const tier = tierFor(rupeesToPaise(tip.amount), state.show.tiers);
  return { ...tier, index: state.show.tiers.indexOf(tier) };
}

/**
 * Draws the state into the root: one card at the bottom (tip or waiting text) in the overlay's font, a tip's card
 * in its tier's colour (the waiting card in the overlay's colour), a test alert marked TEST; its own texts in the
 * creator's show language.
 */
function render(root: HTMLElement, state: OverlayState, texts: OverlayTexts): void {
  const { settings } = state;
  const tip = shownTip(state);
  const theme = settings.overlayTheme.replace(/[^a-z0-9-]/gi, '') || OVERLAY_DEFAULTS.overlayTheme;
  const card = el(
    'div',
    `ov-card ov-theme-${theme}${tip ? ' ov-has-tip' : ' ov-waiting'}${tip?.test ? ' ov-test' : ''}`,
  );
  const tier = tip ? tierOf(state, tip) : null;
  const accent = safeColor(tier?.color ?? settings.color);
  card.style.setProperty('--ov-accent', accent);
  // Dark text on light tier colours (yellow), white on the rest.
  const n = parseInt(accent.slice(1), 16);
  const luma = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  card.style.setProperty('--ov-on-accent', luma > 165 ? '#16142a' : '#fff');
  if (tier) card.dataset.tier = String(tier.index);
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
    // A YouTube event shows YouTube's own amount (its rupee `amount` is only what it counts for) and its mark.
    const amount = tip.external ? tip.external.displayAmount : formatRupees(tip.amount);
    who.append(el('span', 'ov-name', name), el('span', 'ov-amount', amount));
    head.append(avatar, who);
    if (tip.test) head.append(el('span', 'ov-test-badge', texts.testBadge));
    if (tip.external) head.append(el('span', 'ov-source', 'YouTube'));
    const sticker = tip.external?.stickerAltText;
    card.append(head);
    if (sticker) card.append(el('p', 'ov-message ov-sticker', sticker));
    if (tip.message || !sticker)
      card.append(
        el('p', tip.message ? 'ov-message' : 'ov-message ov-empty', tip.message || texts.noMessage),
      );
  }
  root.replaceChildren(card);
}

/** The neutral dark card of a suspended creator's overlay: no tip, no colour, no reason. */
function renderPaused(root: HTMLElement, texts: OverlayTexts): void {
  const card = el('div', 'ov-card ov-paused');
  card.setAttribute('role', 'status');
  card.setAttribute('aria-live', 'polite');
  card.append(el('p', 'ov-waiting-text', texts.paused));
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
  let socket: ReturnType<typeof createOverlayKeySocket> | null = null;
  const receipts = createAlertReceipts((message) => socket?.send(message) ?? false);
  const speech = createSpeechPlayer(key, (error) => receipts.audioFailed(error));
  const tierSound = createTierSoundPlayer((error) => receipts.audioFailed(error));
  const stopSoundWatch = onSoundStateChange(() => receipts.soundChanged());
  let expiry: ReturnType<typeof setTimeout> | undefined;
  // The creator's show language (settings load or overlay:update), English until one says otherwise.
  let texts = OVERLAY_TEXTS.en;
  // The creator is suspended: the dark card shows until a welcome says the suspension was lifted.
  let paused = false;
  const draw = () => (paused ? renderPaused(root, texts) : render(root, state, texts));
  const dispatch = (event: OverlayEvent) => {
    const payload =
      event.type === 'settings' ? event.settings : event.type === 'overlay:update' ? event.data : null;
    const language = showLanguage(payload);
    const nextTexts = language ? OVERLAY_TEXTS[language] : texts;
    const next = overlayReducer(state, event);
    if (next === state && nextTexts === texts) return;
    const wentLive = next.liveCount > state.liveCount;
    const before = shownTip(state);
    const autoBefore = state.show.autoAdvance;
    state = next;
    texts = nextTexts;
    draw();
    if (payload) prepareSoundSoon(state.settings.sound);
    const shown = shownTip(state);
    if (shown !== before || state.show.autoAdvance !== autoBefore || event.type === 'alert:show')
      armExpiry(shown);
    if (shown === before) return;
    if (!shown || !wentLive) {
      tierSound.stop();
      return speech.stop();
    }
    root.dataset.alerts = String(Number(root.dataset.alerts ?? 0) + 1);
    onLive(shown, playAlertSound(shown));
  };
  /**
   * The live card's sound: its tier's own (shipped or uploaded) at the tier's volume on the sound element, else the
   * overlay's WebAudio sound. Resolves once it has played, so the speech follows it.
   */
  const playAlertSound = (tip: OverlayTip): Promise<unknown> => {
    const tier = tierOf(state, tip);
    const url = tier.sound ? tierSoundUrl(tier.sound) : null;
    if (url) {
      const heard: Promise<AlertSound> = tierSound.play(url, tier.volume ?? DEFAULT_TIER_VOLUME);
      if (!tip.test) receipts.playedFile(tip.id, heard);
      return heard;
    }
    tierSound.stop();
    playTipSound(state.settings.sound);
    if (!tip.test) receipts.played(tip.id, state.settings.sound);
    return new Promise((resolve) => setTimeout(resolve, soundDurationMs(state.settings.sound)));
  };
  /** After this paint, so the card shows first; then the first tip's sound costs nothing on its way to the card. */
  const prepareSoundSoon = (sound: string) => setTimeout(() => prepareTipSound(sound), 0);
  /** A test alert always leaves after its tier's time; a tip only with auto-advance (otherwise it stays until the next). */
  const armExpiry = (shown: OverlayTip | null) => {
    clearTimeout(expiry);
    if (!shown || !(shown.test || state.show.autoAdvance || state.draining)) return;
    const id = shown.id;
    expiry = setTimeout(() => dispatch({ type: 'expired', id }), tierOf(state, shown).seconds * 1000);
  };
  /** The alert sound plays first (`sounded` settles when it has); then the speech, when the creator's TTS reads this tip. */
  const onLive = (tip: OverlayTip, sounded: Promise<unknown>) => {
    const { tts } = state.show;
    const reads = tip.test
      ? tip.test.speech
      : tts.enabled && rupeesToPaise(tip.amount) >= rupeesToPaise(tts.minAmount);
    if (!reads) return speech.stop();
    speech.live(tip.id, {
      url: tip.test ? apiUrl('overlayTestSpeech', {}, { key }) : null,
      after: sounded,
      volume: tts.volume,
    });
  };
  render(root, state, texts);

  if (!key) {
    console.warn('Overlay: no ?key= in the link; showing defaults.');
    return () => undefined;
  }
  // Load failures are only logged; the overlay keeps its defaults.
  getJson(apiUrl('publicOverlay', {}, { key }))
    .then((settings) => {
      dispatch({ type: 'settings', settings });
    })
    .catch((error: unknown) => console.error('Overlay settings failed to load', error));

  let loadedDisplay = false;
  const loadDisplay = () => {
    if (loadedDisplay) return;
    loadedDisplay = true;
    getJson(apiUrl('displayTips', {}, { key }))
      .then((body) => {
        const tips = isRecord(body) && Array.isArray(body.tips) ? body.tips : [];
        dispatch({ type: 'display', tips });
      })
      .catch((error: unknown) => console.error('Overlay display tips failed to load', error));
  };

  // A rotated key: an old (perhaps leaked) link stops showing tips at once.
  socket = createOverlayKeySocket(
    key,
    createSocket,
    'Overlay',
    () => dispatch({ type: 'revoked' }),
    () => {
      paused = true;
      speech.stop();
      dispatch({ type: 'revoked' });
      draw();
    },
  );
  socket.onMessage((message) => {
    if (message.type === 'welcome') {
      receipts.connected();
      if (paused) {
        paused = false;
        draw();
      }
      return loadDisplay();
    }
    if (message.type === 'speech:ready') return speech.ready(message.data.tipId);
    if (message.type === 'speech:skip') return speech.stop();
    dispatch(message);
  });
  // If the socket cannot connect at first, still show the current live tip.
  const fallback = setTimeout(loadDisplay, 3000);
  return () => {
    clearTimeout(fallback);
    clearTimeout(expiry);
    speech.stop();
    tierSound.stop();
    receipts.stop();
    stopSoundWatch();
    socket?.close();
  };
}

const root = document.getElementById('overlay-root');
if (root) startOverlay(root);
