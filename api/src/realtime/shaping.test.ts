import { describe, expect, it } from 'vitest';
import type { TipRecord } from '../domain/tip.ts';
import { presentTip } from '../modules/tips/tips.presenter.ts';
import { presentWallet } from '../modules/wallet/wallet.presenter.ts';
import { tipMessage, walletMessage } from './shaping.ts';

const at = new Date('2026-11-20T10:00:00Z');
function tip(overrides: Partial<TipRecord> = {}): TipRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    creatorId: '00000000-0000-4000-8000-000000000002',
    senderId: '00000000-0000-4000-8000-000000000003',
    guestName: null,
    source: 'wallet',
    amountPaise: 5000,
    feePaise: 0,
    message: 'Great stream!',
    status: 'read',
    paymentId: null,
    version: 7,
    createdVersion: 7,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    airedAt: null,
    airedSound: null,
    airedVersion: null,
    liveVersion: 7,
    held: false,
    feesCovered: false,
    sender: { name: 'Asha', profilePic: null, phone: '9876543210' },
    statusByName: null,
    youtube: null,
    ...overrides,
  };
}
const space = 'creator:00000000-0000-4000-8000-000000000002';

describe('what a tip change looks like to each view', () => {
  it('the creator room gets the presented tip with the phone', () => {
    expect(tipMessage(space, tip(), 'full', true)).toEqual({
      type: 'tip:new',
      space,
      version: 7,
      data: presentTip(tip(), { includePhone: true }),
    });
  });

  it('a moderator room gets every chat, new or changed, with no amount, fee or phone field, and deletions', () => {
    const covered = tip({ status: 'unread', feesCovered: true, feePaise: 250, statusByName: 'Ravi' });
    const sent = [
      tipMessage(space, covered, 'moderator', true),
      tipMessage(space, tip({ status: 'ignore' }), 'moderator', false),
      tipMessage(space, tip(), 'moderator', false),
    ];
    expect(sent.map((m) => m?.type)).toEqual(['moderation:tip', 'moderation:tip', 'moderation:tip']);
    expect(sent[0]).toMatchObject({ data: { status: 'unread', message: 'Great stream!', statusBy: 'Ravi' } });
    for (const m of sent) {
      const text = JSON.stringify(m);
      expect(text).not.toMatch(/amount|paise|fee|phone/i);
      expect(text).not.toContain('9876543210');
      expect(text).not.toContain('5000');
    }
    expect(tipMessage(space, tip({ deletedAt: at }), 'moderator', false)).toEqual({
      type: 'moderation:deleted',
      space,
      version: 7,
      data: { id: tip().id },
    });
  });

  it('overlay and public rooms get live tips without the phone', () => {
    for (const view of ['overlay', 'public'] as const) {
      const m = tipMessage(space, tip(), view, false);
      expect(m).toEqual({ type: 'tip:status', space, version: 7, data: presentTip(tip()) });
      expect(JSON.stringify(m)).not.toContain('9876543210');
    }
  });

  it('an unread tip is never shown live; one that leaves the live view is deleted there', () => {
    // Overlays (the widgets) learn that it was paid, by id only: none of its text or sender.
    expect(tipMessage(space, tip({ status: 'unread' }), 'overlay', true)).toEqual({
      type: 'tip:paid',
      space,
      version: 7,
      data: { id: tip().id },
    });
    expect(tipMessage(space, tip({ status: 'unread' }), 'public', true)).toBeNull();
    expect(tipMessage(space, tip({ status: 'ignore' }), 'public', false)).toEqual({
      type: 'tip:deleted',
      space,
      version: 7,
      data: { id: tip().id },
    });
  });

  it('a deleted tip reaches the creator room as a tombstone, and wallets get nothing', () => {
    expect(tipMessage(space, tip({ deletedAt: at }), 'full', false)?.type).toBe('tip:deleted');
    expect(tipMessage(space, tip(), 'wallet', true)).toBeNull();
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
