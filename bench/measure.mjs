// One row of the benchmark: autocannon (its programmatic API, in this process) against one
// request, a warm-up second first, then the measured run, while the server's resident memory is
// sampled. Latencies are taken from every response (autocannon's own summary has no p95), and
// every status is counted: a non-2xx answer is a failure, not a fast result.
import autocannon from 'autocannon';
import { watchMemory } from './server.mjs';

const WARM_UP_SECONDS = 1;

/**
 * @typedef {{ id: string, name: string, url: string, path: string, connections: number,
 *   headers?: Record<string, string>, method?: string,
 *   nextRequest?: () => { path?: string, body: string } }} Scenario
 * `nextRequest`: a fresh body (and path) for every request (then the measured run is a fixed
 * number of requests, as many as the warm-up's rate makes in the run's duration).
 */

export function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs autocannon once; returns what every response said and how long it took. */
async function fire(scenario, limit) {
  const request = { method: scenario.method ?? 'GET', path: scenario.path };
  if (scenario.nextRequest) request.setupRequest = (raw) => ({ ...raw, ...scenario.nextRequest() });
  const instance = autocannon({
    url: scenario.url,
    connections: scenario.connections,
    headers: scenario.headers ?? {},
    requests: [request],
    ...limit,
  });
  const latencies = [];
  const statuses = {};
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const started = performance.now();
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return { latencies, statuses, seconds, errors: result.errors, timeouts: result.timeouts };
}

/** What a scenario's measured runs add up to, with its warm-up's failures. */
function summarize(scenario, runs, warmUp, peakRssMb) {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    id: scenario.id,
    name: scenario.name,
    connections: scenario.connections,
    requests: latencies.length,
    seconds: round(seconds, 2),
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    // The warm-up's refusals count too: a route that fails at first is not a result either.
    non2xx:
      latencies.length - countOk(statuses) + warmUp.latencies.length - countOk(warmUp.statuses),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    statuses,
    ...(peakRssMb === undefined ? {} : { peakRssMb }),
  };
}

/**
 * Warm-up, then the measured run of `durationSeconds` (or as many requests as the warm-up's
 * rate makes in that time), with the peak resident memory of process `pid`.
 * @param {Scenario} scenario
 */
export async function measure(scenario, { durationSeconds, pid }) {
  const warmUp = await fire(scenario, { duration: WARM_UP_SECONDS });
  const warmUpRate = warmUp.latencies.length / warmUp.seconds;
  const limit = scenario.nextRequest
    ? { amount: Math.max(scenario.connections, Math.round(warmUpRate * durationSeconds)) }
    : { duration: durationSeconds };
  const memory = pid ? watchMemory(pid) : undefined;
  const run = await fire(scenario, limit);
  return summarize(scenario, [run], warmUp, memory?.stop());
}

/**
 * Scenarios to be compared with each other, measured in turns of one second each for
 * `durationSeconds` rounds (after a warm-up each): whatever else the machine is doing meanwhile
 * weighs on all of them alike, which one long run after another would not give.
 * @param {Scenario[]} scenarios
 */
export async function measureTogether(scenarios, { durationSeconds, pid }) {
  const warmUps = [];
  for (const scenario of scenarios)
    warmUps.push(await fire(scenario, { duration: WARM_UP_SECONDS }));
  const memory = watchMemory(pid);
  const runs = scenarios.map(() => []);
  for (let turn = 0; turn < Math.max(1, Math.round(durationSeconds)); turn += 1) {
    for (const [index, scenario] of scenarios.entries()) {
      runs[index].push(await fire(scenario, { duration: 1 }));
    }
  }
  const peakRssMb = memory.stop();
  return scenarios.map((scenario, index) =>
    summarize(scenario, runs[index], warmUps[index], peakRssMb),
  );
}

function countOk(statuses) {
  return Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
}
