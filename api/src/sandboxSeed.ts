import { randomBytes } from 'node:crypto';
import type { Db } from './db/knex.ts';
import { hashPassword } from './modules/auth/password.ts';
import { insertUser, phoneExists, updateRole } from './modules/users/users.repository.ts';
import { createWallet, postLedgerEntry } from './modules/wallet/ledger.ts';

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
const DEMO_VIEWER_FUNDING_PAISE = 500_00;

/** Creates the demo creator (handle `demo`) and a funded demo viewer once; later starts leave them as they are. */
export async function seedSandbox(db: Db): Promise<readonly DemoAccount[]> {
  for (const account of DEMO_ACCOUNTS) {
    if (await phoneExists(db, account.phone)) continue;
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const userId = await insertUser(tx, { name: account.name, phone: account.phone, passwordHash });
      await createWallet(tx, userId);
      if (account.role === 'creator') {
        await updateRole(tx, userId, 'creator');
        await tx('creators').insert({
          user_id: userId,
          handle: DEMO_HANDLE,
          display_name: account.name,
          overlay_key: randomBytes(24).toString('base64url'),
        });
      } else {
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
  return DEMO_ACCOUNTS;
}
