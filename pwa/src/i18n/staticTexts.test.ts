// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import hindi from './messages/hi.json';
import { compileCatalogue } from './cataloguePlugin.ts';
import { activateLanguage, activateStaticTexts, translate } from './core.ts';
import { STATIC_TEXTS, STATIC_TEXTS_ID, staticTextsBlock } from './staticTexts.ts';

const GUEST_TEXTS = STATIC_TEXTS['/guest-tip'] ?? [];

afterEach(() => document.getElementById(STATIC_TEXTS_ID)?.remove());

describe('a static page draws its texts from its own HTML (no catalogue before React)', () => {
  it('draws the guest page in Hindi with no catalogue fetched; React then fetches it once for every other text', async () => {
    document.body.insertAdjacentHTML('beforeend', staticTextsBlock(compileCatalogue('hi'), GUEST_TEXTS));
    await activateStaticTexts('hi');
    expect(translate('guestTip.minimum', { amount: '₹50.00' })).toBe('इस क्रिएटर के लिए कम से कम ₹50.00।');
    expect(translate('guestTip.tipping', { creator: '@riya' })).toBe(
      'आप <strong>@riya</strong> को टिप भेज रहे हैं',
    );
    // No catalogue was loaded: any other text is still missing (Lingui answers its key).
    expect(translate('guestTip.submit')).toBe('guestTip.submit');

    await activateLanguage('hi');
    expect(translate('guestTip.submit')).toBe(hindi['guestTip.submit']);
    expect(translate('guestTip.minimum', { amount: '₹50.00' })).toBe('इस क्रिएटर के लिए कम से कम ₹50.00।');
  });

  it('without the block (an unbuilt page) it fetches the whole catalogue', async () => {
    vi.resetModules();
    const fetched: string[] = [];
    vi.doMock('./catalogue.ts', () => ({
      fetchCatalogue: (language: string) => {
        fetched.push(language);
        return Promise.resolve({ 'guestTip.submit': 'from the catalogue' });
      },
    }));
    const fresh = await import('./core.ts');
    await fresh.activateStaticTexts('en');
    expect(fetched).toEqual(['en']);
    expect(fresh.translate('guestTip.submit')).toBe('from the catalogue');
    vi.doUnmock('./catalogue.ts');
  });

  it('the block cannot close its script early, and a key the catalogue lacks fails the build', () => {
    const block = staticTextsBlock({ a: 'x</script><script>alert(1)</script>' }, ['a']);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(block.replace(/^<script[^>]*>|<\/script>$/g, ''))).toEqual({
      a: 'x</script><script>alert(1)</script>',
    });
    expect(() => staticTextsBlock({}, ['guestTip.minimum'])).toThrow(/no message "guestTip.minimum"/);
  });
});
