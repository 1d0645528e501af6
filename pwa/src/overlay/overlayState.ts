import type { OverlaySettings, ServerMessage } from '@shabaash/shared';
import { defaultShowSettings, OVERLAY_DEFAULTS, type ShowSettings } from '@shabaash/shared/core';
import { pickShow } from './show.ts';

// Pure state rules of the bare overlay. Type-only imports of the barrel and the zod-free core:
// nothing from zod reaches this bundle.

export interface OverlayTip {
  id: string;
  name: string;
  profilePic: string | null;
  amount: number;
  message: string;
  version: number;
  /** A test alert (never a stored tip); `speech` says whether the overlay reads it. */
  test?: { speech: boolean };
  /** A YouTube Super Chat or Super Sticker: YouTube's own amount ("$5.00") and a sticker's alt text. */
  external?: { displayAmount: string; stickerAltText: string | null };
}

export interface OverlayState {
  /** The live tip. */
  tip: OverlayTip | null;
  /** A test alert shown over the live tip until its tier's time runs out (or a tip goes live). */
  test: OverlayTip | null;
  /** Auto-advance only: tips pushed live while a card was on screen, shown in turn. */
  queue: OverlayTip[];
  settings: OverlaySettings;
  /** Tiers, auto-advance and TTS: the defaults until valid settings arrive. */
  show: ShowSettings;
  /** Increments each time a realtime event puts a tip live (the cue for the sound); loads never count. */
  liveCount: number;
  /** True once a realtime event put a tip live, so a slower initial load cannot overwrite it. */
  touched: boolean;
  /** Tips taken off the live view by events before the initial load answered (the load must not revive them). */
  dropped: string[];
  /** True once overlay:update arrived, so a slower settings load cannot overwrite newer settings. */
  settingsTouched: boolean;
  /** Tips this page played as alerts (newest last): a re-show of one of them is not played again. */
  played: string[];
  /** Alerts of an `alert:show` wait in `queue` and play in turn (each for its tier's time), auto-advance or not. */
  draining: boolean;
}

/** The tip shape the overlay reads (display list and realtime payloads). */
export interface TipInput {
  id?: string;
  _id?: string;
  name?: string | null;
  guestName?: string | null;
  sender?: { name?: string | null; profilePic?: string | null } | null;
  profilePic?: string | null;
  amount?: number;
  message?: string | null;
  status?: string;
  version?: number;
  external?: { displayAmount?: unknown; stickerAltText?: unknown } | null;
}

/** The card's part of a YouTube event, checked by hand (no zod here); null for a Shabaash tip. */
function externalOf(value: TipInput['external']): OverlayTip['external'] | null {
  if (!value || typeof value.displayAmount !== 'string') return null;
  const alt = typeof value.stickerAltText === 'string' ? value.stickerAltText.trim() : '';
  return { displayAmount: value.displayAmount, stickerAltText: alt || null };
}

export type OverlayEvent =
  | { type: 'display'; tips: TipInput[] }
  | { type: 'settings'; settings: unknown }
  /** The overlay key was rotated (or is unknown): stop showing the creator's tip; settings stay. */
  | { type: 'revoked' }
  /** The on-screen time of this card ran out (auto-advance, or a test alert). */
  | { type: 'expired'; id: string }
  | ServerMessage;

/** The starting state: no tip, default settings. */
export function initialOverlayState(): OverlayState {
  return {
    tip: null,
    test: null,
    queue: [],
    show: defaultShowSettings(),
    settings: {
      overlayTheme: OVERLAY_DEFAULTS.overlayTheme,
      font: OVERLAY_DEFAULTS.font,
      color: OVERLAY_DEFAULTS.color,
      sound: OVERLAY_DEFAULTS.sound,
    },
    liveCount: 0,
    touched: false,
    dropped: [],
    settingsTouched: false,
    played: [],
    draining: false,
  };
}

/** Maps a tip to what the card shows: name → sender name → guestName → Anonymous; profilePic → sender's. */
export function toOverlayTip(tip: TipInput): OverlayTip {
  const external = externalOf(tip.external);
  return {
    id: tip.id ?? tip._id ?? '',
    name: tip.name?.trim() || tip.sender?.name?.trim() || tip.guestName?.trim() || 'Anonymous',
    profilePic: tip.profilePic ?? tip.sender?.profilePic ?? null,
    amount: typeof tip.amount === 'number' && Number.isFinite(tip.amount) ? tip.amount : 0,
    message: tip.message ?? '',
    version: tip.version ?? 0,
    ...(external ? { external } : {}),
  };
}

const SETTING_KEYS = ['overlayTheme', 'font', 'color', 'sound'] as const;

/** Only the four known settings, and only non-empty strings (a bad payload never blanks a default). */
export function pickSettings(value: unknown): Partial<OverlaySettings> {
  const picked: Partial<OverlaySettings> = {};
  if (typeof value !== 'object' || value === null) return picked;
  for (const key of SETTING_KEYS) {
    const v: unknown = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v.trim()) picked[key] = v.trim();
  }
  return picked;
}

/** What the card shows: a test alert over the live tip. */
export function shownTip(state: OverlayState): OverlayTip | null {
  return state.test ?? state.tip;
}

const MAX_PLAYED = 50;

