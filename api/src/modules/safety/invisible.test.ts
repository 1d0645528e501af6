import { describe, expect, it } from 'vitest';
import { BUILTIN_BLOCKLIST } from './builtinList.ts';
import { compileBlocklist, findBlocked } from './matcher.ts';

const builtin = compileBlocklist(BUILTIN_BLOCKLIST);
const creator = compileBlocklist(['idiot']);

describe('invisible, format and bidi characters cannot hide a blocked word', () => {
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

describe('look-alike letters and split words cannot hide a blocked word', () => {
  it.each([
    ['small capitals', 'you ɪᴅɪᴏᴛ'],
    ['Lisu letters', 'ꓲꓓꓲꓳꓔ'],
    ['negative squared letters', '🅸🅳🅸🅾🆃'],
    ['Latin iota ɩ', 'ɩdɩot'],
    ['i with stroke ɨ', 'ɨdɨot'],
    ['mixed families', 'ꓲᴅɩ🅾t'],
    ['split by a thin space', 'you id\u2009iot'],
    ['split by a hair space', 'idi\u200Aot'],
    ['split by a narrow no-break space', 'idi\u202Fot'],
    ['split by a newline', 'you idi\not'],
    ['split by CR LF', 'idi\r\not'],
    ['split by a line separator', 'id\u2028iot'],
    ['spaced out with ideographic spaces', 'i\u3000d\u3000i\u3000o\u3000t'],
    ['spaced out with next-line characters', 'i\u0085d\u0085i\u0085o\u0085t'],
    ['spaced out with Braille blanks', 'i\u2800d\u2800i\u2800o\u2800t'],
  ])('%s', (_label, text) => {
    expect(findBlocked(creator, text).blocked).toBe(true);
  });

  it.each([
    ['small capitals', 'ꜰᴜᴄᴋ ʏᴏᴜ'],
    ['negative squared letters', '🅵🆄🅲🅺'],
    ['Lisu letters', 'ꓝꓴꓚꓗ'],
    ['split by a newline', 'fu\nck'],
    ['split by a thin space', 'chu\u2009tiya'],
  ])('the built-in list sees through %s', (_label, text) => {
    expect(findBlocked(builtin, text).blocked).toBe(true);
  });

  it.each([
    'Bahut badhiya stream bhai, aaj ka match dekh ke maza aa gaya!',
    'नमस्ते दीदी, आपकी आवाज़ बहुत प्यारी है 🙏',
    'क्\u200Dष और क्\u200Cष दोनों सही हैं', // ZWJ and ZWNJ inside Hindi words
    'Congrats on 10k subs!\nKeep it up 🇮🇳🇮🇳',
    'Happy birthday Kamini ji 🎂\nढेर सारा प्यार',
    '₹\u00A0500 for the next song please — "Tum Hi Ho"',
    'GG\u2009WP, what a clutch in the last round',
    'Class assignment done, now watching the stream. Scunthorpe United fan here',
    'Chhod do yaar, chhut mil rahi hai Amazon pe',
    'ʙᴇsᴛ sᴛʀᴇᴀᴍᴇʀ ᴇᴠᴇʀ', // small capitals, innocent
  ])('ordinary message %j passes both lists', (text) => {
    expect(findBlocked(builtin, text)).toEqual({ blocked: false, matches: 0 });
    expect(findBlocked(creator, text).blocked).toBe(false);
  });
});
