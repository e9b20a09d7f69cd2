import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP_S = Math.min(3, DURATION_S);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

/**
 * A discarded warm-up, then `durationS` (DURATION_S) seconds of load at CONNECTIONS connections.
 * Requests/s is the completed total over the measured time: at a few requests a second the
 * per-second samples autocannon averages are too coarse.
 */
export async function load(
  options: AutocannonOptions,
  durationS: number = DURATION_S,
): Promise<LoadResult> {
  const settings = { connections: CONNECTIONS, ...options };
  await autocannon({ ...settings, duration: WARMUP_S });
  const r: AutocannonResult = await autocannon({ ...settings, duration: durationS });
  return {
    url: options.url,
    requestsPerSecond: r.requests.total / r.duration,
    p99Ms: r.latency.p99,
    p50Ms: r.latency.p50,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** A plain-text table, columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}
