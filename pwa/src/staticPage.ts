import { ENDPOINTS } from '@shabaash/shared/core';
import type { PublicConfig, TipRules } from '@shabaash/shared';
import { toggleTheme } from './theme/themeStore.ts';
import { markWalletMode } from './lib/walletMode.ts';

/**
 * A prerendered public page that stays static HTML until the visitor acts (public pages without
 * hydration cost). The HTML already shows everything and its links are plain links; React (about 70 kB gzip and
 * most of the page's main-thread work) loads and hydrates the page on the first pointer, key, focus or offline
 * event, the way each island needs it:
 * - the theme switch toggles at once (themeStore.ts, no React) and React then redraws its icon and label;
 * - the language switch and every link navigate natively (the server sends that language's prerendered page);
 * - a form's fields keep what is typed before hydration (usePrerenderedField) and its submit button stays
 *   disabled until then;
 * - any other button tapped before hydration (the app bar's menu toggle) is clicked again once React has it;
 * - what the page shows from the API (the landing footer's contact email and hero's figure of tips processed, the
 *   guest page's creator and minimum) is
 *   drawn without React by the page's `fill`, and React's cache is seeded with the same answers, so hydration finds
 *   exactly what the page shows.
 */

/** Events that mean the visitor is about to use the page. */
const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** API answers a static page drew, handed to React Query before hydration. */
export interface StaticSeed {
  config?: PublicConfig;
  tipRules?: { creator: string | null; rules: TipRules };
}

/** What a page's `fill` may do before the visitor acts. */
export interface StaticFill {
  /** GET /api/config (one request per page; undefined when offline or refused). */
  config(): Promise<PublicConfig | undefined>;
  /**
   * Draws what `seed` shows and records it for React, both at once, unless hydration has already begun (React
   * then renders it itself): answers whether it drew.
   */
  show(seed: StaticSeed, draw: () => void): boolean;
  /** Holds hydration until `ready` settles (a fix-up that makes the HTML match React's first render). */
  before(ready: Promise<unknown>): void;
  /** Gives up staying static (an answer the page cannot draw without React, e.g. a failed fetch): hydrates now. */
  hydrateNow(): void;
}

export interface StaticPage {
  /** Loads React and hydrates; resolves when it was asked (not when committed). */
  hydrate(seed: StaticSeed, onCommit: () => void): Promise<void>;
  /** The page's own live content, drawn without React (the landing footer's email is drawn for every page). */
  fill?(fill: StaticFill): void;
}

/** Whether the visitor already typed or focused something (the bundle arrived late, on a slow phone). */
export function visitorActed(root: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return true;
  // A checkbox's value is "on" with no value attribute: ticking it, not its value, is what the visitor did.
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
    (field) =>
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue,
  );
}

/** A public GET of the API without React or zod (the app trusts its own API's reads too): undefined when it failed. */
export async function readPublic<T>(path: string): Promise<T | undefined> {
  try {
    const response = await fetch(`/api${path}`);
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Shows the configured contact email where the prerender showed the default one (the landing page's footer). */
function showContactEmail(root: HTMLElement, email: string): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')) {
    const shown = link.href.slice('mailto:'.length);
    if (shown !== email && link.textContent === shown) {
      link.href = `mailto:${email}`;
      link.textContent = email;
    }
  }
}

/**
 * Shows the deployment's figure of tips processed where the prerender showed the SPEC's (the landing page's hero),
 * in place; null removes the claim (it is the last of its row: nothing moves).
 */
function showTipsFigure(claim: HTMLElement, figure: string | null): void {
  const value = claim.querySelector('dd');
  if (figure === null) claim.remove();
  else if (value) value.textContent = figure;
}

/** Keeps `root` static until the visitor acts, then runs `page.hydrate` once and replays held button clicks. */
export function keepStatic(root: HTMLElement, page: StaticPage): void {
  const held: HTMLElement[] = [];
  let committed = false;
  let started = false;
  const seed: StaticSeed = {};
  const ready: Promise<unknown>[] = [];
  let config: Promise<PublicConfig | undefined> | undefined;
  const fill: StaticFill = {
    config: () =>
      (config ??= readPublic<PublicConfig>(ENDPOINTS.config.path).then((shown) => {
        if (shown) markWalletMode(shown.legal.walletMode);
        return shown;
      })),
    show(shown, draw) {
      if (started) return false;
      draw();
      Object.assign(seed, shown);
      return true;
    },
    before: (promise) => void ready.push(promise),
    hydrateNow: () => start(),
  };

  const onCommit = () => {
    if (committed) return;
    committed = true;
    document.removeEventListener('click', holdClick, true);
    for (const button of held.splice(0)) button.click();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) document.removeEventListener(type, start, true);
    window.removeEventListener('offline', start);
    void Promise.allSettled(ready).then(() => page.hydrate(seed, onCommit));
  };
  function holdClick(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (committed || !button || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (button.classList.contains('theme-toggle')) toggleTheme();
    else held.push(button);
    start();
  }

  document.addEventListener('click', holdClick, true);
  for (const type of TRIGGERS) document.addEventListener(type, start, { capture: true, passive: true });
  // Offline, the app's offline indicator must show (DeferredOfflineLayer).
  window.addEventListener('offline', start);

  // The landing page's footer shows the configured contact email; the app gets the same config.
  if (root.querySelector('a[href^="mailto:"]'))
    void fill.config().then((shown) => {
      const email = shown?.contactEmail;
      if (email) fill.show({ config: shown }, () => showContactEmail(root, email));
    });
  // The landing page's hero claims the deployment's figure of tips processed (LANDING_TIPS_FIGURE), or none.
  const tipsClaim = root.querySelector<HTMLElement>('[data-claim="tips"]');
  if (tipsClaim)
    void fill.config().then((shown) => {
      const figure = shown?.landingTipsFigure;
      if (figure !== undefined && figure !== tipsClaim.querySelector('dd')?.textContent)
        fill.show({ config: shown }, () => showTipsFigure(tipsClaim, figure));
    });
  // Copy prerendered for both wallet modes (WalletCopy.tsx) shows the deployment's once the config says which.
  if (root.querySelector('[data-wallet]')) void fill.config();
  page.fill?.(fill);
}
