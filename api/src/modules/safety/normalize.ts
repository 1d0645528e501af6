/**
 * Text normalisation for the stream-safety filter (server-only).
 *
 * The pipeline, in order:
 *  1. characters: NFKC (fullwidth, maths alphabets, ligatures), then NFD; format characters (Cf: zero-width, bidi
 *     controls, tags) and variation selectors are removed, and text after a right-to-left override is also read as
 *     displayed; look-alike letters of other scripts, small capitals and letter-shaped symbols read as Latin
 *     (lookalikes.ts: UTS #39 confusable prototypes); lower case, and Latin diacritics and the Devanagari nukta come
 *     off; Devanagari long/short vowel signs fold together (ी→ि, ू→ु, ई→इ, ऊ→उ, ँ→ं).
 *  2. words: every Unicode space and line break separates chunks. A word split by a space that shows no gap (thin,
 *     hair, narrow no-break space…) or by a line break is also read joined up ("id\u2009iot", "fu\nck").
 *     Inside a chunk that has at least one letter, digits and symbols used as letters are swapped back (@/4→a, 1/!/|→i, 0→o, $/5→s, 3→e, 7→t; a second reading takes 1 and | as l);
 *     a chunk with no letter (a price, "!!!") is left alone. Any other punctuation inside a chunk separates "atoms".
 *  3. readings: the matcher reads two token streams, and every token in them is a whole word, so a blocked short word
 *     never matches inside a longer one (Scunthorpe):
 *       - split: every atom is a token ("hello,ass" → hello | ass; "dumb-ass" → dumb | ass);
 *       - joined: each chunk's atoms joined ("f.u.c.k" → fuck, "sh.it" → shit).
 *     In both, a run of single letters ("f u c k", "f. u. c. k", "च ू त") is joined back into one token, and each
 *     contiguous part of such a run is also offered as a word (each letter is its own token there).
 *  4. repeated letters are kept as run lengths; the matcher treats 3+ as "any" and compares 2 against 2 (see
 *     matcher.ts), so "fuuuck" and "asss" match but "aas" (Hinglish: near) does not match "ass".
 *  5. long words also compare by a Hinglish phonetic key (`phoneticKeyOf`); a Devanagari word gets the key of its
 *     Hinglish spelling (`transliterateDevanagari`), so one term covers both scripts.
 */
import { readLookalikes } from './lookalikes.ts';

/**
 * Invisible characters removed before matching: the whole Unicode format category (zero-width space/joiners, word
 * joiner, BOM, soft hyphen, bidi embeddings/overrides/isolates U+202A–202E and U+2066–2069, tag characters…),
 * variation selectors, the combining grapheme joiner and the Hangul fillers. Devanagari's ZWJ/ZWNJ only choose a
 * glyph form, so removing them changes no word.
 */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}\u034F\u115F\u1160\u3164\uFFA0]/gu;
/** Right-to-left override; its text shows reversed until a pop (PDF/PDI) or the end of the line. */
const RLO = '\u202E';
const BIDI_POP = /[\u202C\u2069\n]/;
/**
 * Every Unicode space (\p{Z}: NBSP, thin, ideographic…, line and paragraph separators) and line break, including
 * the ones JavaScript's \s leaves out (next line U+0085, the Braille blank).
 */
const SPACES = /[\s\p{Z}\u0085\u2800]+/u;
/** Spaces that show no gap between letters, and line breaks: a word split by them still reads as one word. */
const SPLITS_A_WORD = /[\u2006\u2008-\u200A\u202F\u205F\n\r\v\f\u0085\u2028\u2029]+/gu;
/** Combining diacritics of Latin/Greek/Cyrillic (not Devanagari's signs) and the Devanagari nukta. */
const DIACRITICS = /[\u0300-\u036F\u093C]/g;

