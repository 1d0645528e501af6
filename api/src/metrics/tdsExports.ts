import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** Which 194-O export an operator downloaded. */
export type TdsExportForm = '26Q' | '16A';

const tdsExports = new Counter({
  name: 'shabaash_tds_exports_total',
  help: 'Section 194-O exports operators downloaded: 26Q (a quarter of deductions) or 16A (one creator, one quarter). Each is also an audited operator action.',
  labelNames: ['form'] as const,
  registers: [registry],
});

/** Counts one export (after its audit row committed). */
export function countTdsExport(form: TdsExportForm): void {
  tdsExports.inc({ form });
}
