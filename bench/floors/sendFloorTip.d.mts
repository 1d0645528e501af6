import type pg from 'pg';

/** The send floor's transaction for one tip (sendFloorTip.mjs); null when the wallet or the creator refused it. */
export function floorTip(
  client: pg.ClientBase,
  schema: string,
  senderId: string,
  tip: { amountPaise: number; message: string; creator: string },
): Promise<{ creatorId: string; version: number; id: string; createdAt: Date } | null>;
