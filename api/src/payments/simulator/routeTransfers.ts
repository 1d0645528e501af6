import { badRequestError, unixNow, type RazorpayErrorBody } from './entities.ts';
import {
  err,
  notesOf,
  ok,
  rid,
  str,
  type RouteAnswer,
  type SimLinkedAccount,
  type SimTransfer,
} from './routeEntities.ts';

/** A pending transfer to an activated linked account, or Razorpay's error for a bad account, amount or currency. */
export function newTransfer(
  accounts: ReadonlyMap<string, SimLinkedAccount>,
  source: string,
  t: Record<string, unknown>,
): SimTransfer | RazorpayErrorBody {
  const account = accounts.get(str(t.account));
  if (!account) return badRequestError('The id provided does not exist', 'account');
  if (account.status !== 'activated')
    return badRequestError('Transfer cannot be processed as the linked account is not activated', 'account');
  if (typeof t.amount !== 'number' || !Number.isInteger(t.amount) || t.amount < 100)
    return badRequestError('The amount must be at least INR 1.00.', 'amount');
  if (t.currency !== 'INR') return badRequestError('The currency field is required.', 'currency');
  const id = rid('trf');
  return {
    id,
    entity: 'transfer',
    status: 'pending',
    source,
    recipient: account.id,
    amount: t.amount,
    currency: 'INR',
    amount_reversed: 0,
    fees: Math.round(t.amount * 0.0025),
    tax: Math.round((Math.round(t.amount * 0.0025) * 18) / 118),
    notes: notesOf(t.notes),
    linked_account_notes: [],
    on_hold: t.on_hold === true || t.on_hold === 1,
    on_hold_until: null,
    settlement_status: null,
    recipient_settlement_id: null,
    created_at: unixNow(),
    processed_at: null,
    error: {
      code: null,
      description: null,
      reason: null,
      field: null,
      step: null,
      id,
      source: null,
      metadata: null,
    },
  };
}

/** Reverses all or `body.amount` of a processed transfer, as `POST /v1/transfers/:id/reversals` does. */
export function reverseTransfer(
  t: SimTransfer | undefined,
  body: Record<string, unknown>,
): NonNullable<RouteAnswer> {
  if (!t) return err('The id provided does not exist');
  if (t.status !== 'processed' && t.status !== 'partially_reversed')
    return err('Reversal is not allowed for a transfer that is not processed', 'transfer_id');
  const amount = body.amount === undefined ? t.amount - t.amount_reversed : body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
    return err('The amount must be an integer.', 'amount');
  if (amount > t.amount - t.amount_reversed)
    return err('The reversal amount provided is greater than amount not reversed', 'amount');
  t.amount_reversed += amount;
  t.status = t.amount_reversed === t.amount ? 'reversed' : 'partially_reversed';
  return ok({
    id: rid('rvrsl'),
    entity: 'reversal',
    transfer_id: t.id,
    amount,
    fee: 0,
    tax: 0,
    currency: 'INR',
    notes: notesOf(body.notes),
    initiator_id: t.recipient,
    customer_refund_id: null,
    created_at: unixNow(),
  });
}

/**
 * Holds or releases a transfer's settlement to the linked account, as `PATCH /v1/transfers/:id` (Modify Settlement
 * Hold) does: `on_hold` (true/false or 1/0) is required, `on_hold_until` (unix seconds) optional; the answer is the
 * transfer entity with `settlement_status` `on_hold` while held. Razorpay documents no wording for holding a
 * transfer already settled to the bank; the simulator refuses it as a bad request (there is nothing left to hold).
 */
export function editTransferHold(
  t: SimTransfer | undefined,
  body: Record<string, unknown>,
): NonNullable<RouteAnswer> {
  if (!t) return err('The id provided does not exist');
  const flag = body.on_hold;
  if (flag !== true && flag !== false && flag !== 1 && flag !== 0 && flag !== '1' && flag !== '0')
    return err('The on hold field is required.', 'on_hold');
  const until = body.on_hold_until;
  if (until !== undefined && until !== null && !Number.isInteger(Number(until)))
    return err('The on hold until must be an integer.', 'on_hold_until');
  if (t.status === 'failed') return err('Transfer is not in a valid state to modify settlement hold', 'id');
  if (t.settlement_status === 'settled') return err('Settlement for the transfer is already processed', 'id');
  const hold = flag === true || flag === 1 || flag === '1';
  t.on_hold = hold;
  t.on_hold_until = hold && until !== undefined && until !== null ? Number(until) : null;
  if (t.status !== 'pending') t.settlement_status = hold ? 'on_hold' : 'pending';
  return ok(t);
}
