import {
  DEVANAGARI_FALLBACK,
  fontFileName,
  isOverlayFont,
  OVERLAY_FONTS,
  SUBSET_RANGES,
  type FontFaceSet,
} from './fontFaces.ts';

const added = new Set<string>();

/**
 * Registers the chosen overlay font (and the Devanagari fallback when it lacks Devanagari) from `/fonts/`, with
 * `display: block` so a tip never flashes in a fallback face. Only that font is fetched: the latin faces at once,
 * the other subsets when a character of their range is drawn. Answers when the latin faces have loaded.
 */
export function loadOverlayFont(font: string): Promise<void> {
  if (!isOverlayFont(font) || typeof FontFace === 'undefined') return Promise.resolve();
  const set: FontFaceSet = OVERLAY_FONTS[font];
  const eager = addFaces(font, set);
  if (!set.subsets.includes('devanagari')) addFaces(DEVANAGARI_FALLBACK.family, DEVANAGARI_FALLBACK.set);
  return Promise.all(eager.map((face) => face.load())).then(() => undefined);
}

/** Adds the faces of one family once; returns its latin faces (to load now). */
function addFaces(family: string, set: FontFaceSet): FontFace[] {
  if (added.has(family)) return [];
  added.add(family);
  const eager: FontFace[] = [];
  for (const subset of set.subsets) {
    for (const weight of set.weights) {
      const face = new FontFace(family, `url(/fonts/${fontFileName(set, subset, weight)}) format('woff2')`, {
        weight: String(weight),
        style: 'normal',
        display: 'block',
        unicodeRange: SUBSET_RANGES[subset],
      });
      document.fonts.add(face);
      if (subset === 'latin') eager.push(face);
    }
  }
  return eager;
}

/** The card's font-family: the chosen font, the Devanagari fallback, then SPEC's Poppins, Inter, sans-serif. */
export function fontStack(font: string, defaultStack: string, defaultFont: string): string {
  const clean = font.replace(/["\\;{}]/g, '').trim();
  if (!clean || clean === defaultFont) return defaultStack;
  return `"${clean}", "${DEVANAGARI_FALLBACK.family}", ${defaultStack}`;
}
