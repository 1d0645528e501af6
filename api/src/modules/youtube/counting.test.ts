import { describe, expect, it } from 'vitest';
import { countedPaise, ratesToPaise, ratesToRupees, type CountSettings } from './counting.ts';

const inrOnly: CountSettings = { countMode: 'inrOnly', ratesPaise: { USD: 8_450 } };
const convert: CountSettings = { countMode: 'convert', ratesPaise: { USD: 8_450, JPY: 56 } };

describe('what a Super Chat counts', () => {
  it('counts INR as paid in either mode', () => {
    expect(countedPaise(inrOnly, 100_000_000, 'INR')).toBe(10_000);
    expect(countedPaise(convert, 1_990_000, 'INR')).toBe(199);
  });

  it('counts another currency only in convert mode, and only with a rate', () => {
    expect(countedPaise(inrOnly, 5_000_000, 'USD')).toBeNull();
    expect(countedPaise(convert, 5_000_000, 'USD')).toBe(42_250);
    expect(countedPaise(convert, 5_000_000, 'EUR')).toBeNull();
  });

  it('rounds to the nearest paisa, half up, exactly for large amounts', () => {
    // ¥150 at 56 paise a yen: 8 400 paise; ¥1 at 56 paise; $0.01 at ₹84.50: 84.5 → 85 paise.
    expect(countedPaise(convert, 150_000_000, 'JPY')).toBe(8_400);
    expect(countedPaise(convert, 10_000, 'USD')).toBe(85);
    // A Super Chat of 50 000 000 yen does not lose paise to floating point.
    expect(countedPaise(convert, 50_000_000_000_000, 'JPY')).toBe(2_800_000_000);
  });

  it('keeps rates as whole paise, at least one paisa', () => {
    expect(ratesToPaise({ USD: 84.5, IDR: 0.0053, JPY: 0.564 })).toEqual({ USD: 8_450, IDR: 1, JPY: 56 });
    expect(ratesToRupees({ USD: 8_450 })).toEqual({ USD: 84.5 });
  });
});
