// Zod-free, part of the endpoint table (endpoints.ts spreads it): the operator console (/ops, every name starting with `ops`) and the PWA's reports to it. /developers leaves them out.
import type { EndpointFact } from './endpointFact.ts';

export const OPS_ROWS = {
  // the console: sign-in, find, tips and refunds, audit
  opsAudit: {
    method: 'GET',
    path: '/ops/audit',
    auth: 'operator',
    summary: "The operators' audit log, newest first (optionally one record's rows).",
  },
  opsLogin: { method: 'POST', path: '/ops/login', auth: 'public', summary: 'Sign-in with password + OTP.' },
  opsSearch: { method: 'GET', path: '/ops/search', auth: 'operator', summary: 'Find users and tips.' },
  opsTip: { method: 'GET', path: '/ops/tips/:id', auth: 'operator', summary: 'A tip, refunds, earning.' },
  opsRefundTip: {
    method: 'POST',
    path: '/ops/tips/:id/refund',
    auth: 'operator',
    summary:
      "Refunds a tip in full or in part with a reason (Idempotency-Key); withholds or reverses the creator's share once.",
  },
  // money and reconciliation
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
  // disputes and payouts
  opsDisputes: {
    method: 'GET',
    path: '/ops/disputes',
    auth: 'operator',
    summary:
      'Dispute cases: open first (nearest evidence deadline first), with the tip, creator and held earning.',
  },
  opsDispute: {
    method: 'GET',
    path: '/ops/disputes/:id',
    auth: 'operator',
    summary: 'One dispute case with the dispute webhooks received for its payment.',
  },
  opsPayouts: {
    method: 'GET',
    path: '/ops/payouts',
    auth: 'operator',
    summary: 'Failed and held transfers with the creator and reason, and creators whose payouts are on hold.',
  },
  opsTransferRetry: {
    method: 'POST',
    path: '/ops/payouts/transfers/:id/retry',
    auth: 'operator',
    summary:
      'Retries a failed transfer: sends its earnings again (once; a repeated call answers the same retry).',
  },
  opsPayoutsHold: {
    method: 'POST',
    path: '/ops/creators/:id/payouts/hold',
    auth: 'operator',
    summary: "Holds a creator's payouts (reason required): nothing is sent to them until released.",
  },
  opsPayoutsRelease: {
    method: 'POST',
    path: '/ops/creators/:id/payouts/release',
    auth: 'operator',
    summary: "Releases a creator's payouts (reason required): the next payout cycle pays what is due.",
  },
  // people, reports and leads
  opsPerson: {
    method: 'GET',
    path: '/ops/users/:id',
    auth: 'operator',
    summary: "A user's state for the operator: role, masked phone, suspension or ban and its reason.",
  },
  opsSuspendCreator: {
    method: 'POST',
    path: '/ops/creators/:id/suspend',
    auth: 'operator',
    summary: 'Suspend a creator (reason required): tips and orders refused, overlay dark, payouts held.',
  },
  opsUnsuspendCreator: {
    method: 'POST',
    path: '/ops/creators/:id/unsuspend',
    auth: 'operator',
    summary: 'Lift a suspension (reason required).',
  },
  opsBanUser: {
    method: 'POST',
    path: '/ops/users/:id/ban',
    auth: 'operator',
    summary:
      'Ban a viewer platform-wide (reason required): sessions and sockets end, sign-in and payments refused.',
  },
  opsUnbanUser: {
    method: 'POST',
    path: '/ops/users/:id/unban',
    auth: 'operator',
    summary: 'Lift a ban (reason required).',
  },
  opsReports: {
    method: 'GET',
    path: '/ops/reports',
    auth: 'operator',
    summary: 'Reports from viewers and creators, open first, with their context.',
  },
  opsCloseReport: {
    method: 'POST',
    path: '/ops/reports/:id/close',
    auth: 'operator',
    summary: 'Close a report with a note of what was done.',
  },
  opsLeads: {
    method: 'GET',
    path: '/ops/leads',
    auth: 'operator',
    summary: "The landing form's leads, phones masked.",
  },
  opsRevealLead: {
    method: 'POST',
    path: '/ops/leads/:id/reveal',
    auth: 'operator',
    summary: "One lead's full phone number to call back (reason required, audited).",
  },
  opsLeadContacted: {
    method: 'POST',
    path: '/ops/leads/:id/contacted',
    auth: 'operator',
    summary: 'Mark a lead as contacted.',
  },
  createReport: {
    method: 'POST',
    path: '/reports',
    auth: 'user',
    summary: 'Report a tip, a creator or a viewer to the operators.',
  },
} as const satisfies Record<string, EndpointFact>;
