import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OVERLAY_DEFAULTS } from '@shabaash/shared/core';
import { allFontFiles, OVERLAY_FONTS } from './fontFaces.ts';
import { fontStack } from './fonts.ts';

describe('the overlay fonts', () => {
  it('ship a woff2 file for every face they declare (the build copies them to /fonts/)', () => {
    const missing = allFontFiles().filter(
      ([file, pkg]) => !fs.existsSync(fileURLToPath(import.meta.resolve(`${pkg}/files/${file}`))),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(OVERLAY_FONTS)[0]).toBe(OVERLAY_DEFAULTS.font);
  });

  it('stack the chosen font, the Devanagari fallback, then SPEC’s Poppins, Inter, sans-serif', () => {
    const stack = (font: string) => fontStack(font, OVERLAY_DEFAULTS.fontStack, OVERLAY_DEFAULTS.font);
    expect(stack('Poppins')).toBe('Poppins, Inter, sans-serif');
    expect(stack('Bebas Neue')).toBe('"Bebas Neue", "Mukta", Poppins, Inter, sans-serif');
    expect(stack('x"; }')).toBe('"x", "Mukta", Poppins, Inter, sans-serif');
  });
});