/** Devanagari spelling variants treated as one (long/short vowels, chandrabindu/anusvara, candra vowels). */
const DEVANAGARI_FOLD: Readonly<Record<string, string>> = {
  '\u0940': '\u093F', // ी → ि
  '\u0942': '\u0941', // ू → ु
  '\u0908': '\u0907', // ई → इ
  '\u090A': '\u0909', // ऊ → उ
  '\u0901': '\u0902', // ँ → ं
  '\u0945': '\u0947', // ॅ → े
  '\u0949': '\u094B', // ॉ → ो
  '\u0911': '\u0913', // ऑ → ओ
};

/** Digits and symbols that stand for letters, applied only inside chunks that also contain a letter. */
const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '3': 'e',
  '7': 't',
};

const LETTER = /[\p{L}\p{M}]/u;
const BASE_LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** Character-level folding: NFKC, invisibles, look-alikes (UTS #39 prototypes), case, diacritics, Devanagari vowel variants. */
export function foldCharacters(text: string): string {
  const folded = readLookalikes(text.normalize('NFKC').normalize('NFD').replace(INVISIBLE, ''))
    .toLowerCase()
    .normalize('NFD')
    .replace(DIACRITICS, '');
  let out = '';
  for (const ch of folded) out += DEVANAGARI_FOLD[ch] ?? ch;
  return out;
}

/**
 * How a chunk's ambiguous characters are read: a trailing "!" is punctuation and a leading "@" an "a" (primary), or
 * the reverse (alt); "ell" is the primary reading with "1" and "|" standing for "l" instead of "i" ("s1ut", "|und").
 */
export type ReadingMode = 'primary' | 'alt' | 'ell';

/** Characters that look like both "i" and "l"; the "ell" reading takes them as "l". */
const I_OR_L = /[1|]/;

/** Splits one whitespace chunk into atoms (letters/digits runs), swapping leet characters when the chunk has a letter. */
export function chunkAtoms(chunk: string, mode: ReadingMode = 'primary'): string[] {
  const chars = [...chunk];
  const hasLetter = chars.some((c) => LETTER.test(c));
  if (!hasLetter) return splitAtoms(chars.map((c) => (DIGIT.test(c) ? c : ' ')));
  // Trailing "!"/"|" (after the last letter/digit) are usually punctuation ("nice!!"); the alt reading takes them as one "i".
  let end = chars.length;
  while (end > 0 && !isWordish(chars[end - 1] ?? '')) end--;
  let tail = chars.slice(end);
  let body = chars.slice(0, end);
  while (body.length > 0 && (body[body.length - 1] === '!' || body[body.length - 1] === '|')) {
    tail = [body.pop() ?? '', ...tail];
  }
  const tailAsI = mode === 'alt' && tail.some((c) => c === '!' || c === '|');
  // A leading "@" is an "a" ("@ss") in the primary reading and a mention sign ("@name") in the alt reading.
  if (mode === 'alt') {
    while (body[0] === '@') body = body.slice(1);
  }
  const swap = (c: string) => (mode === 'ell' && I_OR_L.test(c) ? 'l' : LEET[c]);
  const mapped = body.map((c) => (LETTER.test(c) ? c : (swap(c) ?? (DIGIT.test(c) ? c : ' '))));
  if (tailAsI) mapped.push('i');
  return splitAtoms(mapped);
}

function isWordish(c: string): boolean {
  return LETTER.test(c) || DIGIT.test(c) || c === '@' || c === '$';
}

function splitAtoms(chars: string[]): string[] {
  return chars
    .join('')
    .split(' ')
    .filter((a) => a.length > 0);
}

/** True for a token made of at most one base letter plus signs (a single Latin letter, or one Devanagari akshara like "चू"). */
export function isSingleLetter(token: string): boolean {
  let letters = 0;
  for (const c of token) {
    if (BASE_LETTER.test(c)) letters++;
    else if (!LETTER.test(c)) return false; // digits make it a number, not a spaced letter
  }
  return letters <= 1;
}

/** One reading of a text: a token stream (for words and phrases) plus extra single words (parts of spaced-letter runs). */
export interface Reading {
  tokens: string[];
  words: string[];
}

const MAX_RUN_FOR_PARTS = 40;

/**
 * Handles runs of ≥2 single-letter tokens. A Latin run ("f u c k") becomes one token in the stream; a run with other
 * scripts stays as it is in the stream, because Hindi has many one-akshara words ("की", "है", "मां"), and is offered
 * only as extra words. Every contiguous part (≥2 letters) of a run is also offered as a word.
 */
function joinSpacedLetters(input: string[]): Reading {
  // A vowel sign on its own ("च ू त") belongs to the letter before it.
  const tokens: string[] = [];
  for (const t of input) {
    const last = tokens.length - 1;
    if (last >= 0 && !BASE_LETTER.test(t) && LETTER.test(t)) tokens[last] += t;
    else tokens.push(t);
  }
  const out: string[] = [];
  const words: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && isSingleLetter(tokens[j] ?? '')) j++;
    if (j - i >= 2) {
      const run = tokens.slice(i, j);
      const latin = run.every((t) => /^[a-z]$/.test(t));
      if (latin) out.push(run.join(''));
      else out.push(...run);
      const limit = Math.min(run.length, MAX_RUN_FOR_PARTS);
      for (let a = 0; a < limit; a++) {
        for (let b = a + 2; b <= limit; b++) {
          if (latin && a === 0 && b === run.length) continue; // already a token
          words.push(run.slice(a, b).join(''));
        }
      }
      i = j;
    } else {
      out.push(tokens[i] ?? '');
      i++;
    }
  }
  return { tokens: out, words };
}

