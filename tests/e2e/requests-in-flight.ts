/**
 * The requests a server process started with METRICS_TOKEN=`metricsToken` is answering now, besides this question
 * itself (its Prometheus gauge): what a test waits on to know that a request is under way, or that all are answered.
 */
export async function requestsInFlight(url: string, metricsToken: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const gauge = /^homesite_http_requests_in_flight (\d+)$/m.exec(metrics);
  if (!gauge) throw new Error(`no in-flight gauge in the metrics:\n${metrics.slice(0, 2000)}`);
  return Number(gauge[1]) - 1;
}
