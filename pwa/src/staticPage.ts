import { ROUTES } from '@shabaash/shared/core';
import type { PublicConfig } from '@shabaash/shared';
import { toggleTheme } from './theme/themeStore.ts';

/**
 * A prerendered public page that stays static HTML until the visitor acts (issue 16: public pages without
 * hydration cost). The HTML already shows everything and its links are plain links; React (about 70 kB gzip and
 * most of the page's main-thread work) loads and hydrates the page on the first pointer, key, focus or offline
 * event, the way each island needs it:
 * - the theme switch toggles at once (themeStore.ts, no React) and React then redraws its icon and label;
 * - the language switch and every link navigate natively (the server sends that language's prerendered page);
 * - a form's fields keep what is typed before hydration (usePrerenderedField) and its submit button stays
 *   disabled until then;
 * - any other button tapped before hydration (the app bar's menu toggle) is clicked again once React has it.
 */

/** Events that mean the visitor is about to use the page. */
const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

export interface StaticPage {
  /** Loads React and hydrates; resolves when it was asked (not when committed). */
  hydrate(config: PublicConfig | undefined, onCommit: () => void): Promise<void>;
}

/** Whether the visitor already typed or focused something (the bundle arrived late, on a slow phone). */
export function visitorActed(root: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return true;
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
    (field) => field.value !== field.defaultValue,
  );
}

/** GET /api/config without React (undefined when offline or refused). */
async function readConfig(): Promise<PublicConfig | undefined> {
  try {
    const response = await fetch(`/api${ROUTES.config.path}`);
    return response.ok ? ((await response.json()) as PublicConfig) : undefined;
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

/** Keeps `root` static until the visitor acts, then runs `page.hydrate` once and replays held button clicks. */
export function keepStatic(root: HTMLElement, page: StaticPage): void {
  const held: HTMLElement[] = [];
  let committed = false;
  let started = false;
  // The landing page's footer shows the configured contact email; the app gets the same config, so hydration finds
  // what the page shows. A config that arrives after hydration began is left to the app.
  let shownConfig: PublicConfig | undefined;
  if (root.querySelector('a[href^="mailto:"]'))
    void readConfig().then((config) => {
      if (started || !config?.contactEmail) return;
      showContactEmail(root, config.contactEmail);
      shownConfig = config;
    });

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
    void page.hydrate(shownConfig, onCommit);
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
}
