import type { AppDeps } from '../../deps.ts';
import type { CsvValue } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import { countTdsExport } from '../../metrics/tdsExports.ts';
import { fyQuarterBounds } from '../payouts/tds.ts';
import { findCreatorByUserId } from '../creators/creators.repository.ts';
import { recordOperatorAction } from './audit.ts';
import { tdsDeductionsBetween, type TdsExportRow } from './tds.repository.ts';

/**
 * The operator's 194-O exports: a quarter's deductions in the columns of Form 26Q's deductee annexure, and one
 * creator's Form 16A data for a quarter. Each is an audited operator action (the rows are read in the audit
 * row's transaction) and counted (`shabaash_tds_exports_total`). They carry the deductee's whole PAN, which no
 * other output of the API does.
 */

type Quarter = 1 | 2 | 3 | 4;
export interface TdsQuarter {
  fy: number;
  quarter: Quarter;
}

/** The section code of 194-O in the TDS statement. */
const SECTION = '194O';
/** What Form 26Q asks in place of a PAN the deductee never furnished. */
const NO_PAN = 'PANNOTAVBL';
const QUARTER_MONTHS = ['April–June', 'July–September', 'October–December', 'January–March'] as const;

const rupees = (paise: number) => (Number(paise) / 100).toFixed(2);
const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** dd/mm/yyyy in IST, as the TDS statement writes dates. */
const istDate = (d: Date) => DATE.format(d);
/** The rate as a percentage with 4 decimals (10 basis points → `0.1000`), as the statement's rate column. */
const ratePercent = (basisPoints: number) => (basisPoints / 100).toFixed(4);
const fyLabel = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;

/** 01 for a company (the PAN's 4th letter `C`), 02 for every other deductee. */
const deducteeCode = (pan: string | null) => (pan?.[3] === 'C' ? '01' : '02');

/**
 * Remarks (column 428): `C` a higher rate for want of a PAN; `Y` nothing deducted, the year's gross being within
 * the exemption; a give-back (negative) adjusts an earlier deduction of the year after a refund.
 */
function remarkOf(r: TdsExportRow): string {
  if (r.pan_kind === 'none') return 'C';
  if (Number(r.tds_paise) === 0) return 'Y';
  return '';
}

function referenceOf(r: TdsExportRow): string {
  if (r.reversal_id) return `refund/dispute adjustment ${r.reversal_id}`;
  if (Number(r.tds_paise) < 0)
    return `payout ${r.razorpay_transfer_id ?? r.transfer_id} (gives back an earlier excess)`;
  return `payout ${r.razorpay_transfer_id ?? r.transfer_id}`;
}

export const FORM_26Q_HEADER = [
  'Sr. No.',
  'Deductee reference no. (413)',
  'Deductee code (414)',
  'PAN of the deductee (415)',
  'Name of the deductee (416)',
  'Section code',
  'Date of payment/credit (418)',
  'Amount paid/credited (419)',
  'TDS (421)',
  'Surcharge (422)',
  'Health and education cess (423)',
  'Total tax deducted (424)',
  'Total tax deposited (425)',
  'Date of deduction (426)',
  'Rate at which deducted (427)',
  'Reason for non-deduction / lower / higher deduction (428)',
  'Challan serial no.',
  'BSR code',
  'Date of deposit',
  'Shabaash reference',
] as const;

/** A quarter's deductions as the rows of Form 26Q's deductee annexure (the deposit columns the operator fills). */
export function form26qRows(rows: TdsExportRow[]): CsvValue[][] {
  return [
    [...FORM_26Q_HEADER],
    ...rows.map((r, i) => [
      i + 1,
      r.handle ?? r.creator_id,
      deducteeCode(r.pan),
      r.pan ?? NO_PAN,
      r.legal_name,
      SECTION,
      istDate(r.created_at),
      rupees(r.gross_paise),
      rupees(r.tds_paise),
      '0.00',
      '0.00',
      rupees(r.tds_paise),
      null,
      istDate(r.created_at),
      ratePercent(r.rate_basis_points),
      remarkOf(r),
      null,
      null,
      null,
      referenceOf(r),
    ]),
  ];
}

