import { failures, pct, type Row } from './report.ts';
import { fmt, ms } from './settings.ts';
import { ENDPOINTS_PER_CREATOR, type WebhooksPhase, type WebhooksRun } from './webhooks.ts';

/** Met or not, unless the runs without webhooks differ by more than the 10% asked (then noise decides). */
export function webhookVerdict(w: WebhooksPhase): string {
  const noise = `the runs without webhooks differ by ${Math.round(w.baselineSpread * 100)}%`;
  if (w.baselineSpread > 0.1) return `inconclusive: ${noise} (a loaded machine)`;
  return `${w.p99Ratio <= 1.1 ? 'met' : 'NOT met'} (${noise})`;
}

function deliveriesText(r: WebhooksRun): string {
  const d = r.deliveries;
  if (!d) return '';
  const after =
    d.drainMs === null
      ? `${fmt(d.backlogAfterDrain)} NOT delivered 60 s after the run`
      : `backlog ${fmt(d.backlogAtRunEnd)} at the run's end, all delivered ${(d.drainMs / 1000).toFixed(1)} s after`;
  return `; deliveries: ${fmt(d.perSecondDuringRun)}/s during the run (${fmt(d.expected / 10)}/s asked), ${after}`;
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

/** The webhooks phase (bench/webhooks.ts): every run, then the ratio and the verdict. */
export function webhookRows(w: WebhooksPhase | undefined): Row[] {
  if (!w) return [['Send → socket with webhooks', 'not run', '']];
  const rows: Row[] = w.runs.map((r, i) => [
    `Send → socket, run ${i + 1}, ${r.webhooks ? `${ENDPOINTS_PER_CREATOR} endpoints/creator` : 'no webhooks'}, p50/p99/max`,
    pct(r.latency.sendToReceipt),
    `load ${r.loadAtStart}; ${r.latency.rate} tips/s, ${r.latency.sockets} sockets; ${fmt(r.latency.receipts)}/${fmt(r.latency.receiptsExpected)} receipts${failures(r.latency)}${deliveriesText(r)}; ${diagnosticsText(r)}`,
  ]);
  rows.push([
    'p99 with webhooks / p99 without',
    w.p99Ratio.toFixed(2),
    `median of ${w.runs.filter((r) => r.webhooks).length} runs with over median of ${w.runs.filter((r) => !r.webhooks).length} without; each with its neighbours: ${w.pairRatios.map((p) => p.toFixed(2)).join(', ')}; target ≤ 1.10 (issue 18): ${webhookVerdict(w)}`,
  ]);
  return rows;
}
