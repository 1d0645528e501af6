import { describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone, toE164 } from './phone.ts';
import { phoneSchema, leadInputSchema, guestOrderInputSchema, sendTipInputSchema } from './schemas.ts';

describe('phone rule', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['0098765432101', '8765432101'],
    ['(987) 654 3210', '9876543210'],
    ['+919876543210', '9876543210'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toEqual({ ok: true, phone: expected });
  });

  it.each(['12345', '', 'abcdefghij', '98765 4321'])('rejects %j with the spec message', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, message: 'Enter a valid 10 digit phone number.' });
  });

  it('prefixes +91 for the OTP provider and masks for third parties', () => {
    expect(toE164('9876543210')).toBe('+919876543210');
    expect(maskPhone('9876543210')).toBe('••••••3210');
  });

  it('phoneSchema normalises and reports the spec message', () => {
    expect(phoneSchema.parse('+91 98765-43210')).toBe('9876543210');
    const r = phoneSchema.safeParse('123');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Enter a valid 10 digit phone number.');
  });
});

describe('shared input schemas', () => {
  it('lead phone must be exactly 10 digits after stripping', () => {
    expect(leadInputSchema.parse({ phone: '98765 43210' }).phone).toBe('9876543210');
    expect(leadInputSchema.parse({ phone: '98765 43210' }).tags).toEqual(['landing', 'newsletter']);
    const bad = leadInputSchema.safeParse({ phone: '12345' });
    expect(bad.error?.issues[0]?.message).toBe('Enter a valid 10-digit mobile number.');
    expect(leadInputSchema.safeParse({ phone: '+91 98765 43210' }).success).toBe(false);
  });

  it('guest order trims, limits and checks the amount', () => {
    const ok = guestOrderInputSchema.parse({
      amount: 99,
      message: '  hi  ',
      name: ' Asha ',
      ageConfirmed: true,
    });
    expect(ok).toMatchObject({ amount: 99, message: 'hi', name: 'Asha' });
    for (const amount of [0, -1, Number.NaN, '10']) {
      const r = guestOrderInputSchema.safeParse({ amount, message: '', name: '' });
      expect(r.error?.issues[0]?.message).toBe('Enter a valid amount greater than zero.');
    }
    expect(guestOrderInputSchema.safeParse({ amount: 5, name: 'x'.repeat(81) }).success).toBe(false);
    expect(guestOrderInputSchema.safeParse({ amount: 5, message: 'x'.repeat(281) }).success).toBe(false);
    expect(
      guestOrderInputSchema.safeParse({ amount: 5, message: 'x'.repeat(280), ageConfirmed: true }).success,
    ).toBe(true);
  });

  it('tip amount has a ₹1 minimum', () => {
    expect(sendTipInputSchema.safeParse({ amount: 0.5 }).success).toBe(false);
    expect(sendTipInputSchema.parse({ amount: 1 }).message).toBe('');
  });
});
