import { describe, expect, it } from 'vitest';
import { buildCreator, buildOperator } from '../../../test/factories.ts';
import { sampleOf, scrapeMetrics } from '../../../test/metrics.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { ONBOARDING, TDS_AT_TEST_RATES, guestTip, onboardCreator } from '../../../test/payouts.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';
import { financialYearOf, fyQuarterOf } from '../payouts/tds.ts';

const { app, sim } = await createPaymentsTestApp(TDS_AT_TEST_RATES);
const { db, config } = app.deps;
const now = new Date();
const quarter = `fy=${financialYearOf(now)}&quarter=${fyQuarterOf(now)}`;
const fyLabel = `${financialYearOf(now)}-${String((financialYearOf(now) + 1) % 100).padStart(2, '0')}`;

/** A creator paid ₹400 through a guest tip: 5% of ₹400 = ₹20 withheld. */
async function paidCreator(opts: { pan?: boolean } = {}) {
  const creator = await buildCreator(db, config);
  await onboardCreator(app, sim, creator.token, `tds-export-${creator.handle}@example.com`);
  if (opts.pan === false) await db('payout_tax_ids').where({ creator_id: creator.id }).delete();
  await guestTip(app, sim, creator.handle, 400);
  await db('creator_earnings').where({ creator_id: creator.id }).update({ last_batch_on: null });
  await runPayoutCycle(app.deps, { forceStarter: true });
  await sim.idle();
  return creator;
}

const get = (path: string, token: string) =>
  fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

/** The CSV's cells, line by line (quotes removed). */
const cells = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('194-O exports for the operator', () => {
  it('exports the quarter’s deductions in Form 26Q’s columns, with the PAN, audited and counted', async () => {
    const creator = await paidCreator();
    const noPan = await paidCreator({ pan: false });
    const operator = await buildOperator(db, config);
    const before = sampleOf(await scrapeMetrics(app.url), 'shabaash_tds_exports_total', { form: '26Q' });
    const res = await get(`/ops/tds/26q.csv?${quarter}`, operator.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = cells(await res.text());
    expect(rows[0]?.slice(0, 9)).toEqual([
      'Sr. No.',
      'Deductee reference no. (413)',
      'Deductee code (414)',
      'PAN of the deductee (415)',
      'Name of the deductee (416)',
      'Section code',
      'Date of payment/credit (418)',
      'Amount paid/credited (419)',
      'TDS (421)',
    ]);
    const mine = rows.find((r) => r[1] === creator.handle);
    // Individual with a PAN, year ₹400 > ₹300: 5% of ₹400 = ₹20.
    expect(mine?.slice(2, 16)).toEqual([
      '02',
      ONBOARDING.pan,
      ONBOARDING.legalName,
      '194O',
      mine?.[6],
      '400.00',
      '20.00',
      '0.00',
      '0.00',
      '20.00',
      '',
      mine?.[6],
      '5.0000',
      '',
    ]);
    expect(mine?.[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // No PAN: 20% of ₹400 = ₹80, remark C (higher rate for want of a PAN).
    const theirs = rows.find((r) => r[1] === noPan.handle);
    expect([theirs?.[3], theirs?.[8], theirs?.[14], theirs?.[15]]).toEqual([
      'PANNOTAVBL',
      '80.00',
      '20.0000',
      'C',
    ]);
    const audit = await db('operator_audit')
      .where({ operator_id: operator.id, action: 'tds.export_26q' })
      .first<{ target_id: string }>();
    expect(audit?.target_id).toBe(`${fyLabel}-Q${fyQuarterOf(now)}`);
    const after = sampleOf(await scrapeMetrics(app.url), 'shabaash_tds_exports_total', { form: '26Q' });
    expect(after - before).toBe(1);
  });

  it('a creator’s Form 16A data sheet for the quarter, audited; neither export is open to anyone but an operator', async () => {
    const creator = await paidCreator();
    const operator = await buildOperator(db, config);
    const res = await get(`/ops/tds/16a.csv?${quarter}&creator=${creator.id}`, operator.token);
    expect(res.status).toBe(200);
    const rows = cells(await res.text());
    expect(rows).toContainEqual(['PAN of the deductee', ONBOARDING.pan]);
    expect(rows).toContainEqual(['Amount paid/credited', '400.00']);
    expect(rows).toContainEqual(['Tax deducted', '20.00']);
    expect(rows).toContainEqual(['Financial year', fyLabel]);
    expect(
      await db('operator_audit').where({
        operator_id: operator.id,
        action: 'tds.export_16a',
        target_id: creator.id,
      }),
    ).toHaveLength(1);
    expect((await get(`/ops/tds/16a.csv?${quarter}&creator=${creator.id}`, creator.token)).status).toBe(403);
    expect((await get(`/ops/tds/26q.csv?${quarter}`, creator.token)).status).toBe(403);
    expect((await get(`/ops/tds/26q.csv?fy=2026&quarter=5`, operator.token)).status).toBe(400);
    // The creator's own payouts API never shows the PAN.
    const mine = await app.request('GET', '/api/creator/payouts', { token: creator.token });
    expect(JSON.stringify(mine.body)).not.toContain(ONBOARDING.pan);
  });
});
