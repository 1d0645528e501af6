import type { OverlaySettings, ServerMessage } from '@shabaash/shared';
import { OVERLAY_DEFAULTS } from '@shabaash/shared/core';

// Pure state rules of the bare overlay (SPEC §4 Overlay). Type-only imports of the barrel and the zod-free core:
// nothing from zod reaches this bundle.

export interface OverlayTip {
  id: string;
  name: string;
  profilePic: string | null;
  amount: number;
  message: string;
  version: number;
}

export interface OverlayState {
  tip: OverlayTip | null;
  settings: OverlaySettings;
  /** Increments each time a realtime event puts a tip live (the cue for the sound); loads never count. */
  liveCount: number;
  /** True once a realtime event put a tip live, so a slower initial load cannot overwrite it. */
  touched: boolean;
  /** Tips taken off the live view by events before the initial load answered (the load must not revive them). */
  dropped: string[];
  /** True once overlay:update arrived, so a slower settings load cannot overwrite newer settings. */
  settingsTouched: boolean;
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
}

export type OverlayEvent =
  | { type: 'display'; tips: TipInput[] }
  | { type: 'settings'; settings: unknown }
  /** The overlay key was rotated (or is unknown): stop showing the creator's tip; settings stay. */
  | { type: 'revoked' }
  | ServerMessage;

/** The starting state: no tip, default settings. */
export function initialOverlayState(): OverlayState {
  return {
    tip: null,
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
  };
}

/** Maps a tip to what the card shows: name → sender name → guestName → Anonymous; profilePic → sender's. */
export function toOverlayTip(tip: TipInput): OverlayTip {
  return {
    id: tip.id ?? tip._id ?? '',
    name: tip.name?.trim() || tip.sender?.name?.trim() || tip.guestName?.trim() || 'Anonymous',
    profilePic: tip.profilePic ?? tip.sender?.profilePic ?? null,
    amount: typeof tip.amount === 'number' && Number.isFinite(tip.amount) ? tip.amount : 0,
    message: tip.message ?? '',
    version: tip.version ?? 0,
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

function goLive(state: OverlayState, input: TipInput): OverlayState {
  const tip = toOverlayTip(input);
  // The same tip at the same version is already on screen: nothing changes, no second sound.
  if (state.tip && state.tip.id === tip.id && state.tip.version === tip.version)
    return { ...state, touched: true };
  return { ...state, tip, liveCount: state.liveCount + 1, touched: true };
}

const MAX_DROPPED = 50;

function clearIfSame(state: OverlayState, id: string): OverlayState {
  const dropped = state.touched ? state.dropped : [...state.dropped, id].slice(-MAX_DROPPED);
  if (state.tip?.id !== id) return { ...state, dropped };
  return { ...state, tip: null, dropped };
}

/**
 * SPEC §4 Overlay: one tip at a time. tip:new with status read replaces the current tip (unread new tips are
 * ignored); tip:status read replaces it, any other status clears it when it is the same tip; tip:deleted clears
 * it when it is the same tip; the display list's first tip is taken on load; overlay:update merges settings.
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
      return { ...state, settings: { ...state.settings, ...pickSettings(event.settings) } };
    case 'overlay:update':
      return {
        ...state,
        settings: { ...state.settings, ...pickSettings(event.data) },
        settingsTouched: true,
      };
    case 'tip:new':
      return event.data.status === 'read' ? goLive(state, event.data) : state;
    case 'tip:status':
      return event.data.status === 'read' ? goLive(state, event.data) : clearIfSame(state, event.data.id);
    case 'tip:deleted':
      return clearIfSame(state, event.data.id);
    case 'revoked':
      return { ...state, tip: null, touched: true };
    default:
      return state;
  }
}
