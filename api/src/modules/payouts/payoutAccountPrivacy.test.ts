import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES, payoutOnboardingInputSchema } from '@shabaash/shared';
import { buildCreator, type BuiltCreator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { ONBOARDING, PAYOUTS_AT_ONCE, onboardCreator } from '../../../test/payouts.ts';
import { createLogger } from '../../logger.ts';
import { purgeErasedLinkedAccounts } from './linkedAccounts.repository.ts';
import { onboard } from './payouts.service.ts';
import { payoutRecordsCutoff } from './retention.ts';

const { app, sim } = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { db, config } = app.deps;

const email = () => `creator-${randomUUID()}@example.com`;
const accountOf = (creatorId: string) => db('linked_accounts').where({ creator_id: creatorId }).first();

/** A creator whose payout account Razorpay activated, and that account's Razorpay id. */
async function onboarded(): Promise<{ creator: BuiltCreator; accountId: string; email: string }> {
  const creator = await buildCreator(db, config);
  const address = email();
  await onboardCreator(app, sim, creator.token, address);
  const row = await accountOf(creator.id);
  expect(row.status).toBe('activated');
  return { creator, accountId: row.account_id, email: address };
}

async function deleteAccount(creator: BuiltCreator) {
  const res = await app.request('DELETE', '/api/users/me', {
    token: creator.token,
    body: { confirm: true, balancePaise: 0 },
  });
  expect(res.status).toBe(200);
}

/** A payout Razorpay processed for this account at `processedAt`. */
async function paidOut(creatorId: string, accountId: string, processedAt: Date) {
  await db('payout_transfers').insert({
    creator_id: creatorId,
    idempotency_key: `test-${randomUUID()}`,
    kind: 'direct',
    account_id: accountId,
    amount_paise: 10_000,
    status: 'processed',
    created_at: processedAt,
    processed_at: processedAt,
  });
}

describe('payout onboarding never tells a creator about another creator’s payout account', () => {
  it('an email another creator’s payout account uses is refused with a neutral message that names no account', async () => {
    const other = await onboarded();
    const creator = await buildCreator(db, config);
    const res = await app.request<{ message: string; field?: string }>(
      'POST',
      '/api/creator/payouts/onboarding',
      {
        token: creator.token,
        body: { ...ONBOARDING, email: other.email },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: PAYOUT_MESSAGES.contactRefused, field: 'email' });
    expect(JSON.stringify(res.body)).not.toContain(other.accountId.slice(4));
    expect(await accountOf(creator.id)).toBeUndefined();
  });

  it('the log of that refusal holds neither the email nor the other account’s id', async () => {
    const other = await onboarded();
    const creator = await buildCreator(db, config);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const deps = { ...app.deps, logger: createLogger('info', sink) };
    const input = payoutOnboardingInputSchema.parse({ ...ONBOARDING, email: other.email });
    await expect(onboard(deps, creator.id, input)).rejects.toMatchObject({
      message: PAYOUT_MESSAGES.contactRefused,
    });
    const log = lines.join('');
    expect(log).toContain('Razorpay refused the contact details');
    expect(log).not.toContain(other.email);
    expect(log).not.toContain(other.accountId.slice(4));
  });
});

describe('a creator’s payout account in “Download my data” and after deletion', () => {
  it('the data export holds the payout account’s legal name, bank, IFSC and last 4 digits, never the PAN or full number', async () => {
    const { creator, accountId } = await onboarded();
    const res = await app.request<{ payoutAccount: Record<string, unknown> | null }>(
      'GET',
      '/api/users/me/export',
      { token: creator.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.payoutAccount).toMatchObject({
      legalName: ONBOARDING.legalName,
      bankName: 'HDFC Bank',
      ifsc: ONBOARDING.ifsc,
      accountLast4: ONBOARDING.accountNumber.slice(-4),
      status: 'activated',
      razorpayAccountId: accountId,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(ONBOARDING.accountNumber);
    expect(text).not.toContain(ONBOARDING.pan);
  });

  it('deleting the account keeps only the tax record: legal name, bank name and Razorpay’s account id', async () => {
    const { creator, accountId } = await onboarded();
    await paidOut(creator.id, accountId, new Date());
    await deleteAccount(creator);
    const row = await accountOf(creator.id);
    expect(row).toMatchObject({
      legal_name: ONBOARDING.legalName,
      bank_name: 'HDFC Bank',
      account_id: accountId,
      ifsc: null,
      account_last4: null,
      stakeholder_id: null,
      clarification_reasons: [],
    });
    expect(row.erased_at).toBeInstanceOf(Date);
  });

  it('the tax record goes once 8 financial years have passed since the last payout, and not before', async () => {
    const { creator, accountId } = await onboarded();
    await paidOut(creator.id, accountId, new Date('2019-03-15T06:00:00Z')); // FY 2018-19, kept to 31 March 2027
    await deleteAccount(creator);
    const live = await onboarded(); // never deleted, never paid: kept whatever the date

    await purgeErasedLinkedAccounts(db, payoutRecordsCutoff(new Date('2027-03-31T18:00:00Z'))); // 31 March, IST
    expect(await accountOf(creator.id)).toBeDefined();
    // The PAN is part of that tax record (Form 26Q / 16A of the payouts made): kept after deletion, then purged.
    expect(await db('payout_tax_ids').where({ creator_id: creator.id, pan: ONBOARDING.pan })).toHaveLength(1);
    await purgeErasedLinkedAccounts(db, payoutRecordsCutoff(new Date('2027-04-01T00:00:00Z'))); // 1 April, IST
    expect(await accountOf(creator.id)).toBeUndefined();
    expect(await db('payout_tax_ids').where({ creator_id: creator.id })).toHaveLength(0);
    expect(await accountOf(live.creator.id)).toBeDefined();
    // The payouts themselves stay in the ledger.
    expect(await db('payout_transfers').where({ creator_id: creator.id })).toHaveLength(1);
  });

  it('a deleted creator who was never paid out keeps no payout account at all', async () => {
    const { creator } = await onboarded();
    await deleteAccount(creator);
    await purgeErasedLinkedAccounts(db, payoutRecordsCutoff(new Date()));
    expect(await accountOf(creator.id)).toBeUndefined();
    expect(await db('payout_tax_ids').where({ creator_id: creator.id })).toHaveLength(0);
  });
});

describe('payout records cutoff (Indian financial years, IST)', () => {
  it('is 1 April IST eight financial years before the one in progress', () => {
    expect(payoutRecordsCutoff(new Date('2026-11-27T12:00:00Z')).toISOString()).toBe(
      '2018-03-31T18:30:00.000Z',
    );
    expect(payoutRecordsCutoff(new Date('2027-03-31T18:29:59Z')).toISOString()).toBe(
      '2018-03-31T18:30:00.000Z',
    );
    expect(payoutRecordsCutoff(new Date('2027-03-31T18:30:00Z')).toISOString()).toBe(
      '2019-03-31T18:30:00.000Z',
    );
  });
});