/** `tip` goes on screen as an alert (its sound is cued by liveCount). */
function playing(state: OverlayState, tip: OverlayTip): OverlayState {
  const played = [...state.played.filter((id) => id !== tip.id), tip.id].slice(-MAX_PLAYED);
  return { ...state, tip, played, liveCount: state.liveCount + 1 };
}

function goLive(state: OverlayState, input: TipInput): OverlayState {
  const tip = toOverlayTip(input);
  // The same tip at the same version is already on screen: nothing changes, no second sound.
  if (state.tip && state.tip.id === tip.id && state.tip.version === tip.version)
    return { ...state, touched: true };
  // Auto-advance (or alerts playing in turn): another card is on screen, so this one waits its turn (a newer
  // version replaces its place).
  if ((state.show.autoAdvance || state.draining) && state.tip && state.tip.id !== tip.id) {
    const queue = state.queue.some((q) => q.id === tip.id)
      ? state.queue.map((q) => (q.id === tip.id ? tip : q))
      : [...state.queue, tip];
    return { ...state, queue, touched: true };
  }
  return { ...playing(state, tip), test: null, touched: true };
}

/** The current card is done: the next queued tip goes live, or the card clears. */
function advance(state: OverlayState): OverlayState {
  const [next, ...queue] = state.queue;
  if (!next) return { ...state, tip: null, draining: false };
  return { ...playing(state, next), queue };
}

/**
 * Alerts the API sends to play in turn: Replay (always plays), Resume (held tips, in order) and a re-show (tips no
 * overlay acknowledged; one this page already played is skipped, so it never plays twice here).
 */
function showAlerts(state: OverlayState, event: Extract<OverlayEvent, { type: 'alert:show' }>): OverlayState {
  const tips = event.data.tips
    .map(toOverlayTip)
    .filter((tip) => event.data.reason === 'replay' || !state.played.includes(tip.id));
  const [first, ...rest] = tips;
  if (!first) return state;
  const queue = [...rest, ...state.queue.filter((q) => !tips.some((t) => t.id === q.id))];
  return { ...playing(state, first), test: null, queue, draining: queue.length > 0, touched: true };
}

function withSettings(state: OverlayState, value: unknown): OverlayState {
  const settings = { ...state.settings, ...pickSettings(value) };
  const show = pickShow(
    typeof value === 'object' && value !== null ? (value as { show?: unknown }).show : null,
  );
  if (!show) return { ...state, settings };
  // Auto-advance turned off: the spec's rule again, so the latest tip pushed live is the one on screen.
  const last = state.queue.at(-1);
  if (!show.autoAdvance && last) {
    return { ...state, settings, show, tip: last, queue: [], liveCount: state.liveCount + 1 };
  }
  return { ...state, settings, show };
}

const MAX_DROPPED = 50;

function clearIfSame(state: OverlayState, id: string): OverlayState {
  const dropped = state.touched ? state.dropped : [...state.dropped, id].slice(-MAX_DROPPED);
  const queue = state.queue.filter((q) => q.id !== id);
  if (state.tip?.id !== id) return { ...state, dropped, queue };
  return advance({ ...state, dropped, queue });
}

/**
 * The overlay: one tip at a time. tip:new with status read replaces the current tip (unread new tips are
 * ignored); tip:status read replaces it, any other status clears it when it is the same tip; tip:deleted clears
 * it when it is the same tip; the display list's first tip is taken on load; overlay:update merges settings.
 * The show: a test alert shows over the live tip until it expires or a tip goes live. With
 * auto-advance on (off by default), a tip pushed live while another is on screen waits in a queue, and a card
 * whose tier time expired gives way to the next queued tip, or clears.
 */
export function overlayReducer(state: OverlayState, event: OverlayEvent): OverlayState {
  switch (event.type) {
    case 'display': {
      if (state.touched) return state;
      const first = event.tips[0] ? toOverlayTip(event.tips[0]) : null;
      return { ...state, tip: first && !state.dropped.includes(first.id) ? first : null };
    }
    case 'settings':
      if (state.settingsTouched) return state;
      return withSettings(state, event.settings);
    case 'overlay:update':
      return { ...withSettings(state, event.data), settingsTouched: true };
    case 'tip:new':
      return event.data.status === 'read' ? goLive(state, event.data) : state;
    case 'tip:status':
      return event.data.status === 'read' ? goLive(state, event.data) : clearIfSame(state, event.data.id);
    case 'tip:deleted':
      return clearIfSame(state, event.data.id);
    case 'revoked':
      return { ...state, tip: null, test: null, queue: [], touched: true };
    case 'show:test': {
      const test = { ...toOverlayTip(event.data), test: { speech: event.data.speech } };
      return { ...state, test, liveCount: state.liveCount + 1 };
    }
    case 'alert:show':
      return showAlerts(state, event);
    case 'expired':
      if (state.test?.id === event.id) return { ...state, test: null };
      if (state.tip?.id !== event.id) return state;
      if (state.show.autoAdvance) return advance(state);
      // Alerts played in turn without auto-advance: the last one stays on screen (until the next).
      if (state.draining) return state.queue.length > 0 ? advance(state) : { ...state, draining: false };
      return state;
    default:
      return state;
  }
}
