import { MESSAGES, rupeesToPaise, type PaymentOrder } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest, unauthenticated } from '../../http/errors.ts';
import { assertMayPay } from '../consent/consent.service.ts';
import { creatorSuspended, resolveCreator } from '../creators/creators.repository.ts';
import { isGuestPayerBlocked, isViewerRefused } from '../safety/safety.repository.ts';
import {
  assertTipAmount,
  blockedSenderRefusal,
  contentRefusal,
  getSafety,
} from '../safety/safety.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { phonePayerKey } from './guestPayers.ts';
import { checkoutTotalPaise } from './guestOrders.ts';
import { openPaymentOrder } from './payments.service.ts';

export interface ViewerTipInput {
  amount: number;
  message: string;
  creator?: string | undefined;
  /** The viewer adds the platform fee so that the creator nets `amount` (as on the guest form). */
  coverFees?: boolean | undefined;
}

/**
 * A signed-in viewer's tip paid at once through Razorpay Checkout (the tip of WALLET_MODE=off): the checks a wallet
 * tip makes (creator deleted 410 or suspended 403, own channel, amount, a sender the creator blocked by account or
 * phone, a banned account, the creator's minimum and message rules), then a `guest_tip` order that carries the
 * viewer's id. The captured payment lands it as a guest tip lands (applyPaymentReport), with the viewer as its
 * sender: their name on air, their history, their masked phone for the creator. Nothing is charged here.
 */
export async function createViewerTipOrder(
  deps: AppDeps,
  userId: string,
  input: ViewerTipInput,
): Promise<PaymentOrder> {
  const viewer = await findUserById(deps.db, userId);
  if (!viewer) throw unauthenticated();
  const creator = await resolveCreator(deps.db, deps.config, input.creator);
  if (creator.suspendedAt) throw creatorSuspended();
  if (creator.userId === userId) throw badRequest(MESSAGES.ownChannelTip, 'creator');
  const intendedPaise = rupeesToPaise(input.amount);
  const amountPaise = checkoutTotalPaise(creator, intendedPaise, input.coverFees);
  assertTipAmount(deps.config, amountPaise);
  const phoneKey = phonePayerKey(deps.config.payerHashSecret, viewer.phone);
  if (
    (await isViewerRefused(deps.db, creator.userId, userId)) ||
    (phoneKey !== null && (await isGuestPayerBlocked(deps.db, creator.userId, [phoneKey])))
  )
    throw blockedSenderRefusal();
  const refusal = contentRefusal(await getSafety(deps.db, creator.userId), {
    message: input.message,
    // The creator's minimum applies to what they receive, not to the fee added on top.
    amountPaise: intendedPaise,
  });
  if (refusal) throw refusal;
  // The age rule, as for a wallet tip: a minor pays only with a parent's consent, within the month's cap (the
  // order carries the viewer's id, so the cap counts it while it is open).
  await assertMayPay(deps, userId, amountPaise, 'tip');
  return openPaymentOrder(deps, {
    purpose: 'guest_tip',
    amountPaise,
    userId,
    creator,
    message: input.message,
    feesCovered: input.coverFees === true,
  });
}
