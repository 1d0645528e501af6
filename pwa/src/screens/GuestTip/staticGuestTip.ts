import { ENDPOINTS } from '@shabaash/shared/core';
import type { TipRules } from '@shabaash/shared';
import { activateStaticTexts, richParts, translate } from '../../i18n/core.ts';
import { rupees } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';
import { normalizeHandle, rememberCreator } from '../../lib/referringCreator.ts';
import { readPublic, type StaticFill } from '../../staticPage.ts';
import { creatorLabel } from './creatorLabel.ts';

/**
 * /guest-tip before React: the prerendered form stays static HTML until the visitor acts, and
 * this draws, in plain DOM, what GuestTipScreen would show once its fetches answer — the creator being tipped
 * (`?c=<handle>` at once, the featured creator's name from GET /api/config) and the creator's minimum under the
 * amount (GET /api/safety/tip-rules) — exactly as React renders it, so hydration adopts it unchanged. A fetch that
 * fails hands the page to React at once (it retries and shows what it shows today). Framework-free: no React, zod
 * or React Query may be reached from here (lint: layers/small-bundle-imports).
 *
 * Resolves once the page matches React's first render (a `?c=<handle>` link names its creator at once): main.tsx
 * holds hydration until then.
 */
export function fillGuestTip(
  root: HTMLElement,
  language: Language,
  search: string,
  fill: StaticFill,
): Promise<void> {
  const creatorLine = root.querySelector<HTMLElement>('[data-testid="guest-creator"]');
  const amount = root.querySelector<HTMLInputElement>('input[name="amount"]');
  if (!creatorLine || !amount) {
    fill.hydrateNow();
    return Promise.resolve();
  }
  const linkHandle = normalizeHandle(new URLSearchParams(search).get('c'));
  // The three texts drawn here come with the page (i18n/staticTexts.ts): no catalogue is fetched before React.
  const texts = activateStaticTexts(language);
  // React's first render names the link's creator before the config arrives: the page shows the same first.
  const named = texts.then(() => {
    if (linkHandle) drawCreator(creatorLine, creatorLabel(linkHandle, null));
  });
  if (linkHandle) rememberCreator(linkHandle);
  void (async () => {
    const [config] = await Promise.all([fill.config(), named]);
    if (!config) return fill.hydrateNow();
    const featured = config.defaultCreator;
    if (!fill.show({ config }, () => drawCreator(creatorLine, creatorLabel(linkHandle, featured)))) return;
    const creator = linkHandle ?? featured?.handle ?? null;
    const query = creator ? `?${new URLSearchParams({ creator }).toString()}` : '';
    const rules = await readPublic<TipRules>(`${ENDPOINTS.tipRules.path}${query}`);
    // Unreachable rules show no minimum (as in the app: the server still checks at submit).
    if (rules) fill.show({ tipRules: { creator, rules } }, () => drawMinimum(amount, rules));
  })().catch(() => fill.hydrateNow());
  return named;
}

/** The creator line as the screen renders it: "You're tipping <strong>label</strong>", or the featured note. */
export function drawCreator(line: HTMLElement, label: string | null): void {
  if (!label) {
    line.textContent = translate('guestTip.featured');
    return;
  }
  line.replaceChildren(
    ...richParts(translate('guestTip.tipping', { creator: label }))
      .filter((part) => part !== '')
      .map((part) => {
        if (typeof part === 'string') return part;
        const strong = document.createElement('strong');
        strong.textContent = part.text;
        return strong;
      }),
  );
}

/** The minimum under the amount, as TipAmountField renders its hint (and the input's `min` and description). */
export function drawMinimum(amount: HTMLInputElement, rules: TipRules): void {
  const hint = document.createElement('p');
  hint.id = `${amount.id}-hint`;
  hint.className = 'hint';
  hint.dataset.testid = 'amount-hint';
  hint.textContent = translate('guestTip.minimum', { amount: rupees(rules.minAmount) });
  amount.min = String(rules.minAmount);
  amount.setAttribute('aria-describedby', hint.id);
  amount.after(hint);
}
