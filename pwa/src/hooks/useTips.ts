import { useCallback, useState } from 'react';
import { useAuth } from './useAuth.ts';
import type { MirroredRecentTip } from '../sync/db.ts';
import { useMirroredRecentTips } from '../sync/hooks.ts';
import { enqueueSendTip } from '../sync/outbox.ts';
import { awaitOutboxAction, refusalError, type LaterOutcome } from '../sync/outboxOutcome.ts';
import { useMirrorPull } from './useMirrorPull.ts';

// ---------- recent tips (dashboard, live) ----------

export interface RecentTipsState {
  /** Newest first, at most 10; queued sends from this device carry `pending: 1`. */
  data: MirroredRecentTip[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The dashboard's recent tips, newest first, at most 10: the referring creator's pushed-live tips (else the default
 * creator's) with the viewer's own, from the offline mirror. It shows at once and offline, queued sends included,
 * and the realtime bridge keeps it live (sync/pull.ts).
 */
export function useRecentTips(): RecentTipsState {
  const { user } = useAuth();
  const pull = useMirrorPull(user?.id);
  const mirrored = useMirroredRecentTips();
  const rows = pull.owned === true && mirrored ? mirrored.filter((t) => t.status !== 'ignore') : undefined;
  const loaded = !!rows && (rows.length > 0 || pull.settled);
  return {
    data: loaded ? rows : undefined,
    isPending: !loaded && !(pull.settled && pull.error),
    isError: !loaded && pull.settled && !!pull.error,
    error: pull.error,
  };
}

// ---------- sending ----------

export interface SendTipVariables {
  amount: number;
  message: string;
  creator: string | null;
  /** "I'll cover the fees": `amount` is what the creator nets. */
  coverFees?: boolean;
}

export interface SendTipOptions {
  /** How a tip first reported `queued` ended once it replayed (sent, or refused and rolled back). */
  onLater?: (outcome: LaterOutcome) => void;
}

/**
 * Sends a wallet tip through the offline outbox (POST /api/tips/send with a client-made Idempotency-Key, charged
 * exactly once however often it replays): the tip shows at once as a pending debit and recent tip. `mutateAsync`
 * resolves `sent` or `queued` (offline: it sends when the connection returns) and throws the explanation when
 * the server refused it (rolled back) or the input is invalid.
 */
export function useSendTip() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async ({ amount, message, creator, coverFees }: SendTipVariables, options: SendTipOptions = {}) => {
      setPending(true);
      try {
        const entry = await enqueueSendTip({
          amount,
          message,
          ...(creator ? { creator, creatorName: creator } : {}),
          ...(coverFees ? { coverFees: true } : {}),
        });
        const outcome = await awaitOutboxAction(entry.idempotencyKey, options);
        if (outcome.status === 'refused') throw refusalError(outcome.message);
        return outcome;
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { mutateAsync, isPending };
}
