import { performance } from 'node:perf_hooks';

export type Figures = { n: number; p50: number; p95: number; p99: number; mean: number; perSecond: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Percentiles, mean and rate of request latencies (ms) measured over `elapsed` seconds. */
export function figuresOf(latencies: number[], elapsed: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    perSecond: sorted.length / elapsed,
  };
}

/** Runs `task` `total` times with `concurrency` in flight and returns latency percentiles (ms). */
export async function measure(
  task: () => Promise<void>,
  options: { total: number; concurrency: number; warmup?: number },
): Promise<Figures> {
  for (let i = 0; i < (options.warmup ?? 10); i++) await task();
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  const worker = async () => {
    while (started < options.total) {
      started++;
      const t0 = performance.now();
      await task();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return figuresOf(latencies, (performance.now() - begin) / 1000);
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');

/**
 * Starts `task` `perSecond` times a second, `total` times, whether or not the earlier ones have
 * answered (visitors arriving on their own, unlike `measure`'s callers, who wait for their answer
 * before asking again), and returns latency percentiles (ms). Work the server cannot keep up with
 * shows as latencies that grow.
 */
export async function measureArrivals(task: () => Promise<void>, options: { total: number; perSecond: number }): Promise<Figures> {
  const latencies: number[] = [];
  const begin = performance.now();
  const runs: Array<Promise<void>> = [];
  const due = (i: number) => begin + (i * 1000) / options.perSecond;
  for (let i = 0; i < options.total;) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due(i) - performance.now())));
    // Every arrival already due starts now: a timer that fired late (a busy machine) does not
    // slow the arrivals down, so the rate asked is the rate offered.
    for (const now = performance.now(); i < options.total && due(i) <= now; i++) {
      const t0 = performance.now();
      runs.push(task().then(() => void latencies.push(performance.now() - t0)));
    }
  }
  await Promise.all(runs);
  return figuresOf(latencies, (performance.now() - begin) / 1000);
}
