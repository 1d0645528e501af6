/**
 * How sure a pooled p99 ratio is (the webhooks phase): a bootstrap over whole runs. One run's tail on a
 * shared 2-core machine moves with whatever else the machine did that minute, so the runs, not the samples, are the
 * independent draws: each resample picks as many runs of each kind as were measured, with replacement, pools their
 * samples and takes the ratio of the two pooled p99s. The interval is the middle 95% of those ratios.
 *
 * Pooling happens on log-spaced histograms (one per run, made once), so a resample costs a few thousand additions
 * rather than a sort of a million samples; a quantile read from them is within RESOLUTION of the exact one.
 */

/** Bins are this much wider than the one before: a quantile is read to within 0.5%. */
const GROWTH = 1.005;
/** The lowest bin starts here (ms); smaller samples count in the first bin. */
const FLOOR_MS = 0.01;
const BINS = Math.ceil(Math.log(100_000 / FLOOR_MS) / Math.log(GROWTH)); // up to 100 s
export const RESOLUTION = GROWTH - 1;

const binOf = (ms: number) =>
  ms <= FLOOR_MS ? 0 : Math.min(BINS - 1, Math.floor(Math.log(ms / FLOOR_MS) / Math.log(GROWTH)));
/** The middle of a bin on the log scale. */
const valueOf = (bin: number) => FLOOR_MS * GROWTH ** (bin + 0.5);

export function histogram(samples: readonly number[]): Float64Array {
  const counts = new Float64Array(BINS);
  for (const ms of samples) counts[binOf(ms)]!++;
  return counts;
}

/** The `p`-quantile (0–1) of a histogram, with the same rank rule as load.ts#summarize. */
export function quantile(counts: Float64Array, p: number): number {
  let total = 0;
  for (const c of counts) total += c;
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let bin = 0; bin < counts.length; bin++) {
    seen += counts[bin]!;
    if (seen >= rank) return valueOf(bin);
  }
  return valueOf(counts.length - 1);
}

/** A small seeded generator (mulberry32): the same runs give the same interval. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pooledResample(runs: Float64Array[], next: () => number, into: Float64Array): Float64Array {
  into.fill(0);
  for (let i = 0; i < runs.length; i++) {
    const run = runs[Math.floor(next() * runs.length)]!;
    for (let bin = 0; bin < run.length; bin++) into[bin]! += run[bin]!;
  }
  return into;
}

export interface RatioInterval {
  /** 2.5% and 97.5% quantiles of the resampled ratios. */
  low: number;
  high: number;
  resamples: number;
}

/**
 * The 95% interval of quantile(with) / quantile(without) over pooled runs, resampling whole runs of each kind.
 * `without` and `withHooks` hold one array of samples per run.
 */
export function bootstrapRatio(
  without: readonly (readonly number[])[],
  withHooks: readonly (readonly number[])[],
  options: { p?: number; resamples?: number; seed?: number } = {},
): RatioInterval {
  const { p = 0.99, resamples = 2000, seed = 1 } = options;
  if (without.length === 0 || withHooks.length === 0)
    throw new Error('bootstrapRatio needs runs of both kinds');
  const a = without.map(histogram);
  const b = withHooks.map(histogram);
  const next = random(seed);
  const poolA = new Float64Array(BINS);
  const poolB = new Float64Array(BINS);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const base = quantile(pooledResample(a, next, poolA), p);
    const hooks = quantile(pooledResample(b, next, poolB), p);
    ratios.push(hooks / base);
  }
  return middle95(ratios);
}

/** The 2.5% and 97.5% quantiles of the resampled ratios. */
function middle95(ratios: number[]): RatioInterval {
  ratios.sort((x, y) => x - y);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  return { low: at(0.025), high: at(0.975), resamples: ratios.length };
}

/**
 * The 95% interval of mean(with) / mean(without) of one figure per run (CPU per tip), resampling whole runs of
 * each kind with replacement, as bootstrapRatio does for the pooled p99.
 */
export function bootstrapMeanRatio(
  without: readonly number[],
  withHooks: readonly number[],
  options: { resamples?: number; seed?: number } = {},
): RatioInterval {
  const { resamples = 2000, seed = 1 } = options;
  if (without.length === 0 || withHooks.length === 0)
    throw new Error('bootstrapMeanRatio needs runs of both kinds');
  const next = random(seed);
  const resampledMean = (runs: readonly number[]) => {
    let sum = 0;
    for (let i = 0; i < runs.length; i++) sum += runs[Math.floor(next() * runs.length)]!;
    return sum / runs.length;
  };
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const base = resampledMean(without);
    ratios.push(resampledMean(withHooks) / base);
  }
  return middle95(ratios);
}
