// The operator console's disputes and payouts endpoints for readers (spread into API_REFERENCE; zod-free too).
import type { ReferenceEntry } from './apiReference.ts';

type OpsName =
  'opsDisputes' | 'opsDispute' | 'opsPayouts' | 'opsTransferRetry' | 'opsPayoutsHold' | 'opsPayoutsRelease';

export const OPS_DISPUTES_PAYOUTS_REFERENCE: { [K in OpsName]: ReferenceEntry<K> } = {
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
};
