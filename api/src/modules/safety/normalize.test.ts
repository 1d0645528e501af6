import { describe, expect, it } from 'vitest';
import { foldCharacters, normalizeForMatching } from './normalize.ts';
import { phoneticKey, transliterateDevanagari } from './phonetic.ts';

const ZWSP = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const WJ = '\u2060';
const BOM = '\uFEFF';
const SHY = '\u00AD';

describe('normalizeForMatching', () => {
  it.each([
    // case and width
    ['FuCk', 'fuck'],
    ['ＦＵＣＫ', 'fuck'],
    ['𝐟𝐮𝐜𝐤', 'fuck'],
    ['ⓕⓤⓒⓚ', 'fuck'],
    // invisible characters
    [`f${ZWSP}u${ZWNJ}c${ZWJ}k`, 'fuck'],
    [`sh${WJ}i${BOM}t`, 'shit'],
    [`bi${SHY}tch`, 'bitch'],
    // look-alikes
    ['fսck', 'fuck'], // Armenian u
    ['ѕhit', 'shit'], // Cyrillic dze
    ['аss', 'ass'], // Cyrillic a
    ['сосk', 'cock'], // Cyrillic es, o
    ['ρussy', 'pussy'], // Greek rho
    ['fück', 'fuck'], // diacritic
    // digit and symbol swaps inside words
    ['@ss', 'ass'],
    ['4ss', 'ass'],
    ['a$$', 'ass'],
    ['a55', 'ass'],
    ['sh!t', 'shit'],
    ['b1tch', 'bitch'],
    ['b|tch', 'bitch'],
    ['c0ck', 'cock'],
    ['$h1t', 'shit'],
    ['r3tard', 'retard'],
    ['7wat', 'twat'],
    // numbers and punctuation on their own are left alone
    ['₹500 for 3 songs!!!', '500 for 3 songs'],
    ['nice!!!', 'nice'],
    ['1000', '1000'],
    // punctuation and spacing inside words
    ['f.u.c.k', 'fuck'],
    ['f-u-c-k', 'fuck'],
    ['f_u_c_k', 'fuck'],
    ['f u c k', 'fuck'],
    ['f. u. c. k.', 'fuck'],
    ['sh*it', 'shit'],
    ['F 🤬 U 🤬 C 🤬 K', 'fuck'],
    // repeated letters: 3+ collapse, doubles stay
    ['fuuuuuck', 'fuck'],
    ['shiiiit', 'shit'],
    ['class', 'class'],
    ['aas paas', 'aas paas'],
    // Devanagari: nukta, matras, joiners
    ['भोसड़ीके', 'भोसडिके'],
    ['भोसडीके', 'भोसडिके'],
    ['चूतिया', 'चुतिया'],
    ['चुतिया', 'चुतिया'],
    [`गां${ZWJ}ड`, 'गांड'],
    [`हराम${ZWNJ}ी`, 'हरामि'],
    ['माँ', 'मां'],
    ['ज़ादा', 'जादा'],
    ['च ू त', 'चु त'],
    ['नमस्ते दोस्तों।', 'नमस्ते दोस्तों'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeForMatching(input)).toBe(expected);
  });
});

describe('foldCharacters', () => {
  it('keeps Devanagari letters and signs other than the folded ones', () => {
    expect(foldCharacters('क्षत्रिय')).toBe('क्षत्रिय');
  });
});

describe('phoneticKey (Hinglish spelling variants)', () => {
  it.each([
    ['chutiya', 'chutia'],
    ['chootiyaa', 'chutia'],
    ['chuttiya', 'chutia'],
    ['chutia', 'chutia'],
    ['bhenchhod', 'bhenchod'],
    ['lawda', 'lavda'],
    ['laudaa', 'lauda'],
    ['kameena', 'kamina'],
    ['haraamzaada', 'haramjada'],
    ['gaandu', 'gandu'],
  ])('%s → %s', (input, expected) => {
    expect(phoneticKey(input)).toBe(expected);
  });
});

describe('transliterateDevanagari (Hinglish reading, schwa deletion)', () => {
  it.each([
    ['झूठा', 'jhuthaa'],
    ['भोसड़ीके', 'bhosdike'],
    ['मादरचोद', 'maadarchod'],
    ['बहन', 'bahan'],
    ['कमीना', 'kaminaa'],
    ['लंड', 'land'],
    ['नमस्ते', 'namaste'],
    ['दोस्तों', 'doston'],
    ['औलाद', 'aulaad'],
    ['दुःख', 'duhkh'],
    ['क', 'ka'],
  ])('%s → %s', (input, expected) => {
    expect(transliterateDevanagari(foldCharacters(input))).toBe(expected);
  });

  it.each(['hello', 'मा1', 'ॐ', '', 'ाक'])('%j is not a Devanagari word → null', (input) => {
    expect(transliterateDevanagari(foldCharacters(input))).toBeNull();
  });
});
