import { describe, expect, it } from 'vitest';
import { BUILTIN_BLOCKLIST } from './builtinList.ts';
import { compileBlocklist, findBlocked } from './matcher.ts';

const builtin = compileBlocklist(BUILTIN_BLOCKLIST);
const creator = compileBlocklist(['idiot']);

describe('invisible, format and bidi characters cannot hide a blocked word (finding 2)', () => {
  it.each([
    ['right-to-left override shows "you idiot"', 'you \u202Etoidi'],
    ['override closed by PDF', 'you \u202Etoidi\u202C ok'],
    ['right-to-left isolate + override', 'you \u2067\u202Etoidi\u2069'],
    ['left-to-right embedding inside', 'id\u202Aiot'],
    ['isolates inside the word', 'id\u2066i\u2069ot'],
    ['Arabic letter mark (Cf)', 'id\u061Ciot'],
    ['invisible times (Cf)', 'idi\u2062ot'],
    ['variation selector', 'i\uFE0Fdiot'],
    ['ideographic variation selector', 'idi\u{E0100}ot'],
    ['tag characters', 'idi\u{E0041}\u{E007F}ot'],
    ['Mongolian vowel separator', 'id\u180Eiot'],
    ['Greek look-alikes', 'ιdιοt'],
    ['Cyrillic look-alikes', 'іdіоt'],
  ])('%s', (_label, text) => {
    expect(findBlocked(creator, text).blocked).toBe(true);
  });

  it('the built-in list sees through the override too', () => {
    expect(findBlocked(builtin, 'nice \u202Ekcuf').blocked).toBe(true);
  });

  it.each([
    'क्षत्रिय', // conjunct
    'क्‍ष', // explicit half form with ZWJ
    'क्‌ष', // ZWNJ keeps the virama visible
    'नमस्ते दोस्तों, बहुत बढ़िया स्ट्रीम!',
    'शाबाश 👍🏽 ❤️',
    'بہت اچھا', // Urdu
  ])('innocent text %j still passes', (text) => {
    expect(findBlocked(builtin, text)).toEqual({ blocked: false, matches: 0 });
    expect(findBlocked(creator, text).blocked).toBe(false);
  });
});
