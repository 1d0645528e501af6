import { describe, expect, it } from 'vitest';
import { cleanSpeechText, detectScript, voiceFor } from './speechText.ts';

const clean = (text: string, maxChars = 200, senderPhone?: string) =>
  cleanSpeechText(text, { maxChars, senderPhone });

describe('cleanSpeechText', () => {
  it('reads links as "link"', () => {
    expect(clean('check https://example.com/x?y=1 now')).toBe('check link now');
    expect(clean('मेरा चैनल www.youtube.com/@me देखो')).toBe('मेरा चैनल link देखो');
    expect(clean('visit bit.ly/abc bhai')).toBe('visit link bhai');
  });

  it('does not read emoji', () => {
    expect(clean('GG 🔥🔥 bhai 👍🏽')).toBe('GG bhai');
    expect(clean('शाबाश 🇮🇳❤️')).toBe('शाबाश');
    expect(clean('🎉🎉🎉')).toBe('');
  });

  it('collapses letters repeated more than 3 times', () => {
    expect(clean('sooooo gooood')).toBe('sooo goood');
    expect(clean('yesss')).toBe('yesss');
    expect(clean('वाााााह')).toBe('वाााह');
  });

  it('never reads a phone number or the sender phone', () => {
    expect(clean('call me 98765 43210 ok')).toBe('call me ok');
    expect(clean('mera number +91-9876543210 hai')).toBe('mera number hai');
    expect(clean('id 123456789 and 9-8-7-6-5-4-3-2-1-0', 200, '9876543210')).toBe('id 123456789 and');
  });

  it('reads only the words shown: markup tags and comments are dropped, never read or obeyed', () => {
    expect(clean('wait <break time="10s"/><break time="10s"/> for it')).toBe('wait for it');
    expect(clean('<prosody volume="+20dB" rate="x-slow">GG bhai</prosody>')).toBe('GG bhai');
    expect(clean('<sub alias="words nobody saw">hi</sub> streamer')).toBe('hi streamer');
    expect(clean('<speak><!-- hidden -->shown<audio src="https://x.io/a.mp3"/></speak>')).toBe('shown');
    expect(clean('नमस्ते <break time="10s"/> दोस्तों')).toBe('नमस्ते दोस्तों');
    // Not markup: a heart, comparisons.
    expect(clean('I <3 you, 5<6 and a < b > c')).toBe('I <3 you, 5<6 and a < b > c');
  });

  it('reads styled and fullwidth letters as the letters they show, and drops control characters', () => {
    expect(clean('𝓱𝓮𝓵𝓵𝓸 ｗｏｒｌｄ')).toBe('hello world');
    expect(clean('loud\u0001200A text\u0007')).toBe('loud 200A text');
  });

  it('floods are read briefly: a symbol run once, a word at most 3 times in a row, no number of more than 9 digits', () => {
    expect(clean('₹₹₹₹₹500!!!!!! wow......')).toBe('₹500! wow.');
    expect(clean('lol lol lol lol lol lol ok')).toBe('lol lol lol ok');
    expect(clean('bahut bahut bahut badhiya')).toBe('bahut bahut bahut badhiya');
    expect(clean('999999999999 and १२३४५६७८९०१ but 99,99,99,999 and 123456789')).toBe(
      'and but 99,99,99,999 and 123456789',
    );
  });

  it('cuts to the maximum number of characters at a word boundary', () => {
    expect(clean('one two three four', 12)).toBe('one two');
    expect(Array.from(clean('नमस्ते '.repeat(50), 30)).length).toBeLessThanOrEqual(30);
  });
});

describe('detectScript and voiceFor', () => {
  it('Hindi in Devanagari gets the Hindi voice', () => {
    expect(detectScript('बहुत बढ़िया स्ट्रीम भाई')).toBe('devanagari');
    expect(voiceFor('बहुत बढ़िया स्ट्रीम भाई', false)).toBe('hi');
  });

  it('Hinglish in Latin gets English (India) unless the creator reads Hinglish in Hindi', () => {
    expect(detectScript('bahut badhiya stream bhai')).toBe('latin');
    expect(voiceFor('bahut badhiya stream bhai', false)).toBe('en-IN');
    expect(voiceFor('bahut badhiya stream bhai', true)).toBe('hi');
  });

  it('English is Latin; mixed text goes by the majority script', () => {
    expect(voiceFor('Great stream, keep going!', false)).toBe('en-IN');
    expect(detectScript('GG भाई बहुत अच्छा')).toBe('devanagari');
    expect(detectScript('Love the stream भाई')).toBe('latin');
    expect(detectScript('12345')).toBe('latin');
  });
});
