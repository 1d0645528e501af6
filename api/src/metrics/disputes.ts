import { countOpenDisputes } from '../modules/payouts/disputes.repository.ts';
import { registerDbGauge } from './registry.ts';

registerDbGauge(
  'shabaash_disputes_open',
  'Razorpay disputes (chargebacks) not yet decided: each holds a creator earning and has an evidence deadline (/ops, Disputes).',
  [],
  countOpenDisputes,
);
