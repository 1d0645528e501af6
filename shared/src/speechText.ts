/**
 * What text-to-speech reads of a tip message. Zod-free so that any layer can use it.
 * Styled and fullwidth letters are read as the letters they show (NFKC); markup tags (`<break>`, `<prosody>`,
 * `<sub alias>`, comments) and control characters are dropped, so only the words on screen are read. Links are read
 * as "link", emoji and pictographs are dropped, letters repeated more than 3 times are collapsed to 3, a word repeated
 * more than 3 times in a row to 3, a run of one punctuation mark or symbol to one, anything that looks like a phone
 * number (and the sender's own number) or a number of more than 9 digits is removed, and the result is cut to a
 * maximum number of characters at a word boundary where possible. The engines read the result as plain text.
 */

export type SpeechScript = 'devanagari' | 'latin';
/** eSpeak NG voice names; the Google engine maps them to hi-IN and en-IN voices. */
export type SpeechVoice = 'hi' | 'en-IN';

const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|net|org|io|me|ly|gg|tv|co|app|xyz)(?:\/\S*)?/giu;
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** +91 / 0 prefixes and separators allowed; 10 digits starting 6-9 (not inside a longer number) is an Indian mobile. */
const PHONE_LIKE = /(?<!\d)(?:\+?91[\s-]*|0)?[6-9](?:[\s-]*\d){9}(?!\d)/g;
const REPEATS = /(\p{L}|\p{M})\1{3,}/gu;
/** An SSML/HTML element tag, closing tag, comment, declaration or processing instruction; `<3` and `a < b` are not. */
const MARKUP = /<!--[\s\S]*?-->|<[/!?]?[\p{L}_][^<>]*>/gu;
const CONTROL = /\p{Cc}/gu;
/** More than 9 digits (beyond ₹99 crore) is an id or a row of 9s, seconds of number-words: not read. */
const LONG_NUMBER = /\p{Nd}{10,}/gu;
const WORD_REPEATS = /(?<=^|\s)(\S+)(?:\s+\1){3,}(?=\s|$)/gu;
const SYMBOL_RUNS = /([\p{P}\p{S}])\1+/gu;
const DEVANAGARI = /\p{Script=Devanagari}/gu;
const LATIN = /[A-Za-z\u00C0-\u024F]/gu;

export interface CleanSpeechOptions {
  maxChars: number;
  /** The sender's 10-digit phone, never read even when typed with other separators. */
  senderPhone?: string | null | undefined;
}

function withoutSenderPhone(text: string, phone: string | null | undefined): string {
  if (!phone) return text;
  const spaced = phone.split('').join('[\\s-]*');
  return text.replace(new RegExp(spaced, 'g'), ' ');
}

function cut(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const head = chars.slice(0, maxChars).join('');
  const lastSpace = head.lastIndexOf(' ');
  return (lastSpace > maxChars / 2 ? head.slice(0, lastSpace) : head).trim();
}

/** The text to read aloud, or '' when nothing readable is left. */
export function cleanSpeechText(message: string, options: CleanSpeechOptions): string {
  let text = message.normalize('NFKC');
  text = text.replace(CONTROL, ' ').replace(MARKUP, ' ');
  text = text.replace(LINK, ' link ');
  text = withoutSenderPhone(text, options.senderPhone);
  text = text.replace(PHONE_LIKE, ' ');
  text = text.replace(LONG_NUMBER, ' ');
  text = text.replace(EMOJI, ' ');
  text = text.replace(REPEATS, '$1$1$1');
  text = text.replace(SYMBOL_RUNS, '$1');
  text = text.replace(/\s+/g, ' ').trim();
  text = text.replace(WORD_REPEATS, '$1 $1 $1');
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  return cut(text, Math.max(0, options.maxChars));
}

/** Devanagari when it has at least as many Devanagari letters as Latin ones (and some), else Latin. */
export function detectScript(text: string): SpeechScript {
  const dev = text.match(DEVANAGARI)?.length ?? 0;
  const lat = text.match(LATIN)?.length ?? 0;
  return dev > 0 && dev >= lat ? 'devanagari' : 'latin';
}

/** Hindi voice for Devanagari; English (India) for Latin unless the creator reads Hinglish in Hindi. */
export function voiceFor(text: string, hinglishInHindi: boolean): SpeechVoice {
  return detectScript(text) === 'devanagari' || hinglishInHindi ? 'hi' : 'en-IN';
}

/** What is read aloud of a Super Sticker (it has no message): who sent it and its sticker's alt text. */
export function superStickerSpeech(name: string, altText: string): string {
  return `${name} sent a Super Sticker: ${altText}`;
}
