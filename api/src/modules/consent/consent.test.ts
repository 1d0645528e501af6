import { describe, expect, it } from 'vitest';
import { istDate, istMonthStart, MESSAGES } from '@shabaash/shared';
import {
  buildCreator,
  buildOperator,
  buildUser,
  randomPhone,
  type BuiltUser,
} from '../../../test/factories.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { authEmulatorUrl } from '../../../test/harness.ts';
import { sampleOf, scrapeMetrics, TEST_METRICS_TOKEN } from '../../../test/metrics.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { pathForLog } from '../../http/requestContext.ts';
import { capLeftPaise, consentStateOf } from './consent.service.ts';

const PROJECT = 'demo-shabaash';
const ctx = await createPaymentsTestApp({ METRICS_TOKEN: TEST_METRICS_TOKEN });
const { app } = ctx;
const { db, config } = app.deps;

interface ErrorBody {
  message: string;
  code: string;
  field?: string;
}
interface ConsentBody {
  state: string;
  parentPhoneMasked: string | null;
  tipsLeftPaise: number | null;
  topUpsLeftPaise: number | null;
  monthlyCapPaise: number | null;
  linkToken?: string;
}

/** A date of birth that makes someone `years` old today in India (1 January of that year). */
function bornYearsAgo(years: number): string {
  return `${Number(istDate(new Date()).slice(0, 4)) - years}-01-01`;
}

const tip = (user: BuiltUser, handle: string, amount: number) =>
  app.request<ErrorBody>('POST', '/api/tips/send', { token: user.token, body: { amount, creator: handle } });
const topUp = (user: BuiltUser, amount: number) =>
  app.request<ErrorBody>('POST', '/api/wallet/add-money', { token: user.token, body: { amount } });
const guestOrder = (handle: string, amount: number, token?: string) =>
  app.request<ErrorBody & { order?: { id: string } }>('POST', '/api/tips/guest/order', {
    ...(token ? { token } : {}),
    body: { amount, creator: handle, ageConfirmed: true },
  });

async function askConsent(minor: BuiltUser, parentPhone: string): Promise<string> {
  const res = await app.request<ConsentBody>('POST', '/api/consent/request', {
    token: minor.token,
    body: { parentPhone },
  });
  expect(res.status).toBe(200);
  expect(res.body.linkToken).toMatch(/^[\w-]{43}$/);
  return res.body.linkToken!;
}

async function confirmAs(link: string, phone: string) {
  const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
  return app.request<{ message: string; withdrawToken: string } & ErrorBody>(
    'POST',
    `/api/consent/link/${link}/confirm`,
    { body: { phone, firebaseToken } },
  );
}

/** A 16-year-old with ₹1,000 in the wallet whose parent confirmed with an OTP; and the withdrawal token. */
async function consentingMinor(): Promise<{ minor: BuiltUser; withdrawToken: string }> {
  const minor = await buildUser(db, config, { dateOfBirth: bornYearsAgo(16), balancePaise: 1_000_00 });
  const parentPhone = randomPhone();
  const confirmed = await confirmAs(await askConsent(minor, parentPhone), parentPhone);
  expect(confirmed.status).toBe(200);
  return { minor, withdrawToken: confirmed.body.withdrawToken };
}

describe('the age rule, decided in IST', () => {
  it('a viewer is a minor until the day of their 18th birthday, and 0 turns the rule off', () => {
    const record = { dateOfBirth: '2008-11-28', consent: null };
    expect(consentStateOf(record, 18, '2026-11-27')).toBe('not_asked');
    expect(consentStateOf(record, 18, '2026-11-28')).toBe('not_needed');
    expect(consentStateOf({ dateOfBirth: null, consent: null }, 18, '2026-11-28')).toBe(
      'date_of_birth_missing',
    );
    expect(consentStateOf({ dateOfBirth: null, consent: null }, 0, '2026-11-28')).toBe('not_needed');
  });

  it("the request log never holds a consent link's token", () => {
    expect(pathForLog('/api/consent/link/Abc-123_x')).toBe('/api/consent/link/:token');
    expect(pathForLog('/api/consent/link/Abc-123_x/confirm')).toBe('/api/consent/link/:token/confirm');
    expect(pathForLog('/api/consent/withdraw/Abc-123_x')).toBe('/api/consent/withdraw/:token');
    expect(pathForLog('/api/consent/me')).toBe('/api/consent/me');
  });

  it('what is left of the cap: ₹500 less ₹300 is ₹200, never below ₹0', () => {
    expect(capLeftPaise(500_00, 300_00)).toBe(200_00);
    expect(capLeftPaise(500_00, 500_00)).toBe(0);
    expect(capLeftPaise(500_00, 650_00)).toBe(0);
  });
});

