import { randomInt } from 'node:crypto';
import { unixNow } from './entities.ts';
import {
  rid,
  type RouteAnswer,
  type RouteContext,
  type SimSettlement,
  type SimTransfer,
} from './routeEntities.ts';
import { editTransferHold } from './routeTransfers.ts';

/**
 * Route's settlements to linked accounts' banks: a processed transfer settles one step later (or waits for
 * `settleHeld` with the `holdSettlements` switch) unless its settlement is on hold (Modify Settlement Hold); a
 * release lets it settle again. Each settlement carries a UTR and sends settlement.processed.
 */
export function createRouteSettlements(ctx: RouteContext) {
  const settlements = new Map<string, SimSettlement>();
  const unsettled: SimTransfer[] = [];

  function settle(transfer: SimTransfer) {
    // A transfer on hold (Modify Settlement Hold) waits for its release; one settled stays settled.
    if (transfer.on_hold || transfer.settlement_status === 'settled') return;
    const settlement: SimSettlement = {
      id: rid('setl'),
      entity: 'settlement',
      amount: transfer.amount,
      status: 'processed',
      fees: 0,
      tax: 0,
      utr: String(randomInt(10 ** 11, 10 ** 12 - 1)),
      created_at: unixNow(),
    };
    settlements.set(settlement.id, settlement);
    transfer.recipient_settlement_id = settlement.id;
    transfer.settlement_status = 'settled';
    ctx.emit('settlement.processed', transfer.recipient, { settlement: { entity: settlement } });
  }

  /** A processed transfer not on hold settles after a step (or waits for `settleHeld` with `holdSettlements`). */
  function scheduleSettlement(transfer: SimTransfer) {
    if (transfer.on_hold) return;
    if (ctx.switches.holdSettlements) unsettled.push(transfer);
    else ctx.later(ctx.switches.routeStepMs, () => settle(transfer));
  }

  function editHold(
    transfer: SimTransfer | undefined,
    body: Record<string, unknown>,
  ): NonNullable<RouteAnswer> {
    const wasHeld = transfer?.on_hold === true;
    const answer = editTransferHold(transfer, body);
    if (answer.status === 200 && transfer && wasHeld && !transfer.on_hold && transfer.status !== 'pending')
      scheduleSettlement(transfer);
    return answer;
  }

  /** Settles every processed transfer held back by `holdSettlements` (those on hold stay). */
  function settleHeld() {
    for (const t of unsettled.splice(0)) settle(t);
  }

  return {
    settlements: settlements as ReadonlyMap<string, SimSettlement>,
    scheduleSettlement,
    editHold,
    settleHeld,
  };
}
