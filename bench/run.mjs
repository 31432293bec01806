// `npm run bench`: how the production server holds up as the business's history grows.
//
// Builds the web app and the server bundle if needed (scripts/start.mjs), makes a fresh database
// (PGlite in bench/.data, or with DATABASE_URL a throwaway database on that PostgreSQL server,
// dropped at the end), creates an admin and a customer through the API, then for each scale (10k,
// 100k, 1M appointments) grows the history in SQL with the server stopped (bench/data.mjs),
// starts the production server and drives it over loopback with autocannon: one table per scale
// of req/s and p50/p95/p99 per row, against a bare Fastify server measured in the same run. Its
// last row is the busy day's slots by technicians' schedules, on a server restarted after the
// business switched mode and the day's visits went to technicians (bench/technician-day.mjs). At
// 10k it also measures the global rate limiter's cost. After each load, with the server stopped,
// it claims due visit reminders from the outbox with and without its indexes (bench/reminders.mjs).
// First, with no server, it assigns a generated metro day of visits two ways (bench/driving.mjs).
// Prints each phase's duration and the budgets as PASS/FAIL lines, writes its engine's entry in
// bench/results.json, and exits 1 when a budget fails.
//
//   npm run bench                                 PGlite, all three scales, 5 s a row
//   DATABASE_URL=postgres://… npm run bench       PostgreSQL (a throwaway database on it)
//   npm run bench -- --scales=10k,100k --duration=3
//   npm run bench -- --keep-indexes               load with the indexes in place (to compare)
//
// The load generator runs in this process on the same machine as the server (and PostgreSQL):
// the figures are for comparing rows and scales, not for capacity planning.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../e2e/support/server.mjs';
import { ensureServerBuild, ensureWebBuild } from '../scripts/start.mjs';
import { createAccounts } from './accounts.mjs';
import { BUSY_DAY_OFFSET } from './data.mjs';
import { createEngine, growHistory, withDatabase } from './database.mjs';
import { measureDriving, printDriving } from './driving.mjs';
import { measure, measureTogether } from './measure.mjs';
import { moveRequests } from './moves.mjs';
import { measureReminderClaims } from './reminders.mjs';
import {
  addBaselineRatios,
  evaluateBudgets,
  printBudgets,
  printPhases,
  printRateLimiter,
  printScaleTable,
  writeResults,
} from './report.mjs';
import {
  addDays,
  CHURN_EVERY_MS,
  freeSlots,
  servicesRow,
  scenarios,
  searchPath,
  slotsOfDay,
  technicianSlotsPath,
  technicianSlotsRow,
} from './scenarios.mjs';
import { startBaseline, startPitstop } from './server.mjs';
import {
  backToCapacity,
  giveBusyDayToTechnicians,
  TECHNICIAN_SLOTS_SERVICE,
  TECHNICIAN_SLOTS_ZIP,
} from './technician-day.mjs';

const SCALES = { '10k': 10_000, '100k': 100_000, '1M': 1_000_000 };
const DATA_ROOT = path.join(ROOT, 'bench/.data');
/** The latest run of each engine, side by side: `{ "pglite": {...}, "postgres": {...} }`. */
const RESULTS_FILE = path.join(ROOT, 'bench/results.json');
// High enough that the limiter refuses nothing, low enough for RATE_LIMIT_PER_MINUTE's 7 digits.
const HIGH_RATE_LIMIT = 9_999_999;
const LOAD_GENERATOR_NOTE =
  'autocannon runs in the bench process on the same machine as the server (and PostgreSQL), ' +
  'over loopback: they share its CPUs';

function readOptions() {
  const { values } = parseArgs({
    options: {
      scales: { type: 'string', default: Object.keys(SCALES).join(',') },
      duration: { type: 'string', default: '5' },
      'keep-indexes': { type: 'boolean', default: false },
    },
  });
  const labels = values.scales.split(',').map((label) => label.trim().toLowerCase());
  const known = Object.keys(SCALES).map((label) => label.toLowerCase());
  const unknown = labels.filter((label) => !known.includes(label));
  if (unknown.length > 0) throw new Error(`unknown scale ${unknown.join(', ')}: use 10k, 100k, 1M`);
  const durationSeconds = Number(values.duration);
  if (!(durationSeconds > 0)) throw new Error('--duration must be a number of seconds above 0');
  return {
    scales: Object.keys(SCALES).filter((label) => labels.includes(label.toLowerCase())),
    durationSeconds,
    keepIndexes: values['keep-indexes'],
  };
}

const phases = [];

