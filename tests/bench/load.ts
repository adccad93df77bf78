/** Fires `total` requests with at most `concurrency` in flight; returns latency percentiles and throughput. */
export async function load(
  request: () => Promise<Response>,
  { total, concurrency }: { total: number; concurrency: number },
) {
  const latencies: number[] = [];
  let started = 0;
  let failures = 0;
  const began = performance.now();
  async function worker() {
    while (started < total) {
      started++;
      const t0 = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        // 304 is the answer a conditional refresh wants, not a failure.
        if (!response.ok && response.status !== 304) failures++;
      } catch {
        // A dropped connection counts as failed; the run goes on so that the figures still print.
        failures++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { total, concurrency, failures, p50: at(50), p99: at(99), perSecond: total / seconds };
}

export const formatLoad = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ` +
  `${r.perSecond.toFixed(0).padStart(6)} req/s  (${r.total} requests, ${r.concurrency} concurrent, ${r.failures} failed)`;
