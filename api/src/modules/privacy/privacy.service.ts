import { fillMessage, formatPaise, paiseToRupees, STATUS_TEXTS } from '@shabaash/shared';
import { eraseAgeAndConsent, findAgeAndConsent } from '../consent/consent.repository.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { deleteAllApiTokens } from '../apiTokens/apiTokens.repository.ts';
import { welcomeBonusReference } from '../auth/welcomeBonus.ts';
import { eraseLinkedAccountDetails, findLinkedAccount } from '../payouts/linkedAccounts.repository.ts';
import { revokeAllSessions } from '../sessions/sessions.service.ts';
import { bumpSpace, creatorSpace } from '../sync/spaces.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import { allTipsOfCreator } from '../tips/tips.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { balanceOf } from '../wallet/wallet.repository.ts';
import { deleteAllEndpoints } from '../webhooks/webhooks.repository.ts';
import {
  anonymiseUser,
  creatorsTippedBy,
  ledgerOf,
  lockCreatorRow,
  lockedBalanceOf,
  rekeyWelcomeBonus,
  tipsSentBy,
  touchTipsOfSender,
  userCreatedAt,
} from './privacy.repository.ts';

/** What happens to money left in a wallet at deletion (shown before the person confirms). */
export const balanceAtDeletionMessage = (balancePaise: number, contactEmail: string) =>
  fillMessage(STATUS_TEXTS.balanceAtDeletion, { amount: formatPaise(balancePaise), contact: contactEmail });

/** Everything the platform holds about a person, as JSON (DPDP Act right of access). */
export async function exportUserData(deps: Pick<AppDeps, 'db'>, userId: string) {
  const { db } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const [createdAt, balancePaise, ledger, sent, received, payoutAccount, age] = await Promise.all([
    userCreatedAt(db, userId),
    balanceOf(db, userId),
    ledgerOf(db, userId),
    tipsSentBy(db, userId),
    user.creator ? allTipsOfCreator(db, userId) : Promise.resolve([]),
    findLinkedAccount(db, userId),
    findAgeAndConsent(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    // The date of birth and a parent's consent: the parent's number only masked (we keep no more of it).
    ageAndConsent: {
      dateOfBirth: age?.dateOfBirth ?? null,
      parentalConsent: age?.consent
        ? {
            parentPhoneMasked: age.consent.parentPhoneMasked,
            requestedAt: age.consent.requestedAt.toISOString(),
            givenAt: age.consent.givenAt?.toISOString() ?? null,
            withdrawnAt: age.consent.withdrawnAt?.toISOString() ?? null,
          }
        : null,
    },
    profile: {
      id: user.id,
      name: user.name,
      phone: user.phone,
      role: user.role,
      hasProfilePicture: user.profilePic !== null,
      creator: user.creator,
      createdAt: createdAt?.toISOString() ?? null,
    },
    wallet: {
      balance: paiseToRupees(balancePaise),
      balancePaise,
      ledger: ledger.map((e) => ({
        id: e.id,
        type: e.type,
        kind: e.kind,
        amount: paiseToRupees(Number(e.amount_paise)),
        amountPaise: Number(e.amount_paise),
        description: e.description,
        reference: e.reference,
        createdAt: e.created_at.toISOString(),
      })),
    },
    tipsSent: sent.map(({ tip, handle }) => ({
      ...presentTip(tip, { ownPhone: true }),
      creatorHandle: handle,
    })),
    // Tippers' phones stay masked here too: they are other people's data.
    tipsReceived: received.map((row) => presentTip(row, { includePhone: true })),
    // All we hold of a creator's payout account: never a PAN or a full account number (we never store them).
    payoutAccount: payoutAccount
      ? {
          legalName: payoutAccount.legal_name,
          bankName: payoutAccount.bank_name,
          ifsc: payoutAccount.ifsc,
          accountLast4: payoutAccount.account_last4,
          status: payoutAccount.status,
          razorpayAccountId: payoutAccount.account_id,
          createdAt: payoutAccount.created_at.toISOString(),
          activatedAt: payoutAccount.activated_at?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * Deletes an account (DPDP Act right of erasure): refused with 409 and the balance explained unless the person
 * confirmed the exact balance; then personal data is erased and every session revoked at once (HTTP and open
 * sockets), while the ledger, tips and payment references stay under "Deleted user", and a payout account keeps
 * only its tax record (eraseLinkedAccountDetails).
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>,
  userId: string,
  confirmedBalancePaise: number,
): Promise<void> {
  const spaces: string[] = [];
  let apiTokenIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    // The creator row first (tips and payments to this creator wait, then see the deletion), then the wallet row,
    // which keeps a tip from moving the balance between the check and the deletion.
    await lockCreatorRow(tx, userId);
    const balancePaise = await lockedBalanceOf(tx, userId);
    if (balancePaise !== confirmedBalancePaise) {
      throw new AppError('CONFLICT', balanceAtDeletionMessage(balancePaise, deps.config.CONTACT_EMAIL));
    }
    const phone = (await findUserById(tx, userId))?.phone;
    if (phone) await rekeyWelcomeBonus(tx, userId, welcomeBonusReference(deps.config.phoneHashSecret, phone));
    await anonymiseUser(tx, userId);
    await eraseAgeAndConsent(tx, userId);
    await eraseLinkedAccountDetails(tx, userId);
    await revokeAllSessions(tx, userId);
    // A creator's bots and webhooks stop with the account.
    apiTokenIds = await deleteAllApiTokens(tx, userId);
    await deleteAllEndpoints(tx, userId);
    // Creators' synced chat lists and overlays learn the new name through a new version of their space.
    for (const creatorId of await creatorsTippedBy(tx, userId)) {
      await touchTipsOfSender(tx, creatorId, userId, await bumpSpace(tx, creatorSpace(creatorId)));
      spaces.push(creatorSpace(creatorId));
    }
  });
  deps.realtime.sessionsRevoked(userId, null);
  for (const id of apiTokenIds) deps.realtime.apiTokenRevoked(id);
  // anonymiseUser gave the overlay a new key: overlays still open on the old one close too.
  deps.realtime.overlayKeyRotated(userId);
  if (spaces.length > 0) deps.realtime.changed(spaces);
}
