import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { operatorPhone, operatorSignsIn } from './opsFlows.ts';
import { createCreator, getJson } from './flows.ts';

/** A guest tip paid through the sandbox checkout; returns Razorpay's payment id once the tip exists. */
async function paidGuestTip(baseUrl: string, creator: { handle: string; token: string }, amount: number) {
  const order = await fetch(`${baseUrl}/api/tips/guest/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount,
      message: 'ops journey',
      name: 'Ravi',
      creator: creator.handle,
      ageConfirmed: true,
    }),
  });
  expect(order.status).toBe(200);
  const { order: made } = (await order.json()) as { order: { id: string } };
  const paid = await fetch(`${baseUrl}/sandbox/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: made.id, outcome: 'success' }),
  });
  const body = (await paid.json()) as { razorpay_payment_id?: string };
  if (!body.razorpay_payment_id) throw new Error(`sandbox payment failed: ${JSON.stringify(body)}`);
  await expect
    .poll(
      async () => (await getJson<{ tips: unknown[] }>(baseUrl, '/creator/chats', creator.token)).tips.length,
    )
    .toBe(1);
  return body.razorpay_payment_id;
}

describe('operator console on a phone: sign in, find a guest tip, refund half, see the earning and the audit row', () => {
  const baseUrl = inject('baseUrl');
  const databaseUrl = inject('databaseUrl');
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ browser, page, errors } = await operatorPhone());
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('refunds half of a guest tip from /ops and shows the creator’s earning change and the audit row', async () => {
    const creator = await createCreator(baseUrl);
    const paymentId = await paidGuestTip(baseUrl, creator, 100);
    // 1. Sign in: an operator made by the real command, password, then the OTP texted to the phone.
    const { added } = await operatorSignsIn(page, { baseUrl, databaseUrl });
    expect(added).toContain('operator added');
    expect(new URL(page.url()).pathname).toBe('/ops/find');

    // 2. Find the tip by its payment id.
    await page.getByLabel('Search').fill(paymentId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('link', { name: `₹100.00 to @${creator.handle}` }).click();
    await page.getByText('Guest: Ravi').waitFor();
    const keptBefore = await page.getByTestId('ops-earning-kept').textContent();
    expect(keptBefore).toMatch(/^₹\d/);

    // 3. Refund half of it, with a reason.
    await page.getByRole('button', { name: 'Half' }).click();
    expect(await page.getByLabel(/Amount to refund/).inputValue()).toBe('50');
    await page.getByLabel(/Reason/).fill('Guest paid twice by mistake');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText('Refunded ₹50.00.').waitFor({ timeout: 20_000 });

    // 4. The creator's earning for the tip changes: half of their share is withheld.
    expect(await page.getByTestId('ops-tip-status').textContent()).toBe('Partly refunded');
    expect(await page.getByTestId('ops-tip-refunded').textContent()).toBe('₹50.00');
    const kept = (text: string | null) => Number((text ?? '').replace(/[₹,]/g, ''));
    const keptAfter = await page.getByTestId('ops-earning-kept').textContent();
    expect(kept(keptAfter)).toBeCloseTo(kept(keptBefore) / 2, 1);
    expect(kept(await page.getByTestId('ops-earning-reversed').textContent())).toBeGreaterThan(0);

    // 5. The audit row: who, what, which tip, why.
    await page.getByRole('link', { name: "See this tip's audit rows" }).click();
    const log = page.getByRole('list', { name: 'Audit log' });
    await log.getByText('tip.refund').waitFor();
    expect(await log.getByRole('listitem').count()).toBe(1);
    const row = await log.getByRole('listitem').first().textContent();
    expect(row).toContain('by Nisha Ops');
    expect(row).toContain('Why: Guest paid twice by mistake');
    expect(errors).toEqual([]);
  });
});