/** One creator's quarter as a Form 16A data sheet: the certificate's particulars, then each payment. */
export function form16aRows(
  q: TdsQuarter,
  rows: TdsExportRow[],
  deductee: { name: string | null; pan: string | null },
) {
  const paid = rows.reduce((s, r) => s + Number(r.gross_paise), 0);
  const tds = rows.reduce((s, r) => s + Number(r.tds_paise), 0);
  return [
    ['Form 16A data sheet', `section ${SECTION}`],
    ['Financial year', fyLabel(q.fy)],
    ['Assessment year', fyLabel(q.fy + 1)],
    ['Quarter', `Q${q.quarter} (${QUARTER_MONTHS[q.quarter - 1]})`],
    ['Name of the deductee', deductee.name],
    ['PAN of the deductee', deductee.pan ?? NO_PAN],
    ['Nature of payment', 'Sales or services facilitated by an e-commerce operator (tips through Shabaash)'],
    ['Amount paid/credited', rupees(paid)],
    ['Tax deducted', rupees(tds)],
    ['Deductor, TAN, challan and BSR code', 'From the deductor’s deposit records (not held by Shabaash)'],
    [],
    ['Date of payment/credit', 'Amount paid/credited', 'Date of deduction', 'Rate (%)', 'TDS', 'Reference'],
    ...rows.map((r) => [
      istDate(r.created_at),
      rupees(r.gross_paise),
      istDate(r.created_at),
      ratePercent(r.rate_basis_points),
      rupees(r.tds_paise),
      referenceOf(r),
    ]),
  ] satisfies CsvValue[][];
}

/** The 26Q export of a quarter, audited as `tds.export_26q` and counted. */
export async function export26q(deps: AppDeps, operatorId: string, q: TdsQuarter) {
  const rows = await deps.db.transaction(async (tx) => {
    const found = await tdsDeductionsBetween(tx, fyQuarterBounds(q.fy, q.quarter));
    await recordOperatorAction(tx, {
      operatorId,
      action: 'tds.export_26q',
      targetKind: 'tds_quarter',
      targetId: `${fyLabel(q.fy)}-Q${q.quarter}`,
      before: null,
      after: { rows: found.length, tdsPaise: found.reduce((s, r) => s + Number(r.tds_paise), 0) },
      reason: null,
    });
    return found;
  });
  countTdsExport('26Q');
  return { filename: `shabaash-26q-${fyLabel(q.fy)}-q${q.quarter}.csv`, rows: form26qRows(rows) };
}

/** One creator's 16A data sheet for a quarter, audited as `tds.export_16a` and counted. */
export async function export16a(deps: AppDeps, operatorId: string, q: TdsQuarter & { creatorId: string }) {
  const rows = await deps.db.transaction(async (tx) => {
    if (!(await findCreatorByUserId(tx, q.creatorId))) throw notFound('Creator');
    const found = await tdsDeductionsBetween(tx, {
      ...fyQuarterBounds(q.fy, q.quarter),
      creatorId: q.creatorId,
    });
    await recordOperatorAction(tx, {
      operatorId,
      action: 'tds.export_16a',
      targetKind: 'creator',
      targetId: q.creatorId,
      before: null,
      after: { quarter: `${fyLabel(q.fy)}-Q${q.quarter}`, rows: found.length },
      reason: null,
    });
    return found;
  });
  countTdsExport('16A');
  const first = rows[0];
  return {
    filename: `shabaash-16a-${fyLabel(q.fy)}-q${q.quarter}-${q.creatorId.slice(0, 8)}.csv`,
    rows: form16aRows(q, rows, { name: first?.legal_name ?? null, pan: first?.pan ?? null }),
  };
}
