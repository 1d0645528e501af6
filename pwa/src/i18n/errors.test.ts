// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addMoneyInputSchema,
  apiTokenInputSchema,
  defaultShowSettings,
  fillMessage,
  payoutOnboardingInputSchema,
  sendTipInputSchema,
  showSettingsSchema,
  STATUS_TEXTS,
  webhookEndpointInputSchema,
} from '@shabaash/shared';
import { activateLanguage } from './i18n.tsx';
import { errorText, localizeText } from './errors.ts';
import { ApiError } from '../api/client.ts';

afterEach(() => activateLanguage('en'));

/** The first message the shared schema gives for a value (what the API answers and the PWA's forms show). */
function firstMessage(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a validation failure');
  return parsed.error.issues[0]!.message;
}

describe('validation messages of the shared schemas in the chosen language', () => {
  const show = defaultShowSettings();
  const cases = [
    {
      english: firstMessage(payoutOnboardingInputSchema, {
        legalName: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        pan: 'ABC12',
        street: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        accountNumber: '123456789012',
        ifsc: 'HDFC0001234',
        beneficiaryName: 'Asha Rao',
      }),
      hindi: 'सही PAN डालें: 5 अक्षर, 4 अंक, फिर 1 अक्षर (जैसे ABCDE1234F)।',
    },
    {
      english: firstMessage(addMoneyInputSchema, { amount: 100_001 }),
      hindi: 'ज़्यादा से ज़्यादा रकम ₹1,00,000 है।',
    },
    {
      english: firstMessage(sendTipInputSchema, { creator: 'asha', amount: 50, message: 'x'.repeat(600) }),
      hindi: /^मैसेज \d+ अक्षरों से लंबा नहीं हो सकता।$/,
    },
    {
      english: firstMessage(showSettingsSchema, { ...show, tts: { ...show.tts, maxChars: 100_000 } }),
      hindi: /^ज़्यादा से ज़्यादा \d+ अक्षर पढ़वाए जा सकते हैं।$/,
    },
    {
      english: firstMessage(showSettingsSchema, { ...show, tts: { ...show.tts, volume: 101 } }),
      hindi: 'आवाज़ 0 से 100 के बीच रखें।',
    },
    {
      english: firstMessage(webhookEndpointInputSchema, { url: 'ftp://example.com', events: ['tip.live'] }),
      hindi: 'पूरा https:// URL डालें।',
    },
    {
      english: firstMessage(apiTokenInputSchema, { name: 'bot', scopes: [] }),
      hindi: 'कम से कम एक अनुमति चुनें।',
    },
  ];

  it('English shows the schema text as it is; Hindi shows its catalogue text with the value kept', async () => {
    for (const { english } of cases) expect(localizeText(english)).toBe(english);
    expect(cases[1]!.english).toBe('Maximum amount is ₹1,00,000.');
    await activateLanguage('hi');
    for (const { english, hindi } of cases) {
      if (typeof hindi === 'string') expect(localizeText(english), english).toBe(hindi);
      else expect(localizeText(english), english).toMatch(hindi);
    }
    // The value inside comes back out of the English text: the character limit is the schema's own number.
    const limit = /(\d+)/.exec(cases[2]!.english)![1];
    expect(localizeText(cases[2]!.english)).toContain(limit);
  });

  it('a refusal of the API (VALIDATION_FAILED with the same words) is shown in Hindi too', async () => {
    await activateLanguage('hi');
    const refusal = new ApiError(cases[0]!.english, 'VALIDATION_FAILED', 400, 'pan');
    expect(errorText(refusal)).toBe(cases[0]!.hindi);
    expect(
      errorText(new ApiError('You can add at most ₹50,000.00 at a time.', 'VALIDATION_FAILED', 400)),
    ).toBe('एक बार में ज़्यादा से ज़्यादा ₹50,000.00 जोड़ सकते हैं।');
    // A refusal with its own words (not the generic CONFLICT text): the balance changed before deletion.
    const refused = new ApiError(
      fillMessage(STATUS_TEXTS.balanceAtDeletion, { amount: '₹1,00,000.00', contact: 'help@shabaash.in' }),
      'CONFLICT',
      409,
    );
    expect(errorText(refused)).toMatch(/^आपके wallet में अब भी ₹1,00,000.00 हैं।.*help@shabaash.in पर लिखते हैं/);
  });
});
