import type { Tip } from '@shabaash/shared';

/**
 * A tip as the API presents it: ₹10 from the guest "Fan" to creator c1 with no message, unread, at version 1;
 * `overrides` set any field.
 */
export function buildTip(id: string, overrides: Partial<Tip> = {}): Tip {
  return {
    _id: id,
    id,
    creatorId: 'c1',
    amount: 10,
    amountPaise: 1000,
    message: '',
    name: 'Fan',
    guestName: null,
    sender: null,
    status: 'unread',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}
