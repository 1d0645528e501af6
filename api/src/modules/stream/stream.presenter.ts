import {
  paiseToRupees,
  type CreatorSupporters,
  type StreamSession,
  type StreamTotals,
  type Supporter,
} from '@shabaash/shared';
import type { HiddenSupporterRow, SessionRow, SupporterRow, TotalsRow } from './stream.repository.ts';

export function presentSession(row: SessionRow): StreamSession {
  return {
    id: row.id,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
  };
}

const money = (paise: string | number) => ({
  amount: paiseToRupees(Number(paise)),
  amountPaise: Number(paise),
});

export const NO_TOTALS: StreamTotals = { amount: 0, amountPaise: 0, count: 0, topTip: null };

export function presentTotals(row: TotalsRow): StreamTotals {
  return {
    ...money(row.amount_paise),
    count: Number(row.count),
    topTip:
      row.top_name !== null && row.top_paise !== null
        ? { name: row.top_name, ...money(row.top_paise) }
        : null,
  };
}

export function presentSupporter(row: SupporterRow): Supporter {
  return { name: row.name, count: Number(row.count), ...money(row.amount_paise) };
}

/** A supporter in the creator's own list: the widget's row plus the key that hides it. */
export function presentCreatorSupporter(row: SupporterRow): CreatorSupporters['supporters'][number] {
  return { ...presentSupporter(row), key: row.key };
}

export function presentHiddenSupporter(row: HiddenSupporterRow): CreatorSupporters['hidden'][number] {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString() };
}