describe('age and parental consent', () => {
  it('sign-up requires a real date of birth and keeps it', async () => {
    const phone = randomPhone();
    const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
    const body = { name: 'Asha', phone, password: 'secret123', firebaseToken };
    const without = await app.request<ErrorBody>('POST', '/api/auth/register', { body });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ message: MESSAGES.dateOfBirthInvalid, field: 'dateOfBirth' });
    const impossible = await app.request<ErrorBody>('POST', '/api/auth/register', {
      body: { ...body, dateOfBirth: '2011-02-29' },
    });
    expect(impossible.body.message).toBe(MESSAGES.dateOfBirthInvalid);
    const made = await app.request<{ token: string }>('POST', '/api/auth/register', {
      body: { ...body, dateOfBirth: bornYearsAgo(16) },
    });
    expect(made.status).toBe(201);
    const mine = await app.request<ConsentBody>('GET', '/api/consent/me', { token: made.body.token });
    expect(mine.body).toMatchObject({ state: 'not_asked', monthlyCapPaise: 500_00, tipsLeftPaise: 500_00 });
  });

  it('a minor cannot tip, top up or order a guest tip while signed in before a parent consents', async () => {
    const creator = await buildCreator(db, config);
    const minor = await buildUser(db, config, { dateOfBirth: bornYearsAgo(16), balancePaise: 100_00 });
    for (const res of [await tip(minor, creator.handle, 10), await topUp(minor, 10)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PARENTAL_CONSENT_REQUIRED',
        message: MESSAGES.parentalConsentRequired,
      });
    }
    const signedIn = await guestOrder(creator.handle, 10, minor.token);
    expect(signedIn.status).toBe(403);
    expect(signedIn.body.code).toBe('PARENTAL_CONSENT_REQUIRED');
    // Not signed in, the guest form's own affirmation stands (nothing is stored about the payer).
    expect((await guestOrder(creator.handle, 10)).status).toBe(200);
    const balance = await app.request<{ balancePaise: number }>('GET', '/api/wallet/balance', {
      token: minor.token,
    });
    expect(balance.body.balancePaise).toBe(100_00);
  });

  it('an account made before the date of birth was asked gives it once, then pays', async () => {
    const creator = await buildCreator(db, config);
    const older = await buildUser(db, config, { dateOfBirth: null, balancePaise: 100_00 });
    const refused = await tip(older, creator.handle, 10);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'DATE_OF_BIRTH_REQUIRED',
      message: MESSAGES.dateOfBirthRequired,
    });
    const given = await app.request<ConsentBody>('PUT', '/api/users/me/date-of-birth', {
      token: older.token,
      body: { dateOfBirth: '1990-06-15' },
    });
    expect(given.body.state).toBe('not_needed');
    expect((await tip(older, creator.handle, 10)).status).toBe(200);
    const again = await app.request<ErrorBody>('PUT', '/api/users/me/date-of-birth', {
      token: older.token,
      body: { dateOfBirth: '2012-06-15' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.dateOfBirthAlreadySet);
  });

  it('the parent confirms with an OTP on the number the minor named; their own or another number is refused', async () => {
    const minor = await buildUser(db, config, { name: 'Kabir', dateOfBirth: bornYearsAgo(16) });
    const own = await app.request<ErrorBody>('POST', '/api/consent/request', {
      token: minor.token,
      body: { parentPhone: minor.phone },
    });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ message: MESSAGES.parentPhoneIsChild, field: 'parentPhone' });

    const parentPhone = randomPhone();
    const link = await askConsent(minor, parentPhone);
    const page = await app.request<Record<string, unknown>>('GET', `/api/consent/link/${link}`);
    expect(page.body).toEqual({
      childName: 'Kabir',
      parentPhoneMasked: `••••••${parentPhone.slice(-4)}`,
      monthlyCapPaise: 500_00,
      state: 'pending',
    });
    const stranger = await confirmAs(link, randomPhone());
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(MESSAGES.consentPhoneMismatch);

    const before = await scrapeMetrics(app.url);
    const confirmed = await confirmAs(link, parentPhone);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(MESSAGES.consentGiven);
    const after = await scrapeMetrics(app.url);
    const given = { event: 'given' };
    expect(sampleOf(after, 'shabaash_parental_consents_total', given)).toBe(
      sampleOf(before, 'shabaash_parental_consents_total', given) + 1,
    );
    expect((await app.request<ConsentBody>('GET', `/api/consent/link/${link}`)).body.state).toBe('given');

    // Kept: the keyed hash and the masked form, never the number; the audit log has the event, not the phone.
    const row = await db('parental_consents').where({ user_id: minor.id }).first();
    expect(JSON.stringify(row)).not.toContain(parentPhone);
    expect(row.parent_phone_masked).toBe(`••••••${parentPhone.slice(-4)}`);
    const audit = await db('operator_audit').where({ target_kind: 'user', target_id: minor.id });
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['consent.give']);
    expect(JSON.stringify(audit)).not.toContain(parentPhone.slice(-4));
  });

  it("a consenting minor's tips are capped at ₹500 a calendar month (IST), and the refusal names what is left", async () => {
    const creator = await buildCreator(db, config);
    const { minor } = await consentingMinor();
    expect((await tip(minor, creator.handle, 300)).status).toBe(200);
    const over = await tip(minor, creator.handle, 250);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: 'MINOR_MONTHLY_CAP',
      message: 'That is over your monthly limit. You can tip ₹200.00 more this month.',
    });
    // A guest tip while signed in counts against the same ₹500.
    const order = await guestOrder(creator.handle, 150, minor.token);
    expect(order.status).toBe(200);
    const rest = await guestOrder(creator.handle, 51, minor.token);
    expect(rest.body.message).toBe('That is over your monthly limit. You can tip ₹50.00 more this month.');
    expect((await tip(minor, creator.handle, 50)).status).toBe(200);
    // Last month's tips (before 00:00 IST on the 1st) do not count in this month.
    await db('tips')
      .where({ sender_id: minor.id })
      .update({ created_at: new Date(istMonthStart(new Date()).getTime() - 1000) });
    await db('payment_orders')
      .where({ user_id: minor.id })
      .update({ created_at: new Date(istMonthStart(new Date()).getTime() - 1000) });
    expect((await tip(minor, creator.handle, 500)).status).toBe(200);
  });

  it("a consenting minor's top-ups are capped at ₹500 a month, apart from tips", async () => {
    const { minor } = await consentingMinor();
    expect((await topUp(minor, 400)).status).toBe(200);
    const over = await topUp(minor, 101);
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('That is over your monthly limit. You can add ₹100.00 more this month.');
    expect((await topUp(minor, 100)).status).toBe(200);
  });

  it('a withdrawn consent stops the very next payment, and the operator sees it without the number', async () => {
    const creator = await buildCreator(db, config);
    const { minor, withdrawToken } = await consentingMinor();
    expect((await tip(minor, creator.handle, 10)).status).toBe(200);
    const withdrawn = await app.request<{ message: string }>(
      'POST',
      `/api/consent/withdraw/${withdrawToken}`,
    );
    expect(withdrawn.body.message).toBe(MESSAGES.consentWithdrawn);
    const refused = await tip(minor, creator.handle, 10);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PARENTAL_CONSENT_REQUIRED');
    expect((await app.request('POST', `/api/consent/withdraw/${withdrawToken}`)).status).toBe(404);

    const operator = await buildOperator(db, config);
    const person = await app.request<{ person: Record<string, unknown> }>(
      'GET',
      `/api/ops/users/${minor.id}`,
      {
        token: operator.token,
      },
    );
    expect(person.body.person.consent).toMatchObject({ state: 'withdrawn' });
    const audit = await db('operator_audit').where({ target_id: minor.id }).orderBy('id');
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['consent.give', 'consent.withdraw']);
  });

  it('the data export holds the date of birth and the consent with the parent masked; deletion erases both', async () => {
    const { minor } = await consentingMinor();
    const exported = await app.request<{ ageAndConsent: Record<string, unknown> }>(
      'GET',
      '/api/users/me/export',
      {
        token: minor.token,
      },
    );
    expect(exported.body.ageAndConsent).toMatchObject({
      dateOfBirth: bornYearsAgo(16),
      parentalConsent: { parentPhoneMasked: expect.stringMatching(/^••••••\d{4}$/), withdrawnAt: null },
    });
    const res = await app.request('DELETE', '/api/users/me', {
      token: minor.token,
      body: { confirm: true, balancePaise: 1_000_00 },
    });
    expect(res.status).toBe(200);
    expect(await db('parental_consents').where({ user_id: minor.id }).first()).toBeUndefined();
    const user = await db('users').where({ id: minor.id }).first<{ date_of_birth: unknown }>('date_of_birth');
    expect(user?.date_of_birth).toBeNull();
  });
});