/**
 * The order a browser shows the characters in: each run after a right-to-left override, up to its pop or the end of
 * the line, reversed ("you \u202Etoidi" shows "you idiot"). Embeddings without an override keep Latin in order.
 */
export function visualOrder(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf(RLO, i);
    if (start < 0) return out + text.slice(i);
    out += text.slice(i, start);
    let end = start + 1;
    while (end < text.length && !BIDI_POP.test(text[end] ?? '')) end++;
    out += [...text.slice(start + 1, end)].reverse().join('');
    i = end;
  }
  return out;
}

/**
 * The readings the matcher checks: joined and split chunks, in primary mode and in the alt and ell modes when the
 * text has their characters, for the text as typed and, when it has a right-to-left override, as displayed.
 */
export function readings(text: string): Reading[] {
  const texts = text.includes(RLO) ? [text, visualOrder(text)] : [text];
  const glued = texts.map((t) => t.replace(SPLITS_A_WORD, '')).filter((g, i) => g !== texts[i]);
  return [...texts, ...glued].flatMap(logicalReadings);
}

function logicalReadings(text: string): Reading[] {
  const folded = foldCharacters(text);
  const chunks = folded.split(SPACES).filter((c) => c.length > 0);
  const modes: ReadingMode[] = ['primary'];
  if (/[!|@]/.test(folded)) modes.push('alt');
  if (I_OR_L.test(folded)) modes.push('ell');
  const result: Reading[] = [];
  for (const mode of modes) {
    const perChunk = chunks.map((c) => chunkAtoms(c, mode));
    const joined = perChunk.filter((atoms) => atoms.length > 0).map((atoms) => atoms.join(''));
    const split = perChunk.flat();
    result.push(joinSpacedLetters(joined));
    if (perChunk.some((atoms) => atoms.length > 1)) result.push(joinSpacedLetters(split));
  }
  return result;
}

/** Replaces every run of 3+ identical letters with one ("fuuuuck" → "fuck"); runs of 2 stay. */
export function collapseLongRuns(word: string): string {
  return word.replace(/([\p{L}\p{M}])\1{2,}/gu, '$1');
}

/**
 * The canonical matching form of a text: folded characters, leet swapped back inside words, punctuation inside words
 * and spaced-out letters joined, 3+ repeated letters collapsed to one, tokens separated by one space.
 * (The matcher also checks an alternative split reading; see `readings`.)
 */
export function normalizeForMatching(text: string): string {
  const [primary] = readings(text);
  return (primary?.tokens ?? []).map(collapseLongRuns).join(' ');
}
