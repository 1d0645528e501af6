/**
 * Phonetic keys for the matcher's fuzzy pass: Hinglish spellings of one Hindi word (Latin or Devanagari script) share
 * one key. Works on words already folded by `normalize.ts`.
 */

/**
 * Hinglish phonetic key for Latin-script Hindi: folds chh/ch, aa/a, ee/i, oo/u, w/v, z/j, ph/f, q/k, "iya"/"ia", and
 * every doubled letter ("chuttiya", "chootiyaa", "chutia" → "chutia").
 */
export function phoneticKey(word: string): string {
  return word
    .replace(/chh/g, 'ch')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(.)\1+/gu, '$1')
    .replace(/iya/g, 'ia');
}

/** True when the word is Latin letters only. */
function isLatinWord(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

/** Devanagari consonants (after nukta removal) in the Latin spelling Hinglish chat uses. */
const DEVANAGARI_CONSONANTS: Readonly<Record<string, string>> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** Independent vowels and vowel signs (matras), after the vowel folding of foldCharacters. */
const DEVANAGARI_VOWELS: Readonly<Record<string, string>> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  उ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  '\u093E': 'aa',
  '\u093F': 'i',
  '\u0941': 'u',
  '\u0943': 'ri',
  '\u0947': 'e',
  '\u0948': 'ai',
  '\u094B': 'o',
  '\u094C': 'au',
};
const VIRAMA = '\u094D';
const ANUSVARA = '\u0902';
const VISARGA = '\u0903';

/** One syllable: a consonant (or none) and its vowel; `inherent` marks the unwritten "a" that Hindi may drop. */
interface Syllable {
  consonant: string;
  vowel: string;
  inherent: boolean;
}

/**
 * Reads a folded Devanagari word the way Hinglish chat spells it ("झूठा" → "jhuthaa", "भोसडिके" → "bhosdike"), or
 * returns null when the word has other characters. The inherent "a" is dropped at the end of a word and between a
 * vowel-consonant and a consonant-vowel (Hindi schwa deletion, right to left: "मादरचोद" → "maadarchod").
 */
export function transliterateDevanagari(word: string): string | null {
  const syllables: Syllable[] = [];
  for (const ch of word) {
    const last = syllables[syllables.length - 1];
    const consonant = DEVANAGARI_CONSONANTS[ch];
    const vowel = DEVANAGARI_VOWELS[ch];
    if (consonant !== undefined) syllables.push({ consonant, vowel: 'a', inherent: true });
    else if (vowel !== undefined && ch >= '\u093E') {
      if (!last || !last.inherent) return null; // a vowel sign needs a bare consonant before it
      last.vowel = vowel;
      last.inherent = false;
    } else if (vowel !== undefined) syllables.push({ consonant: '', vowel, inherent: false });
    else if (ch === VIRAMA) {
      if (!last || !last.inherent) return null;
      last.vowel = '';
      last.inherent = false;
    } else if (ch === ANUSVARA || ch === VISARGA) {
      if (!last) return null;
      last.vowel += ch === ANUSVARA ? 'n' : 'h';
      last.inherent = false; // a nasalised or aspirated vowel is pronounced
    } else return null;
  }
  if (syllables.length === 0) return null;
  const voiced = (s: Syllable | undefined) => s !== undefined && s.vowel !== '';
  for (let i = syllables.length - 1; i >= 0; i--) {
    const s = syllables[i];
    if (!s?.inherent) continue;
    const next = syllables[i + 1];
    const final = i === syllables.length - 1;
    const between =
      i > 0 && voiced(syllables[i - 1]) && next !== undefined && next.consonant !== '' && voiced(next);
    if ((final && i > 0) || between) s.vowel = '';
  }
  return syllables.map((s) => s.consonant + s.vowel).join('');
}

/**
 * The phonetic key of a word in either script: a Latin word's own, or that of the Devanagari word's Hinglish
 * spelling, so "झूठा" and "jhootha" share one key. Null for digits and mixed or other scripts.
 */
export function phoneticKeyOf(word: string): string | null {
  if (isLatinWord(word)) return phoneticKey(word);
  const latin = transliterateDevanagari(word);
  return latin === null ? null : phoneticKey(latin);
}
