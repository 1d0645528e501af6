/**
 * The show's OBS widgets: goal bar, QR code of the guest page, top supporters. Zod-free on purpose: the
 * widget bundles import this module (`@shabaash/shared/core`) for their settings, texts and links. The wire
 * schemas live in widgetSchemas.ts.
 */
import type { ShowLanguage } from './tiers.ts';

/** Which tips the top supporters widget ranks. */
export const SUPPORTER_RANGES = ['stream', 'week', 'all'] as const;
export type SupporterRange = (typeof SUPPORTER_RANGES)[number];

/** A creator's widget settings (stored per creator; they travel in the overlay settings as `widgets`). */
export interface WidgetSettings {
  goal: {
    /** Shown above the bar, e.g. "New mic". */
    title: string;
    /** Target in rupees (whole rupees). */
    targetAmount: number;
  };
  qr: {
    /** The short line under the code; empty = the widget's own caption in the show language. */
    caption: string;
  };
  supporters: {
    /** Off until the creator enables it: a disabled widget draws nothing. */
    enabled: boolean;
    range: SupporterRange;
  };
}

export const WIDGET_LIMITS = {
  maxTitleLength: 60,
  maxCaptionLength: 80,
  minTargetAmount: 1,
  maxTargetAmount: 10_000_000,
  /** How many supporters the widget lists. */
  topSupporters: 5,
} as const;

export function defaultWidgetSettings(): WidgetSettings {
  return {
    goal: { title: '', targetAmount: 5000 },
    qr: { caption: '' },
    supporters: { enabled: false, range: 'stream' },
  };
}

/** The widgets, each its own OBS browser source at `/widgets/<kind>?key=<overlay key>`. */
export const WIDGET_KINDS = ['goal', 'qr', 'supporters', 'timer'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** The OBS link of a widget; it carries the overlay key, so rotating the key invalidates every widget link. */
export function widgetLink(origin: string, kind: WidgetKind, overlayKey: string): string {
  return `${origin}/widgets/${kind}?key=${encodeURIComponent(overlayKey)}`;
}

/** The guest tipping link: `${origin}/guest-tip?c=<handle>` (what the QR widget encodes). */
export function guestLink(origin: string, handle: string): string {
  return `${origin}/guest-tip?c=${encodeURIComponent(handle)}`;
}

/** The widgets' own texts in each show language (a plain catalogue: no i18n library in widget bundles). */
export const WIDGET_TEXT: Record<
  ShowLanguage,
  {
    goalTitle: string;
    goalRaised: (raised: string, target: string) => string;
    qrCaption: string;
    supportersTitle: Record<SupporterRange, string>;
    supportersEmpty: string;
    /** Shown by a widget opened without its ?key= (a link copied wrong). */
    noKey: string;
    /** The neutral card of a widget whose creator is suspended. */
    paused: string;
  }
> = {
  en: {
    goalTitle: 'Stream goal',
    goalRaised: (raised, target) => `${raised} of ${target}`,
    qrCaption: 'Scan to send a superchat',
    supportersTitle: {
      stream: 'Top supporters this stream',
      week: 'Top supporters this week',
      all: 'Top supporters of all time',
    },
    supportersEmpty: 'Be the first supporter!',
    noKey: 'Copy this widget’s link from Overlay Studio.',
    paused: 'This widget is paused.',
  },
  hi: {
    goalTitle: 'स्ट्रीम लक्ष्य',
    goalRaised: (raised, target) => `${target} में से ${raised}`,
    qrCaption: 'सुपरचैट भेजने के लिए स्कैन करें',
    supportersTitle: {
      stream: 'इस स्ट्रीम के टॉप सपोर्टर',
      week: 'इस हफ़्ते के टॉप सपोर्टर',
      all: 'अब तक के टॉप सपोर्टर',
    },
    supportersEmpty: 'पहले सपोर्टर बनिए!',
    noKey: 'इस विजेट का लिंक Overlay Studio से कॉपी करें।',
    paused: 'यह विजेट अभी रुका हुआ है।',
  },
};
