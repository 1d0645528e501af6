// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import type { PublicConfig, TipRules } from '@shabaash/shared';
import { AppProviders } from '../../App.tsx';
import { CONFIG_QUERY_KEY } from '../../api/useConfig.ts';
import { SAFETY_KEYS } from '../../hooks/tipSafety.ts';
import { activateLanguage } from '../../i18n/i18n.tsx';
import type { Language } from '../../i18n/language.ts';
import { REFERRING_CREATOR_STORAGE_KEY } from '../../lib/referringCreator.ts';
import { keepStatic, type StaticSeed } from '../../staticPage.ts';
import { sandboxConfig } from '../../test/checkoutTests.ts';
import { GuestTipScreen } from './GuestTipScreen.tsx';
import { drawCreator, drawMinimum, fillGuestTip } from './staticGuestTip.ts';
import { creatorLabel } from './creatorLabel.ts';

const FEATURED = { handle: 'shabaash-live', displayName: 'Shabaash <Live> & "Co"' };
const RULES: TipRules = { minAmount: 50, minAmountPaise: 5000, minimumMessage: 'Minimum tip is ₹50.00.' };

/** GuestTipScreen as React renders it on the server, with what the API answered so far in React Query's cache. */
function renderScreen(path: string, seed: StaticSeed = {}): string {
  const queryClient = new QueryClient();
  if (seed.config) queryClient.setQueryData(CONFIG_QUERY_KEY, seed.config);
  if (seed.tipRules) queryClient.setQueryData(SAFETY_KEYS.rules(seed.tipRules.creator), seed.tipRules.rules);
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <GuestTipScreen />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A DOM tree as text with each element's attributes sorted (the order a DOM edit leaves them in is no matter). */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort();
  const children = [...node.childNodes].map(canonical).join('');
  return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</${node.tagName.toLowerCase()}>`;
}

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html.replaceAll('<!-- -->', '');
  return root;
}

describe('the guest page drawn without React is what React renders (hydration adopts it)', () => {
  const cases: { language: Language; search: string; featured: typeof FEATURED | null }[] = [
    { language: 'en', search: '', featured: FEATURED },
    { language: 'en', search: '', featured: null },
    { language: 'en', search: '?c=Riya_Plays', featured: FEATURED },
    { language: 'en', search: `?c=${FEATURED.handle}`, featured: FEATURED },
    { language: 'hi', search: '?c=riya_plays', featured: null },
    { language: 'hi', search: '', featured: FEATURED },
  ];
  for (const { language, search, featured } of cases)
    it(`${language}, "${search}", ${featured ? 'a featured creator' : 'none featured'}`, async () => {
      await activateLanguage(language);
      const config: PublicConfig = sandboxConfig({ defaultCreator: featured });
      const linkHandle = search ? (new URLSearchParams(search).get('c')?.toLowerCase() ?? null) : null;
      const creator = linkHandle ?? featured?.handle ?? null;
      // The prerendered page (nothing loaded yet), then the creator and the minimum drawn into it.
      const page = parse(renderScreen('/guest-tip'));
      const line = page.querySelector<HTMLElement>('[data-testid="guest-creator"]');
      const amount = page.querySelector<HTMLInputElement>('input[name="amount"]');
      if (!line || !amount) throw new Error('the guest page has no creator line or amount');
      drawCreator(line, creatorLabel(linkHandle, featured));
      drawMinimum(amount, RULES);

      const react = parse(
        renderScreen(`/guest-tip${search}`, { config, tipRules: { creator, rules: RULES } }),
      );
      expect(canonical(page)).toBe(canonical(react));
      expect(page.querySelector('[data-testid="amount-hint"]')?.textContent).toBe(
        language === 'en' ? 'Minimum ₹50.00 for this creator.' : react.querySelector('.hint')?.textContent,
      );
    });

  it('a link names its creator before the config arrives, as React does', async () => {
    await activateLanguage('en');
    const page = parse(renderScreen('/guest-tip'));
    const line = page.querySelector<HTMLElement>('[data-testid="guest-creator"]');
    if (!line) throw new Error('no creator line');
    drawCreator(line, creatorLabel('riya_plays', null));
    const react = parse(renderScreen('/guest-tip?c=riya_plays'));
    expect(canonical(page)).toBe(canonical(react));
    expect(line.textContent).toBe("You're tipping @riya_plays");
  });
});

describe('fillGuestTip on a static page', () => {
  const config = sandboxConfig({ defaultCreator: FEATURED });
  let root: HTMLElement;
  const fetches: string[] = [];
  beforeEach(async () => {
    await activateLanguage('en');
    root = parse(renderScreen('/guest-tip'));
    document.body.append(root);
    fetches.length = 0;
  });
  afterEach(() => {
    root.remove();
    localStorage.clear();
    vi.unstubAllGlobals();
  });
  function stubApi(answers: Record<string, unknown>) {
    vi.stubGlobal('fetch', (url: string) => {
      fetches.push(url);
      const body = answers[url];
      return Promise.resolve(
        body === undefined ? new Response('{}', { status: 503 }) : Response.json(body, { status: 200 }),
      );
    });
  }
  /** keepStatic with the guest page's fill; resolves with what hydration was handed. */
  function startStatic(search: string) {
    let hydrated: (seed: StaticSeed) => void = () => {};
    const seeded = new Promise<StaticSeed>((resolve) => (hydrated = resolve));
    const hydrate = vi.fn((seed: StaticSeed) => {
      hydrated(structuredClone(seed));
      return Promise.resolve();
    });
    keepStatic(root, {
      hydrate,
      fill: (fill) => fill.before(fillGuestTip(root, 'en', search, fill)),
    });
    return { hydrate, seeded };
  }
  const line = () => root.querySelector('[data-testid="guest-creator"]')?.textContent;
  const hint = () => root.querySelector('[data-testid="amount-hint"]')?.textContent;

  it('draws the link creator, then the featured config and the minimum, and hands both to React on the first tap', async () => {
    stubApi({ '/api/config': config, '/api/safety/tip-rules?creator=riya_plays': RULES });
    const { hydrate, seeded } = startStatic('?c=Riya_Plays');
    await vi.waitFor(() => expect(hint()).toBe('Minimum ₹50.00 for this creator.'));
    expect(line()).toBe("You're tipping @riya_plays");
    expect(localStorage.getItem(REFERRING_CREATOR_STORAGE_KEY)).toBe('riya_plays');
    expect(hydrate).not.toHaveBeenCalled();

    document.dispatchEvent(new Event('pointerdown'));
    expect(await seeded).toEqual({ config, tipRules: { creator: 'riya_plays', rules: RULES } });
    expect(fetches).toEqual(['/api/config', '/api/safety/tip-rules?creator=riya_plays']);
  });

  it('a tap before the answers: hydration waits for the link creator only, and nothing is drawn after it', async () => {
    let answerConfig: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (url: string) => {
      fetches.push(url);
      return new Promise<Response>((resolve) => (answerConfig = resolve));
    });
    const { seeded } = startStatic('?c=riya_plays');
    document.dispatchEvent(new Event('focusin'));
    expect(await seeded).toEqual({});
    // React's first render names the link's creator too: the page showed it before hydrating.
    expect(line()).toBe("You're tipping @riya_plays");
    answerConfig(Response.json(config));
    await new Promise((r) => setTimeout(r, 20));
    expect(line()).toBe("You're tipping @riya_plays");
    expect(hint()).toBeUndefined();
  });

  it('a failed config hands the page to React at once (it retries and shows what it shows)', async () => {
    stubApi({});
    const { hydrate, seeded } = startStatic('');
    expect(await seeded).toEqual({});
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(line()).toBe('Finding the creator…');
  });

  it('unreachable tip rules show no minimum; the featured creator still shows', async () => {
    stubApi({ '/api/config': config });
    const { seeded } = startStatic('');
    await vi.waitFor(() => expect(fetches).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(line()).toBe(`You're tipping ${FEATURED.displayName} (@${FEATURED.handle})`);
    expect(hint()).toBeUndefined();
    document.dispatchEvent(new Event('keydown'));
    expect(await seeded).toEqual({ config });
  });
});
