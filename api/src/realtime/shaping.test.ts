import { describe, expect, it } from 'vitest';
import type { TipChangeRow } from '../modules/sync/changes.ts';
import { presentTip } from '../modules/tips/tips.presenter.ts';
import { presentWallet } from '../modules/wallet/wallet.presenter.ts';
import { tipMessage, walletMessage } from './shaping.ts';

const at = new Date('2026-11-20T10:00:00Z');
function row(overrides: Partial<TipChangeRow> = {}): TipChangeRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    creator_id: '00000000-0000-4000-8000-000000000002',
    sender_id: '00000000-0000-4000-8000-000000000003',
    guest_name: null,
    source: 'wallet',
    amount_paise: 5000,
    fee_paise: 0,
    message: 'Great stream!',
    status: 'read',
    payment_id: null,
    version: 7,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    sender_name: 'Asha',
    sender_profile_pic: null,
    sender_phone: '9876543210',
    created_version: 7,
    ...overrides,
  };
}
const space = 'creator:00000000-0000-4000-8000-000000000002';

describe('what a tip change looks like to each view', () => {
  it('the creator room gets the presented tip with the phone', () => {
    expect(tipMessage(space, row(), 'full', true)).toEqual({
      type: 'tip:new',
      space,
      version: 7,
      data: presentTip(row(), { includePhone: true }),
    });
  });

  it('a moderator room gets every chat, new or changed, with no amount, fee or phone field, and deletions', () => {
    const covered = row({ status: 'unread', fees_covered: true, fee_paise: 250, status_by_name: 'Ravi' });
    const sent = [
      tipMessage(space, covered, 'moderator', true),
      tipMessage(space, row({ status: 'ignore' }), 'moderator', false),
      tipMessage(space, row(), 'moderator', false),
    ];
    expect(sent.map((m) => m?.type)).toEqual(['moderation:tip', 'moderation:tip', 'moderation:tip']);
    expect(sent[0]).toMatchObject({ data: { status: 'unread', message: 'Great stream!', statusBy: 'Ravi' } });
    for (const m of sent) {
      const text = JSON.stringify(m);
      expect(text).not.toMatch(/amount|paise|fee|phone/i);
      expect(text).not.toContain('9876543210');
      expect(text).not.toContain('5000');
    }
    expect(tipMessage(space, row({ deleted_at: at }), 'moderator', false)).toEqual({
      type: 'moderation:deleted',
      space,
      version: 7,
      data: { id: row().id },
    });
  });

  it('overlay and public rooms get live tips without the phone', () => {
    for (const view of ['overlay', 'public'] as const) {
      const m = tipMessage(space, row(), view, false);
      expect(m).toEqual({ type: 'tip:status', space, version: 7, data: presentTip(row()) });
      expect(JSON.stringify(m)).not.toContain('9876543210');
    }
  });

  it('an unread tip is never shown live; one that leaves the live view is deleted there', () => {
    // Overlays (the widgets) learn that it was paid, by id only: none of its text or sender.
    expect(tipMessage(space, row({ status: 'unread' }), 'overlay', true)).toEqual({
      type: 'tip:paid',
      space,
      version: 7,
      data: { id: row().id },
    });
    expect(tipMessage(space, row({ status: 'unread' }), 'public', true)).toBeNull();
    expect(tipMessage(space, row({ status: 'ignore' }), 'public', false)).toEqual({
      type: 'tip:deleted',
      space,
      version: 7,
      data: { id: row().id },
    });
  });

  it('a deleted tip reaches the creator room as a tombstone, and wallets get nothing', () => {
    expect(tipMessage(space, row({ deleted_at: at }), 'full', false)?.type).toBe('tip:deleted');
    expect(tipMessage(space, row(), 'wallet', true)).toBeNull();
  });

  it('a wallet update carries what the wallet endpoint presents', () => {
    expect(walletMessage('wallet:u', 3, 12345)).toEqual({
      type: 'wallet:update',
      space: 'wallet:u',
      version: 3,
      data: presentWallet(12345),
    });
    expect(presentWallet(12345)).toEqual({ balance: 123.45, balancePaise: 12345 });
  });
});
