// The report's table: three-column rows and the figures' cell formats, shared by every phase's rows.
import type { Summary } from '../load/load.ts';
import { ms } from '../settings.ts';

export type Row = [string, string, string];

export function table(rows: Row[]): string {
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: Row) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join('\n');
}

export const pct = (s: Summary) => `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)}`;
/** With p99.9, for send → creator socket. */
export const tail = (s: Summary) => `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.p999)} / ${ms(s.max)}`;
export const failures = (r: { failed: number; firstFailure: string | null }) =>
  r.failed ? `; ${r.failed} failed (${r.firstFailure})` : '';
