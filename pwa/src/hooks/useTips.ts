import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Tip } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useConfig } from '../api/useConfig.ts';
import { useAuth } from '../auth/useAuth.ts';
import type { MirroredRecentTip } from '../sync/db.ts';
import { useMirroredRecentTips } from '../sync/hooks.ts';
import { enqueueSendTip } from '../sync/outbox.ts';
import { awaitOutboxAction, refusalError, type LaterOutcome } from '../sync/outboxOutcome.ts';
import { useMirrorPull } from './useMirrorPull.ts';

/**
 * React Query keys of tips. `recent(handle)` holds the dashboard's recent-tips list of a creator other than the
 * default one (at most 10); the default creator's list is the offline mirror, kept live by the realtime bridge.
 */
export const TIP_KEYS = {
  recent: (creator: string | null) => ['tips', 'recent', creator ?? ''] as const,
};

// ---------- recent tips (dashboard, live) ----------

function tipTime(tip: Tip): number {
  const time = Date.parse(tip.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Merges one tip into a recent-tips list: replaces the same id (keeping the higher version), removes it when
 * its status is `ignore`, orders newest first and keeps at most 10 (SPEC §4, §9). Pure.
 */
export function mergeTipIntoList(list: readonly Tip[], tip: Tip): Tip[] {
  const existing = list.find((t) => t.id === tip.id);
  if (existing && existing.version > tip.version) return [...list];
  const rest = list.filter((t) => t.id !== tip.id);
  if (tip.status === 'ignore') return rest;
  return [tip, ...rest].sort((a, b) => tipTime(b) - tipTime(a)).slice(0, LIMITS.recentTipsKept);
}

export interface RecentTipsState {
  /** Newest first, at most 10; queued sends from this device carry `pending: 1`. */
  data: MirroredRecentTip[] | Tip[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Recent tips of `creator` (handle; the default creator when null), newest first, at most 10. The default
 * creator's list comes from the offline mirror (shows at once and offline, queued sends included); another
 * creator's is fetched with GET /api/tips/recent?creator=<handle>.
 */
export function useRecentTips(creator: string | null, enabled = true): RecentTipsState {
  const config = useConfig();
  const { user } = useAuth();
  const defaultHandle = config.data?.defaultCreator?.handle ?? null;
  const fromMirror = creator === null || creator === defaultHandle;
  const query = useQuery<Tip[]>({
    enabled: enabled && !fromMirror,
    queryKey: TIP_KEYS.recent(creator),
    queryFn: async ({ signal }) => {
      const { tips } = await api('recentTips', { query: creator ? { creator } : {}, signal });
      return tips.reduce<Tip[]>((list, tip) => mergeTipIntoList(list, tip), []);
    },
    staleTime: 30_000,
  });
  const pull = useMirrorPull(fromMirror && enabled ? user?.id : null);
  const mirrored = useMirroredRecentTips();
  if (!fromMirror) {
    return { data: query.data, isPending: query.isPending, isError: query.isError, error: query.error };
  }
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
