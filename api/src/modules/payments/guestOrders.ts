import type { z } from 'zod';
import {
  coverFeesTotalPaise,
  rupeesToPaise,
  type guestOrderInputSchema,
  type PaymentOrder,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { assertMayPay } from '../consent/consent.service.ts';
import { creatorSuspended, type CreatorRecord } from '../creators/creators.repository.ts';
import { assertTipAmount, checkTip } from '../safety/safety.service.ts';
import type { SessionPrincipal } from '../sessions/sessions.service.ts';
import { payerTokenHash } from './guestPayers.ts';
import { openPaymentOrder } from './payments.service.ts';

type GuestOrderInput = z.infer<typeof guestOrderInputSchema>;

/**
 * Guest checkout: validated input in rupees → an order for the creator the request resolved to; a
 * suspended creator refuses it (403 CREATOR_SUSPENDED). With `coverFees` the amount is what the creator nets: the
 * order is for the smallest total that nets it at the creator's fee now, and the tip records the fee was covered.
 */
export async function createGuestOrder(
  deps: AppDeps,
  creator: CreatorRecord,
  input: Omit<GuestOrderInput, 'ageConfirmed'>,
  viewer: SessionPrincipal | null = null,
): Promise<PaymentOrder> {
  // A suspended creator takes no orders: refused before anything can be charged.
  if (creator.suspendedAt) throw creatorSuspended();
  const intendedPaise = rupeesToPaise(input.amount);
  const amountPaise = checkoutTotalPaise(creator, intendedPaise, input.coverFees);
  assertTipAmount(deps.config, amountPaise);
  // Signed in, the age rule applies as to a wallet tip; a minor's order carries their id, so the cap counts it.
  const capped = viewer ? (await assertMayPay(deps, viewer.userId, amountPaise, 'tip')).capped : false;
  const tokenHash = input.payerToken ? payerTokenHash(deps.config.payerHashSecret, input.payerToken) : null;
  // Refuse a blocked browser, message or name before any order exists, so nothing can be charged for it.
  await checkTip(deps.db, {
    creatorId: creator.userId,
    message: input.message,
    // The creator's minimum applies to what they receive, not to the fee added on top.
    amountPaise: intendedPaise,
    name: input.name,
    payerKeys: tokenHash ? [tokenHash] : [],
  });
  return openPaymentOrder(deps, {
    purpose: 'guest_tip',
    amountPaise,
    userId: capped && viewer ? viewer.userId : null,
    creator,
    guestName: input.name || null,
    message: input.message,
    payerTokenHash: tokenHash,
    feesCovered: input.coverFees === true,
  });
}

/**
 * What a checkout tip charges for `intendedPaise` (what the creator should receive): with `coverFees`, the smallest
 * total that nets it at the creator's platform fee now (never a total the client sent); else the amount itself.
 */
export function checkoutTotalPaise(
  creator: Pick<CreatorRecord, 'lifetimeGrossPaise'>,
  intendedPaise: number,
  coverFees: boolean | undefined,
): number {
  return coverFees
    ? coverFeesTotalPaise(intendedPaise, { lifetimeGrossPaise: creator.lifetimeGrossPaise })
    : intendedPaise;
}
