/**
 * The built-in blocklist: common English, Hindi and Hinglish abuse and slurs seen in Indian stream chats, in Latin and
 * Devanagari script. SERVER-ONLY: never import this from shared/ or pwa/, and never send it in a response.
 *
 * Entries were chosen so that everyday words do not collide after normalisation:
 *  - "chod" alone is left out (Hinglish "chhod do" = "leave it" folds to it); the compounds are listed instead;
 *  - "chut"/"choot"/"chodu" match exactly (no phonetic fold): "chhut" means "discount", "chhodu" "shall I leave";
 *  - "lode" (mother lode), "katwa" (a town in West Bengal) and bare "teri maa ki" ("your mother's …") are left out;
 *  - "kamini" is left out (a common first name); "chakka" (a six in cricket) and "kutta" (dog) are left out;
 *  - "mc"/"bc" are left out ("MC Stan", "BC"); the longer acronyms bsdk/bkl/mkc are in.
 * `phonetic: true` folds Hinglish spelling variants (chh/ch, aa/a, ee/i, oo/u, w/v, doubled letters).
 */
import type { BlockTermSpec } from './matcher.ts';

const ENGLISH: readonly string[] = [
  'fuck',
  'fucker',
  'fucking',
  'fucked',
  'motherfucker',
  'fuck you',
  'fuck off',
  'stfu',
  'shit',
  'bullshit',
  'bitch',
  'bastard',
  'ass',
  'asshole',
  'dumbass',
  'dick',
  'dickhead',
  'cock',
  'cunt',
  'pussy',
  'whore',
  'slut',
  'wanker',
  'twat',
  'fag',
  'faggot',
  'retard',
  'nigger',
  'nigga',
  'kill yourself',
  'kys',
];

const HINGLISH: readonly string[] = [
  'madarchod',
  'maderchod',
  'madar chod',
  'behenchod',
  'bhenchod',
  'benchod',
  'bhen ke lode',
  'bhosdike',
  'bhosdi ke',
  'bhosdiwale',
  'bhosda',
  'bsdk',
  'bkl',
  'mkc',
  'chutiya',
  'chutiye',
  'chutiyapa',
  'gandu',
  'gaand',
  'gaand mara',
  'lund',
  'lauda',
  'lawda',
  'lavde',
  'lodu',
  'randi',
  'randwa',
  'harami',
  'haramkhor',
  'haramzada',
  'haramzadi',
  'kamina',
  'kamine',
  'kutiya',
  'kutte ki aulad',
  'jhaant',
  'jhantu',
  'maa ki chut',
  'teri maa ka bhosda',
  'chinki',
  'chamar',
  'bhangi',
  'katua',
];

/** Exact only: short words whose phonetic fold would hit an innocent word. */
const HINGLISH_EXACT: readonly string[] = ['chut', 'choot', 'chodu'];

const DEVANAGARI: readonly string[] = [
  'मादरचोद',
  'मादर चोद',
  'बहनचोद',
  'बहेनचोद',
  'भेनचोद',
  'बहन के लौड़े',
  'भोसड़ीके',
  'भोसड़ी के',
  'भोसड़ीवाले',
  'भोसड़ा',
  'चूतिया',
  'चूतिये',
  'चूत',
  'गांडू',
  'गांड',
  'गांड मरा',
  'लंड',
  'लौड़ा',
  'लौड़े',
  'लवड़ा',
  'लोडू',
  'रंडी',
  'रंडवा',
  'हरामी',
  'हरामखोर',
  'हरामज़ादा',
  'हरामज़ादी',
  'कमीना',
  'कमीने',
  'कुतिया',
  'कुत्ते की औलाद',
  'झांट',
  'झांटू',
  'माँ की चूत',
  'तेरी माँ का भोसड़ा',
  'चमार',
  'भंगी',
  'कटुआ',
  'चिंकी',
];

/** The built-in list as compile specs. */
export const BUILTIN_BLOCKLIST: readonly BlockTermSpec[] = [
  ...ENGLISH.map((term) => ({ term, phonetic: false })),
  ...HINGLISH.map((term) => ({ term, phonetic: true })),
  ...HINGLISH_EXACT.map((term) => ({ term, phonetic: false })),
  ...DEVANAGARI.map((term) => ({ term })),
];
