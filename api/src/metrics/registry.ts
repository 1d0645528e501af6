import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Db } from '../db/knex.ts';

/**
 * The one Prometheus registry of this process (GET /metrics renders it). Families are module singletons in the
 * files beside this one: hot paths only increment counters and observe histograms (O(1), no I/O); what lives in
 * the database is read once per scrape by the gauges registered with registerDbGauge.
 */
export const registry = new Registry();

// Node's own: CPU, memory, GC, handles, and the event-loop delay (nodejs_eventloop_lag_*, monitorEventLoopDelay).
collectDefaultMetrics({ register: registry });

/** One labelled sample of a database gauge. */
/**
 * A counter of events told apart by one label, in this registry: returns the function that counts one event with
 * that label's value (O(1), for hot paths).
 */
export function counterBy<V extends string>(name: string, help: string, label: string): (value: V) => void {
  const counter = new Counter({ name, help, labelNames: [label], registers: [registry] });
  return (value) => counter.inc({ [label]: value });
}

export interface GaugeSample<L extends string> {
  labels: Record<L, string>;
  value: number;
}

/** What a database gauge reads at scrape time: a single value (no labels), or one sample per label set. */
export type DbGaugeRead<L extends string> = (db: Db) => Promise<number | ReadonlyArray<GaugeSample<L>>>;

interface DbGauge {
  name: string;
  gauge: Gauge;
  read: DbGaugeRead<string>;
  /** A gauge without labels always shows a sample: NaN, not 0, says its read failed. */
  labelless: boolean;
}

const dbGauges: DbGauge[] = [];

/**
 * Registers a gauge whose value is read from the database once per scrape (never on a request path). `read` gets
 * the instance's pool; a read that fails or takes over DB_READ_TIMEOUT_MS leaves the family without samples for
 * that scrape, or NaN for a gauge without labels (an alert on it then stays quiet; the database's own speaks). Registering a name twice
 * returns the first gauge (a module may be imported by several test apps).
 */
export function registerDbGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: DbGaugeRead<L>,
): Gauge<L> {
  const existing = dbGauges.find((g) => g.name === name);
  if (existing) return existing.gauge as Gauge<L>;
  const gauge = new Gauge<L>({ name, help, labelNames, registers: [registry] });
  dbGauges.push({
    name,
    gauge: gauge as Gauge,
    read: read as DbGaugeRead<string>,
    labelless: labelNames.length === 0,
  });
  return gauge;
}

/** A database read of one scrape gives up after this (a scrape must answer before Prometheus' timeout). */
export const DB_READ_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads every database gauge (at once) into its family; returns the names of those that failed, with why.
 * Called by the scrape before rendering the registry.
 */
export async function refreshDbGauges(db: Db): Promise<Array<{ name: string; error: string }>> {
  const failures: Array<{ name: string; error: string }> = [];
  await Promise.all(
    dbGauges.map(async ({ name, gauge, read, labelless }) => {
      try {
        const value = await withTimeout(read(db), DB_READ_TIMEOUT_MS);
        gauge.reset();
        if (typeof value === 'number') gauge.set(value);
        else for (const sample of value) gauge.set(sample.labels, sample.value);
      } catch (err) {
        gauge.reset();
        if (labelless) gauge.set(NaN);
        failures.push({ name, error: err instanceof Error ? err.message : String(err) });
      }
    }),
  );
  return failures;
}
