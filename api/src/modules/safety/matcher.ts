import { collapseLongRuns, readings } from './normalize.ts';
import { phoneticKeyOf } from './phonetic.ts';

/** A blocked term with options; a plain string gets `phonetic: 'auto'`. */
export interface BlockTermSpec {
  term: string;
  /** Match Hinglish spelling variants through the phonetic key. 'auto': words (Latin, or Devanagari read as Hinglish) whose key has 5+ letters. */
  phonetic?: boolean | 'auto';
}

interface TermToken {
  /** Letters with every run collapsed to one ("ass" → "as"). */
  skeleton: string;
  /** Length of each run in the term ("ass" → [1, 2]). */
  runs: number[];
  /** Phonetic key when this token matches spelling variants, else null. */
  phon: string | null;
}

interface CompiledTerm {
  id: number;
  tokens: TermToken[];
}

/** A compiled blocklist: terms indexed by the skeleton and phonetic key of their first token. */
export interface Blocklist {
  readonly size: number;
  readonly words: ReadonlyMap<string, CompiledTerm[]>;
  readonly wordsByPhon: ReadonlyMap<string, CompiledTerm[]>;
  readonly phrases: ReadonlyMap<string, CompiledTerm[]>;
  readonly phrasesByPhon: ReadonlyMap<string, CompiledTerm[]>;
}

/** Result for callers: never carries the matched word, so it cannot leak to a client. */
export interface BlockResult {
  blocked: boolean;
  /** How many distinct blocked terms the text hits. */
  matches: number;
}

const PHONETIC_AUTO_MIN = 5;

function runLengths(word: string): { skeleton: string; runs: number[] } {
  const chars = [...word];
  let skeleton = '';
  const runs: number[] = [];
  for (let i = 0; i < chars.length;) {
    let j = i;
    while (j < chars.length && chars[j] === chars[i]) j++;
    skeleton += chars[i] ?? '';
    runs.push(j - i);
    i = j;
  }
  return { skeleton, runs };
}

function termToken(word: string, phonetic: boolean | 'auto'): TermToken {
  const { skeleton, runs } = runLengths(collapseLongRuns(word));
  let phon: string | null = null;
  const key = phonetic === false ? null : phoneticKeyOf(word);
  if (key !== null && (phonetic === true || key.length >= PHONETIC_AUTO_MIN)) phon = key;
  return { skeleton, runs, phon };
}

function push(map: Map<string, CompiledTerm[]>, key: string, term: CompiledTerm): void {
  const list = map.get(key);
  if (list) list.push(term);
  else map.set(key, [term]);
}

/** Compiles terms (words or multi-word phrases, any script) with the same normalisation as the text they are matched against. */
export function compileBlocklist(terms: ReadonlyArray<string | BlockTermSpec>): Blocklist {
  const words = new Map<string, CompiledTerm[]>();
  const wordsByPhon = new Map<string, CompiledTerm[]>();
  const phrases = new Map<string, CompiledTerm[]>();
  const phrasesByPhon = new Map<string, CompiledTerm[]>();
  let id = 0;
  for (const spec of terms) {
    const { term, phonetic = 'auto' } = typeof spec === 'string' ? { term: spec } : spec;
    const tokens = readings(term)[0]?.tokens ?? [];
    if (tokens.length === 0) continue;
    const compiled: CompiledTerm = { id: id++, tokens: tokens.map((t) => termToken(t, phonetic)) };
    const first = compiled.tokens[0];
    if (!first) continue;
    const addWord = (t: CompiledTerm, tok: TermToken) => {
      push(words, tok.skeleton, t);
      if (tok.phon) push(wordsByPhon, tok.phon, t);
    };
    if (compiled.tokens.length === 1) {
      addWord(compiled, first);
    } else {
      push(phrases, first.skeleton, compiled);
      if (first.phon) push(phrasesByPhon, first.phon, compiled);
      // A phrase written without spaces ("fuckyou", "madarchod") is the same term.
      const glued = termToken(tokens.join(''), phonetic);
      addWord({ id: compiled.id, tokens: [glued] }, glued);
    }
  }
  return { size: id, words, wordsByPhon, phrases, phrasesByPhon };
}

