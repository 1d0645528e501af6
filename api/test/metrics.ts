import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** A token for METRICS_TOKEN in tests (32+ characters). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

export type MetricFamilies = ReturnType<typeof parsePrometheusTextFormat>;

/** GET /metrics with the test token; the body parsed by a maintained text-format parser (which throws on bad text). */
export async function scrapeMetrics(baseUrl: string, token = TEST_METRICS_TOKEN): Promise<MetricFamilies> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return parsePrometheusTextFormat(await res.text());
}

/** The value of the sample of `name` whose labels include `labels` (0 when absent); a histogram's count. */
export function sampleOf(
  families: MetricFamilies,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  if (!sample) return 0;
  return Number(sample.value ?? sample.count ?? 0);
}
