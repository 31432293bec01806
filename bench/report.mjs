// What `npm run bench` prints and keeps: a table per scale, the budgets as PASS/FAIL lines, and
// bench/results.json, which keeps the latest run of each engine under its name (formatted as the
// repository's prettier would, so it can be committed as is).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { CHURN_EVERY_MS } from './scenarios.mjs';

const SLOTS_P95_LIMIT_MS = 20;
const SEARCH_P95_LIMIT_MS = 50;
const GROWTH_LIMIT = 2;
const SERVICES_SHARE = 0.5;
const SIGNED_IN_SHARE = 0.2;
const RSS_LIMIT_MB = 300;

const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;
const ms = (value) => `${value} ms`;

/** The row `id` of a scale's results. */
const rowOf = (scale, id) => scale.rows.find((row) => row.id === id);

/** Each row's share of the baseline's requests per second. */
export function addBaselineRatios(rows) {
  const baseline = rows.find((row) => row.id === 'baseline');
  for (const row of rows) row.ratioToBaseline = row.requestsPerSecond / baseline.requestsPerSecond;
}

export function printScaleTable(scale, engine) {
  const { label, data } = scale;
  console.log(
    `\n${label}: ${data.appointments.toLocaleString('en-US')} appointments, ` +
      `${data.customers.toLocaleString('en-US')} customers, ${data.technicians} technicians, ` +
      `${data.historyDays} days of history (${engine})\n  busy day ${scale.busyDay.date}: ` +
      `${scale.busyDay.slotsOffered} of ${scale.busyDay.slotsInDay} slots free; the admin's ` +
      `search for the customer's name matches ${scale.searchMatches} appointments`,
  );
  if (scale.technicianDay) printTechnicianDay(scale.technicianDay);
  const header = [
    'row',
    'conns',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'vs base',
    'non-2xx',
    'RSS MB',
  ];
  const lines = scale.rows.map((row) => [
    row.name,
    row.connections,
    row.requestsPerSecond,
    row.p50,
    row.p95,
    row.p99,
    percent(row.ratioToBaseline),
    row.non2xx + row.errors > 0 ? `${row.non2xx + row.errors} FAILED` : '0',
    row.peakRssMb ?? '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => String(line[column]).length)),
  );
  const render = (cells) =>
    '  ' +
    cells
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[0]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  console.log(render(header));
  for (const line of lines) console.log(render(line));
  const load = (value) => value.toFixed(1);
  console.log(
    '  (the first three rows measured in 1-second turns, so other work on the machine weighs on ' +
      'them alike; RSS is the Pitstop server process; 1-minute load average ' +
      `${load(scale.loadAverage.before)} before, ${load(scale.loadAverage.after)} after)`,
  );
  if (scale.reminders) printReminders(scale.reminders);
}

/** How the busy day looks by technicians' schedules (the last row's). */
function printTechnicianDay(day) {
  console.log(
    `  by technicians' schedules: ${day.visits} visits in ${day.lanes} technicians' days ` +
      `(${day.technicians} working, homes and visits at Atlanta ZIPs); a ${day.service} visit at ` +
      `${day.zipCode} is offered ${day.slotsOffered.length} of ${day.slotsInDay} slots ` +
      `(${day.slotsOffered.join(' ') || 'none'}; ${day.slotsWithoutZip} before the ZIP is known)`,
  );
}

/** The due reminders' claims, each way, and the plan of the indexed one. */
function printReminders(reminders) {
  const { indexed, withoutIndexes } = reminders;
  const way = (name, figures) =>
    `    ${name.padEnd(19)} ${String(figures.perSecond).padStart(6)}/s  p50 ${ms(figures.p50)}, ` +
    `p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)} (the claim alone p50 ${ms(figures.claimP50)})`;
  console.log(
    `\n  due reminders: ${reminders.total.toLocaleString('en-US')} in the outbox ` +
      `(${reminders.pending.toLocaleString('en-US')} pending), ${reminders.due} made due; ` +
      `${indexed.claims} claimed and marked sent each way, in turns` +
      (reminders.backlog > 0 ? ` (${reminders.backlog} other due messages sent first)` : ''),
  );
  console.log(way('with the indexes', indexed));
  console.log(way('index scans off', withoutIndexes));
  console.log(
    `    ${reminders.speedup.toFixed(1)}x faster with the indexes; the indexed claim's plan:`,
  );
  console.log(reminders.plans.indexed.replace(/^/gm, '      '));
}

export function printRateLimiter(limiter) {
  console.log(
    `\nGlobal rate limiter (10k, ${limiter.with.connections} connections, GET /api/services, ` +
      `faster of two runs each): ` +
      `${limiter.with.requestsPerSecond} req/s with it, ${limiter.without.requestsPerSecond} ` +
      `without: ${percent(limiter.ratio)} (p95 ${limiter.with.p95} vs ${limiter.without.p95} ms)` +
      (limiter.with.non2xx > 0 ? `; ${limiter.with.non2xx} non-2xx answers, not a result` : ''),
  );
}

/** A budget's line: 'PASS', 'FAIL' or 'n/a' with what was measured. */
const budget = (name, status, detail) => ({ name, status, detail });

/** FAIL when a row it reads had failed requests: a refused request is not a fast one. */
function failedRows(rows) {
  const failed = rows.filter((row) => row && row.non2xx + row.errors > 0);
  return failed.length > 0
    ? `; ${failed.map((row) => `${row.name} had ${row.non2xx + row.errors} failed`).join(', ')}`
    : '';
}

function growthBudget(name, id, first, last) {
  if (!first || !last) return budget(name, 'n/a', 'needs the 10k and 1M scales');
  const [small, large] = [rowOf(first, id), rowOf(last, id)];
  const failed = failedRows([small, large]);
  const ok = large.p95 <= GROWTH_LIMIT * small.p95 && !failed;
  return budget(
    name,
    ok ? 'PASS' : 'FAIL',
    `${ms(large.p95)} at 1M vs ${ms(small.p95)} at 10k${failed}`,
  );
}

function latencyBudget(name, id, last, limit, engine) {
  if (engine !== 'postgres') return budget(name, 'n/a', 'n/a on PGlite');
  if (!last) return budget(name, 'n/a', 'needs the 1M scale');
  const row = rowOf(last, id);
  const failed = failedRows([row]);
  return budget(
    name,
    row.p95 <= limit && !failed ? 'PASS' : 'FAIL',
    `${ms(row.p95)} at 1M${failed}`,
  );
}

function shareBudget(name, id, scales, share) {
  const rows = scales.map((scale) => rowOf(scale, id));
  const failed = failedRows(rows);
  const ok = rows.every((row) => row.ratioToBaseline >= share) && !failed;
  const detail = scales.map((scale, i) => `${scale.label} ${percent(rows[i].ratioToBaseline)}`);
  return budget(name, ok ? 'PASS' : 'FAIL', detail.join(', ') + failed);
}

/**
 * The technicians' busy day offers some of its slots and not all: an empty list or a full one
 * would be measured without the fitting it is there to measure.
 */
function technicianDayBudget(scales) {
  const days = scales.filter((scale) => scale.technicianDay);
  const offered = (scale) => scale.technicianDay.slotsOffered.length;
  const ok = days.every(
    (scale) => offered(scale) > 0 && offered(scale) < scale.technicianDay.slotsInDay,
  );
  return budget(
    "the technicians' busy day offers some of its slots, not none nor all",
    days.length === 0 ? 'n/a' : ok ? 'PASS' : 'FAIL',
    days
      .map((scale) => `${scale.label} ${offered(scale)} of ${scale.technicianDay.slotsInDay}`)
      .join(', '),
  );
}

/** The issue's server-side budgets, and that every measured request succeeded. */
export function evaluateBudgets({ engine, scales, rateLimiter }) {
  const first = scales.find((scale) => scale.label === '10k');
  const last = scales.find((scale) => scale.label === '1M');
  const peak = Math.max(...scales.flatMap((scale) => scale.rows.map((row) => row.peakRssMb ?? 0)));
  const allRows = [...scales.flatMap((scale) => scale.rows), ...(rateLimiter?.runs ?? [])];
  const failed = allRows.filter((row) => row.non2xx + row.errors > 0);
  const withReminders = scales.filter((scale) => scale.reminders);
  return [
    growthBudget('time slots p95 at 1M <= 2x 10k (10 connections)', 'slots-10', first, last),
    growthBudget('admin search p95 at 1M <= 2x 10k (10 connections)', 'search-10', first, last),
    growthBudget('visit move p95 at 1M <= 2x 10k (10 connections)', 'move-10', first, last),
    growthBudget(
      "time slots by technicians' schedules p95 at 1M <= 2x 10k (10 connections)",
      'slots-technicians-10',
      first,
      last,
    ),
    latencyBudget(
      `time slots p95 <= ${SLOTS_P95_LIMIT_MS} ms at 1M (10 connections)`,
      'slots-10',
      last,
      SLOTS_P95_LIMIT_MS,
      engine,
    ),
    latencyBudget(
      `time slots by technicians' schedules p95 <= ${SLOTS_P95_LIMIT_MS} ms at 1M (10 connections)`,
      'slots-technicians-10',
      last,
      SLOTS_P95_LIMIT_MS,
      engine,
    ),
    // The day is kept in memory until a booking changes: also while bookings change often.
    latencyBudget(
      `time slots by technicians' schedules p95 <= ${SLOTS_P95_LIMIT_MS} ms at 1M while a booking is written every ${CHURN_EVERY_MS} ms (10 connections)`,
      'slots-technicians-churn-10',
      last,
      SLOTS_P95_LIMIT_MS,
      engine,
    ),
    technicianDayBudget(scales),
    latencyBudget(
      `admin search p95 <= ${SEARCH_P95_LIMIT_MS} ms at 1M (10 connections)`,
      'search-10',
      last,
      SEARCH_P95_LIMIT_MS,
      engine,
    ),
    shareBudget(
      `service list >= ${percent(SERVICES_SHARE)} of the baseline's req/s`,
      'services',
      scales,
      SERVICES_SHARE,
    ),
    shareBudget(
      `signed-in GET /api/me >= ${percent(SIGNED_IN_SHARE)} of the baseline's req/s`,
      'me',
      scales,
      SIGNED_IN_SHARE,
    ),
    budget(
      'the due reminders are claimed through email_outbox_due_idx (EXPLAIN)',
      withReminders.length === 0
        ? 'n/a'
        : withReminders.every((scale) => scale.reminders.usesDueIndex)
          ? 'PASS'
          : 'FAIL',
      withReminders
        .map(
          (scale) =>
            `${scale.label} ${scale.reminders.usesDueIndex ? 'index' : 'no index'}, ` +
            `p50 ${ms(scale.reminders.indexed.p50)} vs ${ms(scale.reminders.withoutIndexes.p50)} without`,
        )
        .join('; '),
    ),
    budget(
      `server peak RSS < ${RSS_LIMIT_MB} MB`,
      peak < RSS_LIMIT_MB ? 'PASS' : 'FAIL',
      `${peak} MB`,
    ),
    budget(
      'every measured request answered 2xx',
      failed.length === 0 ? 'PASS' : 'FAIL',
      failed.length === 0
        ? `${allRows.length} runs`
        : failed
            .map(
              (row) =>
                `${row.name} (${row.connections}): ${JSON.stringify(row.statuses)}, ${row.errors} errors`,
            )
            .join('; '),
    ),
  ];
}

export function printBudgets(budgets) {
  console.log('\nBudgets');
  for (const { name, status, detail } of budgets) {
    console.log(`  ${status.padEnd(4)}  ${name}: ${detail}`);
  }
}

export function printPhases(phases) {
  console.log('\nPhases');
  for (const { name, seconds } of phases)
    console.log(`  ${String(seconds).padStart(7)} s  ${name}`);
}

/** Replaces `engine`'s entry in `file`, keeping the other engine's latest run. */
export async function writeResults(file, engine, results) {
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const options = { ...(await resolveConfig(file)), parser: 'json' };
  writeFileSync(file, await format(JSON.stringify({ ...kept, [engine]: results }), options));
}
