/**
 * The overlay fonts the Studio offers, self-hosted from the `@fontsource/*` packages (the build copies the
 * woff2 files listed here to `/fonts/`; CSP font-src 'self'). Only the weights the card uses (400 text, 700 name,
 * 800 amount) and the subsets a tip needs: latin, latin-ext (₹ is U+20B9) and, where the font has it, devanagari.
 * Fonts without Devanagari fall back to Mukta's Devanagari subset, so Hindi messages never show tofu.
 */
export const SUBSET_RANGES = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  devanagari:
    'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09',
} as const;

export type Subset = keyof typeof SUBSET_RANGES;

export interface FontFaceSet {
  /** The `@fontsource/<slug>` package, also the file prefix. */
  slug: string;
  weights: readonly number[];
  subsets: readonly Subset[];
}

const CARD_WEIGHTS = [400, 700, 800] as const;
const LATIN: readonly Subset[] = ['latin', 'latin-ext'];

/** Every font the Studio offers (the first is the default), in the Studio's order. */
export const OVERLAY_FONTS = {
  Poppins: { slug: 'poppins', weights: CARD_WEIGHTS, subsets: [...LATIN, 'devanagari'] },
  Inter: { slug: 'inter', weights: CARD_WEIGHTS, subsets: LATIN },
  Montserrat: { slug: 'montserrat', weights: CARD_WEIGHTS, subsets: LATIN },
  Roboto: { slug: 'roboto', weights: CARD_WEIGHTS, subsets: LATIN },
  Nunito: { slug: 'nunito', weights: CARD_WEIGHTS, subsets: LATIN },
  // Bebas Neue ships one weight; the browser emboldens it for the name and amount.
  'Bebas Neue': { slug: 'bebas-neue', weights: [400], subsets: LATIN },
} as const satisfies Record<string, FontFaceSet>;

export type OverlayFont = keyof typeof OVERLAY_FONTS;

/** The Devanagari face behind every offered font that has none of its own. */
export const DEVANAGARI_FALLBACK = {
  family: 'Mukta',
  set: { slug: 'mukta', weights: CARD_WEIGHTS, subsets: ['devanagari'] } satisfies FontFaceSet,
};

export function isOverlayFont(font: string): font is OverlayFont {
  return Object.hasOwn(OVERLAY_FONTS, font);
}

export function fontFileName(set: FontFaceSet, subset: Subset, weight: number): string {
  return `${set.slug}-${subset}-${weight}-normal.woff2`;
}

/** Every file the build copies: `[fileName, @fontsource package]`. */
export function allFontFiles(): Array<[file: string, pkg: string]> {
  const sets: FontFaceSet[] = [...Object.values(OVERLAY_FONTS), DEVANAGARI_FALLBACK.set];
  return sets.flatMap((set) =>
    set.subsets.flatMap((subset) =>
      set.weights.map((w): [string, string] => [fontFileName(set, subset, w), `@fontsource/${set.slug}`]),
    ),
  );
}