interface TextToken {
  skeleton: string;
  /** Per run: how many times the letter was written (3+ → Infinity, an elongation). */
  runs: number[];
  /** Per run: a doubled letter that may stand for a single one (a vowel, or the last letter: "fuuck", "shitt"). */
  flex: boolean[];
  phon: string | null;
}

const VOWEL = /[aeiouy]/;

function textToken(word: string): TextToken {
  const { skeleton, runs } = runLengths(word);
  const letters = [...skeleton];
  return {
    skeleton,
    runs: runs.map((n) => (n >= 3 ? Number.POSITIVE_INFINITY : n)),
    // A doubled consonant inside a word is usually spelling, not elongation ("chhut" = discount is not "chut").
    flex: runs.map((n, i) => n === 2 && (VOWEL.test(letters[i] ?? '') || i === runs.length - 1)),
    phon: phoneticKeyOf(word),
  };
}

function runMatches(text: TextToken, i: number, termRun: number): boolean {
  const n = text.runs[i] ?? 0;
  return n === termRun || n === Number.POSITIVE_INFINITY || (termRun === 1 && text.flex[i] === true);
}

function tokenMatches(text: TextToken, term: TermToken): boolean {
  if (term.phon !== null && text.phon === term.phon) return true;
  if (text.skeleton !== term.skeleton) return false;
  // "asss" and "ass" hit "ass", "fuuck" hits "fuck"; "as" and "aas" do not hit "ass", nor "chhut" "chut".
  return term.runs.every((n, i) => runMatches(text, i, n));
}

function candidates(
  byKey: ReadonlyMap<string, CompiledTerm[]>,
  byPhon: ReadonlyMap<string, CompiledTerm[]>,
  tok: TextToken,
): CompiledTerm[] {
  const direct = byKey.get(tok.skeleton) ?? [];
  const phon = tok.phon ? (byPhon.get(tok.phon) ?? []) : [];
  return phon.length === 0 ? direct : [...direct, ...phon];
}

/** Checks a text against a blocklist on whole-token boundaries (after normalisation); never returns the matched word. */
export function findBlocked(blocklist: Blocklist, text: string): BlockResult {
  if (blocklist.size === 0 || text.trim() === '') return { blocked: false, matches: 0 };
  const hit = new Set<number>();
  const cache = new Map<string, TextToken>();
  const tok = (w: string): TextToken => {
    let t = cache.get(w);
    if (!t) {
      t = textToken(w);
      cache.set(w, t);
    }
    return t;
  };
  for (const reading of readings(text)) {
    const stream = reading.tokens.map(tok);
    for (const word of [...stream, ...reading.words.map(tok)]) {
      for (const term of candidates(blocklist.words, blocklist.wordsByPhon, word)) {
        const first = term.tokens[0];
        if (first && tokenMatches(word, first)) hit.add(term.id);
      }
    }
    if (blocklist.phrases.size === 0) continue;
    stream.forEach((start, i) => {
      for (const term of candidates(blocklist.phrases, blocklist.phrasesByPhon, start)) {
        if (hit.has(term.id) || i + term.tokens.length > stream.length) continue;
        const all = term.tokens.every((t, k) => {
          const s = stream[i + k];
          return s !== undefined && tokenMatches(s, t);
        });
        if (all) hit.add(term.id);
      }
    });
  }
  return { blocked: hit.size > 0, matches: hit.size };
}

/** Checks a text against several lists (e.g. the built-in list and the creator's own); matches add up. */
export function findBlockedInAny(lists: ReadonlyArray<Blocklist>, text: string): BlockResult {
  let matches = 0;
  for (const list of lists) matches += findBlocked(list, text).matches;
  return { blocked: matches > 0, matches };
}
