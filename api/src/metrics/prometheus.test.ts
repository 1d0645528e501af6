import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';
import { sampleOf, scrapeMetrics, TEST_METRICS_TOKEN } from '../../test/metrics.ts';
import { freePort } from '../ports.ts';

// Debian's `prometheus` package (CI installs it; .ci/run) brings both binaries. Without them these tests say so
// in their names: the scrape falls back to a maintained text-format parser, the rule checks are skipped.
// PROMETHEUS_TEST_BINARY=none runs the fallback on a machine that has Prometheus.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULES = path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml');
const has = (binary: string) => spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;
const hasPrometheus = has(process.env.PROMETHEUS_TEST_BINARY ?? 'prometheus');
const hasPromtool = has('promtool');

const app = await createTestApp({ env: { METRICS_TOKEN: TEST_METRICS_TOKEN } });
const { db, config } = app.deps;

/** Sends one wallet tip through the API (the scrape must then count it). */
async function sendOneTip(): Promise<void> {
  const creator = await buildCreator(db, config);
  const viewer = await buildUser(db, config, { balancePaise: 10_000 });
  const res = await app.request('POST', '/api/tips/send', {
    token: viewer.token,
    body: { amount: 10, message: 'Scraped!', creator: creator.handle },
  });
  expect(res.status).toBe(200);
}

/** Starts Prometheus scraping this app's /metrics every second with the bearer token; stopped after the test. */
async function startPrometheus(): Promise<{ url: string; output(): string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-prometheus-'));
  const tokenFile = path.join(dir, 'token');
  fs.writeFileSync(tokenFile, TEST_METRICS_TOKEN, { mode: 0o600 });
  const target = new URL(app.url).host;
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      `rule_files: ['${RULES}']`,
      'scrape_configs:',
      '  - job_name: shabaash',
      '    metrics_path: /metrics',
      '    scrape_timeout: 1s',
      '    authorization:',
      '      type: Bearer',
      `      credentials_file: ${tokenFile}`,
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  onTestFinished(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}`, output: () => output };
}

/** The first value of an instant query (null while Prometheus is not up or has no such series). */
async function query(prometheusUrl: string, promql: string): Promise<number | null> {
  try {
    const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { data?: { result?: Array<{ value: [number, string] }> } };
    const first = body.data?.result?.[0];
    return first ? Number(first.value[1]) : null;
  } catch {
    return null;
  }
}

describe('/metrics scraped by Prometheus', () => {
  it.runIf(hasPrometheus)(
    'a real Prometheus (Debian package) scrapes /metrics with the bearer token and sees the tip the test sent',
    async () => {
      await sendOneTip();
      const prometheus = await startPrometheus();
      await expect
        .poll(() => query(prometheus.url, 'up{job="shabaash"}'), { timeout: 30_000, interval: 500 })
        .toBe(1);
      await expect
        .poll(() => query(prometheus.url, 'sum(shabaash_tips_total{outcome="sent"})'), {
          timeout: 30_000,
          interval: 500,
        })
        .toBeGreaterThanOrEqual(1);
      expect(await query(prometheus.url, 'shabaash_part_up{part="database"}')).toBe(1);
      // The alert rules loaded into the same Prometheus, and none of them fires on a healthy app.
      const rules = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as {
        data: { groups: Array<{ rules: Array<{ name: string; health: string; state: string }> }> };
      };
      const loaded = rules.data.groups.flatMap((g) => g.rules);
      expect(loaded.map((r) => r.name)).toContain('ShabaashDatabaseUnreachable');
      expect(loaded.filter((r) => r.health === 'err')).toEqual([]);
    },
    60_000,
  );

  it.runIf(!hasPrometheus)(
    'prometheus is not installed (apt-get install prometheus): /metrics is validated by parse-prometheus-text-format instead',
    async () => {
      await sendOneTip();
      const families = await scrapeMetrics(app.url);
      expect(sampleOf(families, 'shabaash_tips_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
      expect(sampleOf(families, 'shabaash_part_up', { part: 'database' })).toBe(1);
    },
  );
});

describe('deploy/prometheus/alerts.yml', () => {
  const promtool = (...args: string[]) =>
    spawnSync('promtool', args, { cwd: path.join(REPO_ROOT, 'deploy/prometheus'), encoding: 'utf8' });

  it.skipIf(!hasPromtool)('passes promtool check rules', () => {
    const result = promtool('check', 'rules', 'alerts.yml');
    expect(result.stderr + result.stdout).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it.skipIf(!hasPromtool)(
    'passes its promtool unit tests: each paging alert fires on what it guards, and only then',
    () => {
      const result = promtool('test', 'rules', 'alerts.test.yml');
      expect(result.stdout + result.stderr).toContain('SUCCESS');
      expect(result.status).toBe(0);
    },
  );
});
