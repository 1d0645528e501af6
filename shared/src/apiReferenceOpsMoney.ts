// Zod-free, like apiReference.ts: the operator console's money endpoints, one line each for readers.
import type { ReferenceEntry } from './apiReference.ts';

type OpsMoney = 'opsMoney' | 'opsReconciliation' | 'opsReconciliationRun' | 'opsReconciliationResolve';

export const OPS_MONEY_REFERENCE: { [K in OpsMoney]: ReferenceEntry<K> } = {
  opsMoney: {
    method: 'GET',
    path: '/ops/money',
    auth: 'operator',
    summary:
      "Money overview from the ledger: wallet liability, creators' earnings by state, platform fees and GST, tip volume by IST day.",
  },
  opsReconciliation: {
    method: 'GET',
    path: '/ops/reconciliation',
    auth: 'operator',
    summary:
      'Daily reconciliation with Razorpay: recent runs and the open differences with both sides’ records.',
  },
  opsReconciliationRun: {
    method: 'POST',
    path: '/ops/reconciliation/run',
    auth: 'operator',
    summary: 'Reconciles one IST day (yesterday by default) now; audited.',
  },
  opsReconciliationResolve: {
    method: 'POST',
    path: '/ops/reconciliation/differences/:id/resolve',
    auth: 'operator',
    summary: 'Marks an open reconciliation difference resolved, with a reason; audited.',
  },
};
