import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProduct } from '../api/test/product.ts';
import { REPO_ROOT } from './product.ts';

/**
 * Lighthouse on the built landing page, quiet and with both cores busy: a busy CI machine must never
 * turn the Lighthouse gate (performance ≥ 0.95, lighthouserc.json) red. Starts the product as `npm start` does
 * (seeded, like `npm run lhci`), runs Lighthouse's mobile preset (simulated throttling, the settings of
 * lighthouserc.json) `runs` times on a quiet machine, then `runs` times while a bounded CPU hog (one spinning child
 * per core, each with its own deadline, killed afterwards) keeps every core busy. Prints the performance score,
 * main-thread work and script boot-up time (both simulated, as the audits report them) and the 1-minute load
 * average of each run. Needs `npm run build` first.
 *
 * Alone: `npm run bench:lighthouse` (`/` then `/guest-tip`; `-- --path=/guest-tip?lang=hi,/login --runs=5
 * --quiet-only` for other pages, count or series); `npm run bench` runs it after the API phases.
 */

export interface LighthouseRun {
  score: number;
  mainThreadMs: number;
  bootupMs: number;
  totalBlockingMs: number;
  largestPaintMs: number;
  /** Scripts the page loaded (transfer size, KiB) and how many: what it runs before the visitor acts. */
  scriptKiB: number;
  scripts: number;
  /** 1-minute load average just before the run. */
  load: number;
  /** Lighthouse's own error when the run measured nothing (e.g. NO_FCP on an overloaded machine). */
  error?: string;
}

export interface LighthouseBusyResult {
  path: string;
  quiet: LighthouseRun[];
  busy: LighthouseRun[];
  /** Runs that measured nothing and were run again. */
  lost: LighthouseRun[];
  note?: string;
}

/** Chromium's flags as Lighthouse CI passes them (lighthouserc.json, the one place they are written). */
function chromeFlags(): string[] {
  const rc = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'lighthouserc.json'), 'utf8')) as {
    ci: { collect: { settings: { chromeFlags: string } } };
  };
  return rc.ci.collect.settings.chromeFlags.split(/\s+/).filter(Boolean);
}
/** The busy runs stop well before this; the hog's children stop themselves at it even if this process dies. */
const HOG_LIMIT_MS = 180_000;
/** The whole job's limit (about 2 minutes on a quiet machine). */
const LIMIT_MS = 360_000;

const load1 = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/** One spinning process per core, each bounded by its own deadline. */
function startHog(): ChildProcess[] {
  const spin = `const end = Date.now() + ${HOG_LIMIT_MS}; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);`;
  return Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
}

async function stopHog(hog: ChildProcess[]): Promise<void> {
  await Promise.all(
    hog.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      return exited;
    }),
  );
}

/** One Lighthouse run in a fresh Chromium, as Lighthouse CI does (a reused one fails traces now and then). */
async function runOnce(url: string, chromes: Set<chromeLauncher.LaunchedChrome>): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromeFlags(),
  });
  chromes.add(chrome);
  try {
    return await measure(url, chrome.port);
  } finally {
    chrome.kill();
    chromes.delete(chrome);
  }
}

