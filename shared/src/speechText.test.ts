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
    expect(clean('id 1234567890 and 9-8-7-6-5-4-3-2-1-0', 200, '9876543210')).toBe('id 1234567890 and');
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
