import type { LoopResult, Summary } from '../load/load.ts';
import { fmt, ms } from '../settings.ts';

/** One send → socket window's figures, as the report compares them (the product's LatencyPhase has these too). */
export interface LatencyFigures {
  sendToReceipt: Summary;
  receipts: number;
  receiptsExpected: number;
  failed: number;
}

/** What the floors measured, beside the product's figures in the same run (bench/floors). */
export interface FloorResults {
  throughput: { hot?: LoopResult; spread?: LoopResult };
  latency: { spread?: LatencyFigures; hot?: LatencyFigures };
  recent?: LoopResult;
  memory?: { open: number; openMs: number; rssBefore: number | null; rssAfter: number | null };
}

/** The product's side of each comparison (a subset of the bench's Results). */
export interface ProductFigures {
  throughput: { hot?: LoopResult; spread?: LoopResult };
  latency: { spread?: LatencyFigures; hot?: LatencyFigures };
  recent?: LoopResult;
  memory?: { open: number; openMs: number; perSocketBytes: number | null };
  floors: FloorResults;
}

type Row = [string, string, string];

/** `a ÷ b` to two places, or n/a. */
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null || b === 0 ? 'n/a' : (a / b).toFixed(2);

/** "met" or "NOT met" against a target that the ratio must be at least (≥) or at most (≤). */
function verdict(value: string, target: number, atLeast: boolean): string {
  const v = Number(value);
  if (Number.isNaN(v)) return 'not measured';
  return (atLeast ? v >= target : v <= target) ? 'met' : 'NOT met';
}

function line(
  measure: string,
  product: string,
  floor: string,
  value: string,
  target: number,
  atLeast: boolean,
): Row {
  const goal = `${atLeast ? '≥' : '≤'} ${target}`;
  return [
    measure,
    value,
    `product ${product}, floor ${floor}; target ${goal}: ${verdict(value, target, atLeast)}`,
  ];
}

/** The report's rows "product, floor and ratio" for every measure that has a floor. */
export function floorRows(r: ProductFigures): Row[] {
  const f = r.floors;
  const rows: Row[] = [];
  for (const [who, key] of [
    ['20 creators', 'spread'],
    ['1 hot creator', 'hot'],
  ] as const) {
    const p = r.throughput[key];
    const fl = f.throughput[key];
    rows.push(
      line(
        `Ratio: wallet tips/s ÷ send floor, ${who}`,
        p ? `${fmt(p.perSecond)}/s` : 'not run',
        fl ? `${fmt(fl.perSecond)}/s` : 'not run',
        ratio(p?.perSecond, fl?.perSecond),
        1.0,
        true,
      ),
    );
  }
  for (const [who, key] of [
    ['20 creators', 'spread'],
    ['1 hot creator', 'hot'],
  ] as const) {
    const p = r.latency[key]?.sendToReceipt;
    const fl = f.latency[key]?.sendToReceipt;
    for (const q of ['p50', 'p99'] as const)
      rows.push(
        line(
          `Ratio: send → socket ${q} ÷ send floor's, ${who}`,
          p ? ms(p[q]) : 'not run',
          fl ? ms(fl[q]) : 'not run',
          ratio(p?.[q], fl?.[q]),
          1.5,
          false,
        ),
      );
  }
  rows.push(
    line(
      'Ratio: GET /api/tips/recent req/s ÷ read floor',
      r.recent ? `${fmt(r.recent.perSecond)}/s` : 'not run',
      f.recent ? `${fmt(f.recent.perSecond)}/s` : 'not run',
      ratio(r.recent?.perSecond, f.recent?.perSecond),
      0.5,
      true,
    ),
  );
  const hellos = (m: { open: number; openMs: number } | undefined) => (m ? m.open / (m.openMs / 1000) : null);
  const floorPerSocket =
    f.memory?.rssAfter && f.memory.rssBefore && f.memory.open
      ? (f.memory.rssAfter - f.memory.rssBefore) / f.memory.open
      : null;
  const kib = (bytes: number | null | undefined) => (bytes == null ? 'n/a' : `${fmt(bytes / 1024, 1)} KiB`);
  rows.push(
    line(
      'Ratio: hellos/s ÷ socket floor',
      r.memory ? `${fmt(hellos(r.memory) ?? 0)}/s` : 'not run',
      f.memory ? `${fmt(hellos(f.memory) ?? 0)}/s (${fmt(f.memory.open)} sockets)` : 'not run',
      ratio(hellos(r.memory), hellos(f.memory)),
      0.9,
      true,
    ),
    line(
      'Ratio: idle RSS per socket ÷ socket floor',
      kib(r.memory?.perSocketBytes),
      kib(floorPerSocket),
      ratio(r.memory?.perSocketBytes, floorPerSocket),
      1.5,
      false,
    ),
  );
  return rows;
}
