import type { z } from 'zod';
import { LIMITS, PAYOUT_MESSAGES, STATUS_TEXTS, type PayoutSummary } from '@shabaash/shared';
import type { payoutCorrectionInputSchema, payoutOnboardingInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import {
  findLinkedAccount,
  recordRouteProduct,
  saveLinkedAccount,
  setLinkedAccountStatus,
  updateLinkedBank,
  type LinkedAccountStatus,
} from './linkedAccounts.repository.ts';
import { presentSummary } from './payouts.presenter.ts';
import { payoutSummaryRows } from './summary.repository.ts';
import { savePan } from './tds.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { nextStarterBatch } from './batchSchedule.ts';

type OnboardingInput = z.output<typeof payoutOnboardingInputSchema>;
type CorrectionInput = z.output<typeof payoutCorrectionInputSchema>;

const BANKS: Record<string, string> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  YESB: 'Yes Bank',
  IDIB: 'Indian Bank',
  UBIN: 'Union Bank of India',
  IDFB: 'IDFC FIRST Bank',
  INDB: 'IndusInd Bank',
};
/** The bank's name from the first four letters of an IFSC (the only bank detail we keep besides the last 4 digits). */
export const bankNameOf = (ifsc: string) => BANKS[ifsc.slice(0, 4)] ?? `${ifsc.slice(0, 4)} bank`;

/**
 * Razorpay answers a taken email of a new linked account with the other merchant's account id ("Merchant email
 * already exists for account - …"). A refusal of the contact details therefore reaches the creator as one neutral
 * message that names no account and does not say whether one exists; the log keeps only the field, no email.
 */
function neutralContactRefusal(deps: Pick<AppDeps, 'logger'>, err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') return err;
  const isContact = err.field === 'email' || err.field === 'phone' || /already exists/i.test(err.message);
  if (!isContact) return err;
  deps.logger.warn({ field: err.field ?? null }, 'payout onboarding: Razorpay refused the contact details');
  return new AppError('VALIDATION_FAILED', PAYOUT_MESSAGES.contactRefused, 'email');
}

const routeStatus = (s: string): LinkedAccountStatus =>
  s === 'activated' || s === 'needs_clarification' || s === 'under_review' ? s : 'under_review';

/**
 * The creator's payouts page: onboarding, balances, plan, next payout and history, read in one statement with the
 * payouts space's version (summary.repository.ts), so the summary is exactly the state of the version it carries
 * (the realtime push relies on it).
 */
export async function getPayoutSummary(
  deps: Pick<AppDeps, 'db' | 'config'>,
  creatorId: string,
): Promise<PayoutSummary> {
  const { version, lifetimeGrossPaise, payoutsOnHold, account, balances, transfers, reversals } =
    await payoutSummaryRows(deps.db, creatorId);
  const plan = lifetimeGrossPaise > LIMITS.starterFreeTierPaise ? 'pro' : 'starter';
  const nextPayoutAt =
    account?.status !== 'activated' || !deps.config.PAYOUTS_ROUTE_ENABLED || payoutsOnHold
      ? null
      : plan === 'pro'
        ? new Date(Date.now() + 60_000)
        : nextStarterBatch(new Date(), deps.config.PAYOUT_BATCH_HOUR_IST, balances.last_batch_on);
  return presentSummary({
    routeEnabled: deps.config.PAYOUTS_ROUTE_ENABLED,
    account,
    balances,
    plan,
    nextPayoutAt,
    payoutsOnHold,
    transfers,
    reversals,
    version,
  });
}

/**
 * Opens the creator's Route linked account: the input is already validated (PAN, IFSC, account number) by the
 * shared schema, so nothing reaches Razorpay malformed. Account + stakeholder, then the route product with the
 * settlement account and terms. Only the ids, status, bank name and last 4 digits are stored with the account; the
 * PAN goes to its own table (`payout_tax_ids`), read only for the 194-O rate and the operator's 26Q / 16A export.
 */
export async function onboard(
  deps: AppDeps,
  creatorId: string,
  input: OnboardingInput,
): Promise<PayoutSummary> {
  if (!deps.config.PAYOUTS_ROUTE_ENABLED) throw badRequest(STATUS_TEXTS.payoutsOff);
  const existing = await findLinkedAccount(deps.db, creatorId);
  if (existing?.status === 'activated') throw conflict(PAYOUT_MESSAGES.alreadyActive);
  if (existing?.account_id && existing.product_id) throw conflict(STATUS_TEXTS.payoutUnderReview);
  const bank = {
    accountNumber: input.accountNumber,
    ifsc: input.ifsc,
    beneficiaryName: input.beneficiaryName,
  };
  const { accountId, stakeholderId } = await deps.payments.route
    .createLinkedAccount({
      legalName: input.legalName,
      email: input.email,
      phone: input.phone,
      pan: input.pan,
      street: input.street,
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
      referenceId: creatorId.replace(/-/g, '').slice(0, 20),
    })
    .catch((err: unknown) => {
      throw neutralContactRefusal(deps, err);
    });
  const row = {
    creator_id: creatorId,
    account_id: accountId,
    stakeholder_id: stakeholderId,
    product_id: null,
    status: 'created' as const,
    legal_name: input.legalName,
    bank_name: bankNameOf(input.ifsc),
    account_last4: input.accountNumber.slice(-4),
    ifsc: input.ifsc,
  };
  await saveLinkedAccount(deps.db, row); // kept even if the next call fails, so the account is never orphaned
  await savePan(deps.db, creatorId, input.pan); // for 194-O: the rate, and Form 26Q / 16A only (never logged)
  const product = await deps.payments.route.configureRoute(accountId, bank);
  await recordRouteProduct(deps.db, creatorId, product.productId, routeStatus(product.status));
  payoutsChanged(deps, [creatorId]);
  return getPayoutSummary(deps, creatorId);
}

/** After `needs_clarification`: sends corrected bank details to Razorpay and goes back to review. */
export async function correctOnboarding(
  deps: AppDeps,
  creatorId: string,
  input: CorrectionInput,
): Promise<PayoutSummary> {
  const account = await findLinkedAccount(deps.db, creatorId);
  if (!account?.account_id || !account.product_id) throw badRequest(PAYOUT_MESSAGES.notOnboarded);
  if (account.status !== 'needs_clarification') throw conflict(STATUS_TEXTS.nothingToCorrect);
  const result = await deps.payments.route.updateSettlement(account.account_id, account.product_id, input);
  await updateLinkedBank(deps.db, creatorId, {
    bankName: bankNameOf(input.ifsc),
    last4: input.accountNumber.slice(-4),
    ifsc: input.ifsc,
    status: routeStatus(result.status),
  });
  if (result.status === 'activated')
    await setLinkedAccountStatus(deps.db, account.account_id, 'activated', []);
  payoutsChanged(deps, [creatorId]);
  return getPayoutSummary(deps, creatorId);
}