async function measure(url: string, port: number): Promise<LighthouseRun> {
  const load = load1();
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: { formFactor: 'mobile', skipAudits: ['uses-http2'] },
    },
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_SAVE_DIR=<dir> keeps each run's full report (which tasks, which scripts) and its trace
  // (trace-<time>.json: open it in Chrome DevTools' Performance panel) for a closer look.
  if (process.env.LIGHTHOUSE_SAVE_DIR) {
    const at = Date.now();
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, `lhr-${at}.json`), JSON.stringify(lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, `trace-${at}.json`), JSON.stringify(trace));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined;
  const script = resources?.items?.find((item) => item.resourceType === 'script');
  return {
    score: lhr.categories.performance?.score ?? 0,
    mainThreadMs: audit('mainthread-work-breakdown'),
    bootupMs: audit('bootup-time'),
    totalBlockingMs: audit('total-blocking-time'),
    largestPaintMs: audit('largest-contentful-paint'),
    scriptKiB: (script?.transferSize ?? Number.NaN) / 1024,
    scripts: script?.requestCount ?? Number.NaN,
    load,
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/** Runs the quiet and busy series on `pagePath` of a freshly started product. */
export async function lighthouseBusy({
  pagePath = '/',
  runs = 3,
  busy = true,
  log = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`),
} = {}): Promise<LighthouseBusyResult> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'pwa/dist/index.html')))
    return {
      path: pagePath,
      quiet: [],
      busy: [],
      lost: [],
      note: 'pwa/dist missing: run `npm run build` first',
    };
  const product = await startProduct({ SANDBOX_SEED: 'true' });
  const chromes = new Set<chromeLauncher.LaunchedChrome>();
  let hog: ChildProcess[] = [];
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await stopHog(hog);
      for (const chrome of chromes) chrome.kill();
      await product.stop();
    })());
  // Bounded like the rest of the bench: whatever hangs, the hog, Chromium and the product stop.
  const watchdog = setTimeout(() => {
    log(`watchdog: over ${LIMIT_MS / 1000} s; cleaning up`);
    void cleanup().finally(() => process.exit(1));
  }, LIMIT_MS);
  const result: LighthouseBusyResult = { path: pagePath, quiet: [], busy: [], lost: [] };
  const series = async (name: 'quiet' | 'busy') => {
    for (let i = 0; i < runs; i++) {
      // Lighthouse now and then loses a trace on a loaded machine (NO_NAVSTART): such a run is run again, twice at most.
      let run = await runOnce(url, chromes);
      for (let retry = 0; run.error && retry < 2; retry++) {
        log(`${name} ${i + 1}/${runs} measured nothing (${run.error.split(':')[0]}); again`);
        result.lost.push(run);
        run = await runOnce(url, chromes);
      }
      result[name].push(run);
      log(`${name} ${i + 1}/${runs}: ${describe(run)}`);
    }
  };
  const url = `${product.url}${pagePath}`;
  try {
    // A first visit warms the product's file cache and Chromium; it is not counted.
    await runOnce(url, chromes);
    await series('quiet');
    if (busy) {
      hog = startHog();
      await new Promise((r) => setTimeout(r, 2_000));
      await series('busy');
    }
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
  return result;
}

const describe = (r: LighthouseRun) =>
  `score ${r.score.toFixed(2)}, main-thread ${r.mainThreadMs.toFixed(0)} ms, boot-up ${r.bootupMs.toFixed(0)} ms, ` +
  `TBT ${r.totalBlockingMs.toFixed(0)} ms, LCP ${r.largestPaintMs.toFixed(0)} ms, ` +
  `JS ${r.scriptKiB.toFixed(1)} KiB in ${r.scripts}, load ${r.load}`;

/** The table `npm run bench` prints: one row per run, then the lowest score of each series against 0.95. */
export function lighthouseTable(result: LighthouseBusyResult): string {
  if (result.note) return `Lighthouse on ${result.path}: ${result.note}`;
  const rows = [
    `Lighthouse (mobile, simulated throttling) on ${result.path}`,
    'series  run  score  main-thread ms  boot-up ms  TBT ms  LCP ms  JS KiB (files)  load (1 min)',
  ];
  for (const [name, series] of [
    ['quiet', result.quiet],
    ['busy', result.busy],
  ] as const) {
    series.forEach((r, i) =>
      rows.push(
        `${name.padEnd(6)}  ${String(i + 1).padStart(3)}  ${r.score.toFixed(2).padStart(5)}  ` +
          `${r.mainThreadMs.toFixed(0).padStart(14)}  ${r.bootupMs.toFixed(0).padStart(10)}  ` +
          `${r.totalBlockingMs.toFixed(0).padStart(6)}  ${r.largestPaintMs.toFixed(0).padStart(6)}  ` +
          `${`${r.scriptKiB.toFixed(1)} (${r.scripts})`.padStart(14)}  ${r.load}`,
      ),
    );
  }
  const measured = (series: LighthouseRun[]) => series.filter((r) => !r.error);
  const lowest = (series: LighthouseRun[]) =>
    measured(series).length > 0 ? Math.min(...measured(series).map((r) => r.score)) : Number.NaN;
  for (const r of [...result.lost, ...result.quiet, ...result.busy].filter((run) => run.error))
    rows.push(`a run measured nothing (run again, not counted): ${r.error}`);
  rows.push(
    `lowest score quiet ${lowest(result.quiet).toFixed(2)}, busy ${lowest(result.busy).toFixed(2)} ` +
      `(target ≥ 0.95 busy): ${lowest(result.busy) >= 0.95 ? 'met' : 'NOT met'}`,
  );
  return rows.join('\n');
}

/** The pages `npm run bench` measures: the landing page and the guest page. */
export const BENCH_PAGES = ['/', '/guest-tip'] as const;

/**
 * `npm run bench`'s Lighthouse job, after the API phases (bench/run.ts): a full run only (not `--only=`,
 * `--speech-only`, `--webhooks-only`), skipped with `--no-lighthouse`. Prints one table per page of BENCH_PAGES and
 * writes them as JSON to bench/results/lighthouse-<timestamp>.json.
 */
export async function lighthouseBench(argv: string[]): Promise<void> {
  const partial = ['--only=', '--speech-only', '--webhooks-only', '--no-lighthouse'];
  if (argv.some((a) => partial.some((flag) => a.startsWith(flag)))) return;
  const results: LighthouseBusyResult[] = [];
  for (const pagePath of BENCH_PAGES) {
    const result = await lighthouseBusy({ pagePath });
    console.log(`\n${lighthouseTable(result)}`);
    results.push(result);
  }
  const dir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ takenAt: new Date().toISOString(), pages: results }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
  const pages = arg('path')?.split(',') ?? BENCH_PAGES;
  (async () => {
    for (const pagePath of pages) {
      const result = await lighthouseBusy({
        pagePath,
        runs: Number(arg('runs') ?? 3),
        busy: !process.argv.includes('--quiet-only'),
      });
      console.log(lighthouseTable(result));
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
