import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS, defaultShowSettings, tierFor } from './tiers.ts';
import { showSettingsSchema } from './schemas.ts';

const color = (paise: number) => tierFor(paise, DEFAULT_TIERS).color;

describe('tierFor (tiers by amount)', () => {
  it('picks the default colours at and around each minimum', () => {
    expect(color(100)).toBe('#1e88e5'); // ₹1: below ₹50 is blue
    expect(color(4_999)).toBe('#1e88e5'); // ₹49.99
    expect(color(5_000)).toBe('#00897b'); // ₹50 teal
    expect(color(9_999)).toBe('#00897b');
    expect(color(10_000)).toBe('#43a047'); // ₹100 green
    expect(color(20_000)).toBe('#fdd835'); // ₹200 yellow
    expect(color(49_999)).toBe('#fdd835');
    expect(color(50_000)).toBe('#fb8c00'); // ₹500 orange
    expect(color(100_000)).toBe('#d81b60'); // ₹1,000 magenta
    expect(color(499_999)).toBe('#d81b60');
    expect(color(500_000)).toBe('#e53935'); // ₹5,000 red
    expect(color(100_000_000)).toBe('#e53935');
  });

  it('uses paise minimums from rupee decimals and the lowest tier below every minimum', () => {
    const tiers = [
      { minAmount: 10, color: '#000001', seconds: 3 },
      { minAmount: 99.99, color: '#000002', seconds: 3 },
    ];
    expect(tierFor(0, tiers).color).toBe('#000001');
    expect(tierFor(9_998, tiers).color).toBe('#000001');
    expect(tierFor(9_999, tiers).color).toBe('#000002');
    expect(() => tierFor(100, [])).toThrow(RangeError);
  });

  it('defaults: 7 tiers (base + 6) and auto-advance off', () => {
    const settings = defaultShowSettings();
    expect(settings.tiers).toHaveLength(7);
    expect(settings.autoAdvance).toBe(false);
    expect(showSettingsSchema.safeParse(settings).success).toBe(true);
  });
});

describe('showSettingsSchema', () => {
  const base = defaultShowSettings();
  const errorOf = (value: unknown) => {
    const result = showSettingsSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('refuses more than 6 tiers above the base tier', () => {
    const tiers = [...base.tiers, { minAmount: 10_000, color: '#ffffff', seconds: 5 }];
    expect(errorOf({ ...base, tiers })).toBe('You can set at most 6 tiers above the base tier.');
  });

  it('refuses minimums that are not ascending, a base tier above ₹0 and bad colours', () => {
    const swapped = base.tiers.map((t, i) => (i === 2 ? { ...t, minAmount: 40 } : t));
    expect(errorOf({ ...base, tiers: swapped })).toBe('Tier minimums must go up from one tier to the next.');
    const noBase = base.tiers.map((t, i) => (i === 0 ? { ...t, minAmount: 10 } : t));
    expect(errorOf({ ...base, tiers: noBase })).toBe('The first tier must start at ₹0.');
    const badColour = base.tiers.map((t, i) => (i === 1 ? { ...t, color: 'teal' } : t));
    expect(errorOf({ ...base, tiers: badColour })).toBe('Colour must be a hex value such as #ff5c5c.');
  });

  it('refuses TTS limits out of range', () => {
    expect(errorOf({ ...base, tts: { ...base.tts, volume: 101 } })).toBeTruthy();
    expect(errorOf({ ...base, tts: { ...base.tts, maxChars: 5 } })).toBeTruthy();
    expect(errorOf({ ...base, tts: { ...base.tts, minAmount: -1 } })).toBeTruthy();
  });
});
