import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

describe('logs never carry phone numbers, tokens, OTPs or message text (DPDP)', () => {
  it('redacts by field name and scrubs phone numbers and tokens out of any text', () => {
    const { logger, lines } = capture();
    const err = Object.assign(new Error('duplicate key: Key (phone)=(9876543210) already exists'), {
      detail: 'Key (phone)=(9876543210)',
    });
    logger.warn(
      {
        phone: '9876543210',
        firebaseToken: JWT,
        headers: { authorization: `Bearer ${JWT}` },
        body: { password: 'hunter22', otp: '123456', message: 'you idiot', guestName: 'Asha', amount: 12 },
        tip: { message: 'private words', sender: { phone: '+91 98765 43210' } },
        err,
      },
      'login for +919876543210 with %s',
      JWT,
    );
    const out = lines.join('\n');
    for (const secret of [
      '9876543210',
      '98765 43210',
      JWT,
      'hunter22',
      '123456',
      'you idiot',
      'private words',
    ]) {
      expect(out).not.toContain(secret);
    }
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line.body.amount).toBe(12);
    expect(line.err.type).toBe('Error');
    expect(line.err.stack).toContain('logger.test.ts');
    expect(line.msg).toContain('login for');
  });
});