/** Runs one phase of the benchmark and records (and prints) how long it took. */
async function phase(name, work) {
  const started = performance.now();
  const result = await work();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  phases.push({ name, seconds });
  console.log(`[${seconds} s] ${name}`);
  return result;
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** The hours of the business and how full its busy day is, as the server answers them. */
async function describeBusyDay(url, busyDate) {
  const { hours } = await getJson(`${url}/api/business`);
  const { slots } = await getJson(`${url}/api/booking/slots?date=${busyDate}`);
  const slotsInDay = slotsOfDay(hours, busyDate).length;
  return { hours, busyDay: { date: busyDate, slotsOffered: slots.length, slotsInDay } };
}

/**
 * The busy day by technicians' schedules (bench/technician-day.mjs): with the server stopped, the
 * business switches mode and the day's visits go to technicians; a server started on that
 * answers the slots for a 30-minute visit downtown (its first answer also loads the ZIP
 * database) and the row is measured. The server keeps the day in memory until a booking changes
 * (docs/decisions/036), so on PostgreSQL the row is measured again while another connection
 * writes a booking every CHURN_EVERY_MS (each write announced, each making the server read the
 * day again; PGlite is opened by one process at a time). Then the business goes back to
 * capacity. Adds the rows to `rows`; returns how the day looks.
 */
async function measureTechnicianDay({ engine, sessionSecret, busyDate, options, rows }) {
  const setUp = await withDatabase(engine, (db) => giveBusyDayToTechnicians(db, busyDate));
  try {
    const server = await startPitstop({ engine, sessionSecret });
    try {
      const path = technicianSlotsPath(busyDate, TECHNICIAN_SLOTS_SERVICE, TECHNICIAN_SLOTS_ZIP);
      const { hours } = await getJson(`${server.url}/api/business`);
      const { slots } = await getJson(server.url + path);
      const { slots: anywhere } = await getJson(
        `${server.url}/api/booking/slots?date=${busyDate}&services=${TECHNICIAN_SLOTS_SERVICE}`,
      );
      rows.push(
        await measure(technicianSlotsRow(server.url, path), {
          durationSeconds: options.durationSeconds,
          pid: server.pid,
        }),
      );
      if (engine.kind === 'postgres') {
        const churn = { everyMs: CHURN_EVERY_MS };
        const writes = await whileBookingsChange(engine, busyDate, churn.everyMs, () =>
          measure(technicianSlotsRow(server.url, path, churn), {
            durationSeconds: options.durationSeconds,
            pid: server.pid,
          }),
        );
        rows.push({ ...writes.result, bookingWrites: writes.count });
      }
      return {
        ...setUp,
        zipCode: TECHNICIAN_SLOTS_ZIP,
        service: TECHNICIAN_SLOTS_SERVICE,
        slotsOffered: slots,
        slotsWithoutZip: anywhere.length,
        slotsInDay: slotsOfDay(hours, busyDate).length,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await withDatabase(engine, backToCapacity);
  }
}

/**
 * Runs `work` while another connection rewrites one of `busyDate`'s bookings every `everyMs`
 * (an update that sets its ZIP to itself: a column the day is read from, so its trigger
 * announces it, though nothing changes). Answers
 * what `work` did and how many writes there were.
 */
async function whileBookingsChange(engine, busyDate, everyMs, work) {
  return withDatabase(engine, async (db) => {
    let count = 0;
    let writing = Promise.resolve();
    const timer = setInterval(() => {
      writing = writing.then(async () => {
        await db.execute(`
          update bookings set zip_code = zip_code
          where id = (select id from bookings where appointment_date = '${busyDate}' limit 1)`);
        count += 1;
      });
    }, everyMs);
    try {
      const result = await work();
      return { result, count };
    } finally {
      clearInterval(timer);
      await writing;
    }
  });
}

/** The scale's rows: those compared with the baseline in turns, then the others one by one. */
async function measureScale({ compared, others }, options) {
  const rows = await measureTogether(compared, options);
  for (const scenario of others) rows.push(await measure(scenario, options));
  return rows;
}

/**
 * The service list on servers with the limiter off and on, each freshly started on the same data,
 * alternately twice: the faster run of each is kept, so a busy moment of the machine during one
 * run does not pass for the limiter's cost (or hide it).
 */
async function measureRateLimiter({ engine, sessionSecret, durationSeconds }) {
  const runs = [];
  for (const isRateLimited of [false, true, false, true]) {
    const rateLimitPerMinute = isRateLimited ? HIGH_RATE_LIMIT : 0;
    const server = await startPitstop({ engine, sessionSecret, rateLimitPerMinute });
    try {
      const row = servicesRow(server.url, isRateLimited);
      runs.push(await measure(row, { durationSeconds, pid: server.pid }));
    } finally {
      await server.stop();
    }
  }
  const fastest = (id) =>
    runs
      .filter((run) => run.id === id)
      .reduce((best, run) => (run.requestsPerSecond > best.requestsPerSecond ? run : best));
  const limited = fastest('services-rate-limited');
  const unlimited = fastest('services-unlimited');
  return {
    rateLimitPerMinute: HIGH_RATE_LIMIT,
    with: limited,
    without: unlimited,
    ratio: limited.requestsPerSecond / unlimited.requestsPerSecond,
    runs,
  };
}

/** The commit measured, read before the server is built; `dirty` when what runs differs from it. */
function sourceVersion() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  return {
    commit: git('rev-parse', 'HEAD'),
    dirty:
      git(
        'status',
        '--porcelain',
        '--untracked-files=no',
        '--',
        'apps',
        'packages',
        'scripts',
        'bench',
        'package-lock.json',
        ':(exclude)bench/results.json',
      ) !== '',
  };
}

function machine() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

async function main() {
  const options = readOptions();
  const started = performance.now();
  // Other work on the machine moves the figures: the load average before and after says how much.
  const loadAverageBefore = loadavg();
  const source = sourceVersion();
  const sessionSecret = randomBytes(32).toString('base64url');
  // Pure scheduling rules, no server: first, so a failing saving shows before the long loads.
  const driving = await phase('assign a metro day two ways (bench/driving.mjs)', () =>
    measureDriving(),
  );
  printDriving(driving);
  await phase('build the web app (if its sources changed)', () => ensureWebBuild());
  await phase('build the server (if its sources changed)', () => ensureServerBuild());
  const engine = await phase('create the database', () => createEngine(DATA_ROOT));
  console.log(`engine: ${engine.kind}; ${LOAD_GENERATOR_NOTE}`);
  const scales = [];
  let baseline;
  let rateLimiter;
  try {
    baseline = await phase('start the baseline server', () => startBaseline());
    const accounts = await phase('create the admin and the customer (fresh database)', async () => {
      const server = await startPitstop({ engine, sessionSecret });
      try {
        return await createAccounts(server.url);
      } finally {
        await server.stop();
      }
    });
    let nextSlot;
    for (const label of options.scales) {
      const { movable, ...data } = await phase(`load ${label}`, () =>
        growHistory(engine, {
          target: SCALES[label],
          customer: accounts.customer,
          keepIndexes: options.keepIndexes,
        }),
      );
      // Before the server starts: PGlite is opened by one process at a time.
      const reminders = await phase(`claim the due reminders (${label})`, () =>
        measureReminderClaims(engine),
      );
      const server = await phase(`start the server (${label})`, () =>
        startPitstop({ engine, sessionSecret }),
      );
      const busyDate = addDays(data.today, BUSY_DAY_OFFSET);
      let measured;
      try {
        const { hours, busyDay } = await describeBusyDay(server.url, busyDate);
        const search = await getJson(server.url + searchPath(accounts.customer), {
          cookie: accounts.admin.cookie,
        });
        nextSlot ??= freeSlots(data.today, hours);
        const nextMove = await moveRequests({
          url: server.url,
          cookie: accounts.admin.cookie,
          today: data.today,
          visits: movable,
        });
        const list = scenarios({
          baselineUrl: baseline.url,
          url: server.url,
          accounts,
          busyDate,
          nextSlot,
          nextMove,
        });
        const loadBefore = loadavg()[0];
        const rows = await phase(`measure ${label}`, () =>
          measureScale(list, { durationSeconds: options.durationSeconds, pid: server.pid }),
        );
        measured = { busyDay, searchMatches: search.total, loadBefore, rows };
      } finally {
        await server.stop();
      }
      const { rows } = measured;
      const technicianDay = await phase(`slots by technicians' schedules (${label})`, () =>
        measureTechnicianDay({ engine, sessionSecret, busyDate, options, rows }),
      );
      addBaselineRatios(rows);
      const scale = {
        label,
        data,
        busyDay: measured.busyDay,
        technicianDay,
        searchMatches: measured.searchMatches,
        loadAverage: { before: measured.loadBefore, after: loadavg()[0] },
        rows,
        reminders,
      };
      scales.push(scale);
      printScaleTable(scale, engine.kind);
      if (label === '10k') {
        rateLimiter = await phase('measure the global rate limiter (10k)', () =>
          measureRateLimiter({ engine, sessionSecret, durationSeconds: options.durationSeconds }),
        );
        printRateLimiter(rateLimiter);
      }
    }
  } finally {
    await baseline?.stop();
    await engine.dispose();
  }

  const budgets = [
    ...evaluateBudgets({ engine: engine.kind, scales, rateLimiter }),
    ...driving.budgets,
  ];
  printPhases(phases);
  printBudgets(budgets);
  const totalSeconds = Math.round((performance.now() - started) / 1000);
  const loadAverage = { before: loadAverageBefore, after: loadavg() };
  const describeLoad = (values) => values.map((value) => value.toFixed(1)).join(' ');
  console.log(
    `\nbench: ${totalSeconds} s in all; ${LOAD_GENERATOR_NOTE}; load average before ` +
      `${describeLoad(loadAverage.before)}, after ${describeLoad(loadAverage.after)} ` +
      `(${cpus().length} CPUs)`,
  );
  await writeResults(RESULTS_FILE, engine.kind, {
    engine: engine.kind,
    machine: { ...machine(), loadAverage },
    loadGenerator: LOAD_GENERATOR_NOTE,
    ...source,
    date: new Date().toISOString(),
    options,
    totalSeconds,
    scales,
    rateLimiter,
    driving,
    phases,
    budgets,
  });
  console.log(`results: ${path.relative(ROOT, RESULTS_FILE)} (${engine.kind})`);
  if (budgets.some((item) => item.status === 'FAIL')) process.exitCode = 1;
}

await main();
