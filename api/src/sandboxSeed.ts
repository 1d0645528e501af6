import { randomBytes } from 'node:crypto';
import { rupeesToPaise } from '@shabaash/shared';
import type { AppDeps } from './deps.ts';
import { hashPassword } from './modules/auth/password.ts';
import { findCreatorByHandle } from './modules/creators/creators.repository.ts';
import { issueSession, verifySessionToken } from './modules/sessions/sessions.service.ts';
import { insertTip, newestTipsOfCreator } from './modules/tips/tips.repository.ts';
import { sendTip } from './modules/tips/tips.service.ts';
import { creatorSpace } from './modules/sync/spaces.ts';
import {
  findCredentialsByPhone,
  insertUser,
  phoneExists,
  updateRole,
} from './modules/users/users.repository.ts';
import { postLedgerEntry } from './modules/wallet/ledger.ts';
import { createWallet } from './modules/wallet/wallet.repository.ts';

export interface DemoAccount {
  role: 'creator' | 'viewer';
  name: string;
  phone: string;
  password: string;
}

/** Sandbox-only demo accounts printed by `npm start`; never created when real Firebase or Razorpay is configured. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'creator', name: 'Demo Creator', phone: '9000000001', password: 'shabaash-demo' },
  { role: 'viewer', name: 'Demo Viewer', phone: '9000000002', password: 'shabaash-demo' },
];

const DEMO_HANDLE = 'demo';
/** The demo accounts are adults: they pay without a parent's consent. */
const DEMO_DATE_OF_BIRTH = '1995-04-01';
const DEMO_VIEWER_FUNDING_PAISE = 500_00;

/** Seeds only in full sandbox mode (Auth emulator and Razorpay simulator) and unless SANDBOX_SEED=false. */
export async function seedSandboxIfEnabled(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime' | 'speech'>,
): Promise<readonly DemoAccount[]> {
  const { config } = deps;
  return config.paymentsSandbox && config.authEmulator && config.SANDBOX_SEED ? seedSandbox(deps) : [];
}

/**
 * Creates the demo creator (handle `demo`) and a demo viewer once (funded when the wallet is `stored`); later starts
 * leave them as they are.
 * Then gives the demo creator sample tips when it has no chats (first start, or after they were deleted or
 * auto-cleared), so the Chat Loader, analytics and overlay show something on the first day.
 */
export async function seedSandbox(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime' | 'speech'>,
): Promise<readonly DemoAccount[]> {
  const { db } = deps;
  for (const account of DEMO_ACCOUNTS) {
    if (await phoneExists(db, account.phone)) continue;
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        name: account.name,
        phone: account.phone,
        passwordHash,
        dateOfBirth: DEMO_DATE_OF_BIRTH,
      });
      await createWallet(tx, userId);
      if (account.role === 'creator') {
        await updateRole(tx, userId, 'creator');
        await tx('creators').insert({
          user_id: userId,
          handle: DEMO_HANDLE,
          display_name: account.name,
          overlay_key: randomBytes(24).toString('base64url'),
        });
      } else if (deps.config.legal.walletMode === 'stored') {
        await postLedgerEntry(tx, {
          userId,
          type: 'credit',
          kind: 'top_up',
          amountPaise: DEMO_VIEWER_FUNDING_PAISE,
          description: 'Sandbox demo funds',
          reference: `sandbox-seed:${userId}`,
        });
      }
    });
  }
  await seedSampleTips(deps);
  return DEMO_ACCOUNTS;
}

/** The sample guest tips: one waiting in the queue, one in Hindi already live on the overlay. */
export const SAMPLE_GUEST_TIPS = [
  { guestName: 'Aarav', amount: 149, message: 'First time catching you live. Shabaash!', status: 'unread' },
  { guestName: 'Priya', amount: 251, message: 'बहुत बढ़िया स्ट्रीम! ऐसे ही खेलते रहो 🔥', status: 'read' },
] as const;
export const SAMPLE_WALLET_TIP = { amount: 51, message: 'Sent from my Shabaash wallet. Keep going!' };

/**
 * Sample tips through the product's own paths: guest tips land as a captured guest payment lands them
 * (insertTip, here without a Razorpay payment), the wallet tip (WALLET_MODE=stored only) is the demo viewer's real
 * ledgered wallet tip.
 */
async function seedSampleTips(deps: Pick<AppDeps, 'db' | 'config' | 'realtime' | 'speech'>): Promise<void> {
  const { db } = deps;
  const creator = await findCreatorByHandle(db, DEMO_HANDLE);
  const viewerPhone = DEMO_ACCOUNTS.find((a) => a.role === 'viewer')?.phone ?? '';
  const viewer = await findCredentialsByPhone(db, viewerPhone);
  if (!creator || !viewer || (await newestTipsOfCreator(db, creator.userId, 1)).length > 0) return;
  const [waiting, live] = SAMPLE_GUEST_TIPS;
  const guestTip = (tip: (typeof SAMPLE_GUEST_TIPS)[number]) =>
    db.transaction((tx) =>
      insertTip(tx, {
        creatorId: creator.userId,
        senderId: null,
        guestName: tip.guestName,
        source: 'guest',
        amountPaise: rupeesToPaise(tip.amount),
        message: tip.message,
        status: tip.status,
      }),
    );
  await guestTip(waiting);
  const claims = await verifySessionToken(deps.config, await issueSession(db, deps.config, viewer.id));
  if (claims && deps.config.legal.walletMode === 'stored')
    await sendTip(deps, claims, { ...SAMPLE_WALLET_TIP, creator: DEMO_HANDLE }, undefined);
  await guestTip(live);
  deps.realtime.changed([creatorSpace(creator.userId)]);
}
