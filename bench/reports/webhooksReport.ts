import { failures, pct, tail, type Row } from './table.ts';
import { fmt, ms } from '../settings.ts';
import {
  ENDPOINTS_PER_CREATOR,
  RECEIVERS_NICE,
  type DeliveryCost,
  type WebhooksPhase,
  type WebhooksRun,
} from '../phases/webhooks.ts';

/**
 * Met when the whole 95% interval of the pooled p99 ratio (resampling whole runs, bench/reports/bootstrap.ts) is at or
 * under 1.10, NOT met when all of it is over, and inconclusive when it straddles 1.10: the machine's run-to-run
 * noise is then larger than what is being measured.
 */
export function webhookVerdict(w: WebhooksPhase): string {
  const { low, high } = w.ratioInterval;
  const interval = `95% interval ${low.toFixed(2)}–${high.toFixed(2)} over ${w.ratioInterval.resamples} resamples of whole runs`;
  if (high <= 1.1) return `met (${interval})`;
  if (low > 1.1) return `NOT met (${interval})`;
  return `inconclusive, pooled ${w.pooledP99Ratio <= 1.1 ? 'met' : 'NOT met'} (${interval}; the runs without webhooks differ by ${Math.round(w.baselineSpread * 100)}% in p99)`;
}

const num = (v: number, digits = 2) => v.toFixed(digits);

/** One delivery's cost: CPU ms per process, statements, rows written, WAL. */
export function costText(c: DeliveryCost): string {
  const wal = c.walBytes === null ? '' : `, ${fmt(c.walBytes)} WAL bytes`;
  const statements = c.statements === null ? 'statements not counted' : `${num(c.statements)} statements`;
  return `CPU ms: worker ${num(c.workerMs, 3)}, its PostgreSQL backends ${num(c.pgWorkerMs, 3)}, receivers ${num(c.receiversMs, 3)} (nice ${RECEIVERS_NICE}); ${statements}; rows inserted ${num(c.inserted)}, updated ${num(c.updated)}, deleted ${num(c.deleted)}${wal}`;
}

/** The mean of each figure over the runs with webhooks, weighted by their deliveries. */
function meanCost(costs: DeliveryCost[]): DeliveryCost | null {
  const total = costs.reduce((n, c) => n + c.deliveries, 0);
  if (costs.length === 0 || total === 0) return null;
  const mean = (f: (c: DeliveryCost) => number | null) =>
    costs.some((c) => f(c) === null) ? null : costs.reduce((s, c) => s + f(c)! * c.deliveries, 0) / total;
  return {
    deliveries: total,
    workerMs: mean((c) => c.workerMs)!,
    pgWorkerMs: mean((c) => c.pgWorkerMs)!,
    receiversMs: mean((c) => c.receiversMs)!,
    statements: mean((c) => c.statements),
    inserted: mean((c) => c.inserted)!,
    updated: mean((c) => c.updated)!,
    deleted: mean((c) => c.deleted)!,
    walBytes: mean((c) => c.walBytes),
  };
}

function deliveriesText(r: WebhooksRun): string {
  const d = r.deliveries;
  if (!d) return '';
  const after =
    d.drainMs === null
      ? `${fmt(d.backlogAfterDrain)} NOT delivered 60 s after the run`
      : `backlog ${fmt(d.backlogAtRunEnd)} at the run's end, all delivered ${(d.drainMs / 1000).toFixed(1)} s after`;
  return `; deliveries: ${fmt(d.perSecondDuringRun)}/s during the run (${fmt(d.expected / 10)}/s asked), ${after}; per delivery: ${costText(d.cost)}`;
}

function diagnosticsText(r: WebhooksRun): string {
  const api = r.api
    ? `API event loop p99 ${ms(r.api.eventLoopDelayMs.p99)}, pool wait p99 ${ms(r.api.poolWaitMs.p99)} (≤ ${r.api.poolWaitMs.pendingMax} queued)`
    : 'no probe answer';
  const cores = Object.entries(r.cores)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  const waits = Object.entries(r.pgWaits.waits)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, v]) => `${k} ${(v / Math.max(1, r.pgWaits.samples)).toFixed(2)}`)
    .join(', ');
  // Per tip, not per call: the send function takes batches of tips (group commit), fewer and larger when slower.
  const perTip = r.functions.reduce((sum, f) => sum + f.totalMs, 0) / Math.max(1, r.latency.ok);
  return `${api}; cores: ${cores}; active backends per sample: ${waits || 'none'}; PL/pgSQL ${perTip.toFixed(2)} ms per tip`;
}

/** The webhooks phase (bench/phases/webhooks.ts): every run, then the ratio and the verdict. */
export function webhookRows(w: WebhooksPhase | undefined): Row[] {
  if (!w) return [['Send → socket with webhooks', 'not run', '']];
  const rows: Row[] = w.runs.map((r, i) => [
    `Send → socket, run ${i + 1}, ${r.webhooks ? `${ENDPOINTS_PER_CREATOR} endpoints/creator` : 'no webhooks'}, p50/p99/max`,
    pct(r.latency.sendToReceipt),
    `load ${r.loadAtStart}; ${r.latency.rate} tips/s, ${r.latency.sockets} sockets; ${fmt(r.latency.receipts)}/${fmt(r.latency.receiptsExpected)} receipts${failures(r.latency)}${deliveriesText(r)}; ${diagnosticsText(r)}`,
  ]);
  const nWith = w.runs.filter((r) => r.webhooks).length;
  const nWithout = w.runs.length - nWith;
  rows.push(
    [
      `Send → socket pooled, ${nWithout} runs without webhooks, p50/p99/p99.9/max`,
      tail(w.pooled.without),
      `${fmt(w.pooled.without.count)} samples; per run p99 ${w.runs
        .filter((r) => !r.webhooks)
        .map((r) => ms(r.latency.sendToReceipt.p99))
        .join(', ')}`,
    ],
    [
      `Send → socket pooled, ${nWith} runs with ${ENDPOINTS_PER_CREATOR} endpoints/creator, p50/p99/p99.9/max`,
      tail(w.pooled.with),
      `${fmt(w.pooled.with.count)} samples; per run p99 ${w.runs
        .filter((r) => r.webhooks)
        .map((r) => ms(r.latency.sendToReceipt.p99))
        .join(', ')}`,
    ],
    [
      'p99 with webhooks / p99 without (pooled)',
      w.pooledP99Ratio.toFixed(2),
      `${w.pooledRange[0].toFixed(2)}–${w.pooledRange[1].toFixed(2)} with any one run left out; p99.9 ${(w.pooled.with.p999 / w.pooled.without.p999).toFixed(2)}, p50 ${(w.pooled.with.p50 / w.pooled.without.p50).toFixed(2)}; median of the runs' p99s ${w.p99Ratio.toFixed(2)}, each run with its neighbours ${w.pairRatios.map((p) => p.toFixed(2)).join(', ')}; target ≤ 1.10: ${webhookVerdict(w)}`,
    ],
  );
  const cost = meanCost(w.runs.flatMap((r) => (r.deliveries ? [r.deliveries.cost] : [])));
  if (cost)
    rows.push([
      'Cost of one webhook delivery',
      `${num(cost.workerMs + cost.pgWorkerMs, 3)} ms CPU`,
      `worker + its PostgreSQL backends, over ${fmt(cost.deliveries)} deliveries (runs and drains); ${costText(cost)}`,
    ]);
  return rows;
}
