/**
 * Look-alike letters read as the Latin letters they imitate (server-only), from maintained Unicode data rather than
 * a table of our own:
 *  1. the UTS #39 confusable prototype of each character (Unicode's confusables.txt, as shipped by `unhomoglyph`):
 *     Lisu ꓲꓓꓲꓳꓔ → lDlOT, Cyrillic/Greek/Armenian look-alikes, ɩ → i, ɨ → i + stroke;
 *  2. a Latin letter the prototype leaves as it is (small capitals ɪᴅɪᴏᴛ, IPA letters) or a letter-shaped symbol
 *     (negative squared 🅸🅳🅸🅾🆃, regional indicators) is read as the ASCII letter(s) `any-ascii` gives it.
 * ASCII stays as typed (the leet reader in normalize.ts decides what "1", "0" or "|" stand for), and so does
 * Devanagari (its spelling variants fold in normalize.ts; confusables.txt would turn its signs into Latin accents).
 */
import anyAscii from 'any-ascii';
import { createRequire } from 'node:module';

/** confusables.txt: character → its prototype (the skeleton of one character). */
const PROTOTYPES: ReadonlyMap<string, string> = new Map(
  Object.entries(createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>),
);

/**
 * The few prototypes that any-ascii spells by sound rather than shape (confusables.txt maps м and ᴍ to the turned
 * w ʍ, к, κ and ᴋ to the kra ĸ, ь to the tone six ƅ: any-ascii says "w", "q" and "6"), and lower-case Cyrillic and
 * Greek letters that confusables.txt leaves alone or maps to a symbol.
 */
const SHAPE_READINGS: Readonly<Record<string, string>> = {
  ʍ: 'm',
  ĸ: 'k',
  ƅ: 'b',
  п: 'n',
  и: 'u',
  β: 'b',
  μ: 'u',
  χ: 'x',
  ω: 'w',
  ς: 's',
  λ: 'l',
  ε: 'e',
};

/**
 * Prototypes that stand for an ASCII letter confusables.txt itself rewrites: "l" is the prototype of both I and l
 * (it becomes "1", which the leet reader takes as i, and as l in its second reading), "rn" the prototype of m.
 */
const I_OR_L_PROTOTYPE = PROTOTYPES.get('I') ?? 'l';
const M_PROTOTYPE = PROTOTYPES.get('m') ?? 'rn';

const KEEP_AS_TYPED = /[\p{ASCII}\p{Script_Extensions=Devanagari}]/u;
const LETTER_SHAPED = /[\p{Script=Latin}\p{So}]/u;
const ASCII_LETTERS = /^[A-Za-z]{1,2}$/;

const readingCache = new Map<string, string>();

/** The Latin reading of one non-ASCII character (possibly several characters, or the character itself). */
function readCharacter(ch: string): string {
  const shape = SHAPE_READINGS[ch];
  if (shape !== undefined) return shape;
  const prototype = PROTOTYPES.get(ch) ?? ch;
  if (prototype === I_OR_L_PROTOTYPE) return '1';
  if (prototype === M_PROTOTYPE) return 'm';
  let out = '';
  for (const c of prototype) {
    const shaped = SHAPE_READINGS[c];
    if (shaped !== undefined || KEEP_AS_TYPED.test(c) || !LETTER_SHAPED.test(c)) {
      out += shaped ?? c;
      continue;
    }
    const ascii = anyAscii(c);
    out += ASCII_LETTERS.test(ascii) ? ascii : c;
  }
  return out;
}

/**
 * Replaces look-alike characters with the Latin letters they imitate. Expects NFD text (as UTS #39's skeleton
 * does): accents are separate marks, so "ё" reads through "е". Each character's reading is computed once.
 */
export function readLookalikes(text: string): string {
  let out = '';
  for (const ch of text) {
    if (KEEP_AS_TYPED.test(ch)) {
      out += ch;
      continue;
    }
    let reading = readingCache.get(ch);
    if (reading === undefined) {
      reading = readCharacter(ch);
      readingCache.set(ch, reading);
    }
    out += reading;
  }
  return out;
}
