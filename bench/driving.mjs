// How much driving the technicians' schedules save, over 30 generated metro days (seeds 1-30, a
// fixed list). Each day: Atlanta, 40 real ZIP centres from the offline `zipcodes` database in
// five service areas, three technicians working from home bases in different parts of town and a
// fourth who is off that day, 30 requests, each with a preferred start. The same requests are
// assigned two ways with the scheduling rules of packages/shared/src/scheduling/fit.ts: as they
// arrive, to the technician whose day the visit adds least driving to (the rule the booking hold
// uses), and round-robin by time (requests by start, the next technician in turn among those who
// fit). Both move a request that fits nobody at its preferred time to the first later slot where
// someone fits (slotsThatFit), as a customer would pick it. Prints each day's drive minutes (home
// to home) and visits placed both ways, then rechecks every technician's day: each drive between
// adjacent stops fits, nobody works outside their days or areas. Fails when a check fails on any
// day or the rule saves less than SAVING_MIN of the round-robin's driving on average.
//
//   node bench/driving.mjs        alone (no server, no database; a second or two)
//   npm run bench                 runs it first, with the server scales
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from '../e2e/support/server.mjs';

const moduleUrl = (file) => pathToFileURL(path.join(ROOT, 'packages/shared/src', file)).href;
const { areaForZip } = await tsImport(moduleUrl('business/service-areas.ts'), import.meta.url);
const { DEFAULT_DRIVE_SETTINGS, driveMinutes, straightLineMiles } = await tsImport(
  moduleUrl('scheduling/drive-time.ts'),
  import.meta.url,
);
const { bestTechnician, fitOnDay, slotsThatFit, sortStops } = await tsImport(
  moduleUrl('scheduling/fit.ts'),
  import.meta.url,
);

/** The least share of the round-robin's driving the rule must save. */
const SAVING_MIN = 0.15;
/** The metro days measured: a fixed list, each a seed of the generator (not chosen to pass). */
const SEEDS = Array.from({ length: 30 }, (_, index) => index + 1);
const ZIP_COUNT = 40;
const REQUEST_COUNT = 30;
const MINUTE = 60_000;
const SLOT_MINUTES = 30;
/** The day's shift start (the business's opening) and the last slot a visit may start in. */
const OPENS = 8 * 60;
const LAST_SLOT = 17 * 60;
const DURATIONS = [60, 75, 90];
/** A Tuesday; times are plain minutes from its midnight (UTC), the zone plays no part here. */
const DAY = Date.UTC(2026, 2, 3);
const WEEKDAY = 'tuesday';
const SETTINGS = DEFAULT_DRIVE_SETTINGS;
/** Downtown Atlanta; ZIPs within METRO_MILES of it make the metro. */
const CENTRE = { latitude: 33.749, longitude: -84.388 };
const METRO_MILES = 18;
const DOWNTOWN_MILES = 5;

/** Seeded pseudo-random numbers (mulberry32): the same day on every run. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Which part of town a point lies in, from its bearing off downtown. */
function partOfTown(point) {
  if (straightLineMiles(CENTRE, point) <= DOWNTOWN_MILES) return 'downtown';
  const north = point.latitude - CENTRE.latitude;
  // A degree of longitude is shorter than one of latitude this far north.
  const east = (point.longitude - CENTRE.longitude) * Math.cos((CENTRE.latitude * Math.PI) / 180);
  if (Math.abs(north) >= Math.abs(east)) return north > 0 ? 'north' : 'south';
  return east > 0 ? 'east' : 'west';
}

const AREA_NAMES = {
  downtown: 'Downtown',
  north: 'North Side',
  east: 'East Side',
  south: 'South Side',
  west: 'West Side',
};

/**
 * The Atlanta ZIPs (300xx-303xx) within METRO_MILES of downtown, one per centre (PO-box ZIPs
 * share their post office's), in ZIP order, with their centres.
 */
export function metroZipCodes() {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js');
  const seen = new Set();
  return Object.values(codes)
    .filter((code) => /^30[0-3]\d\d$/.test(code.zip) && code.state === 'GA')
    .filter((code) => straightLineMiles(CENTRE, code) <= METRO_MILES)
    .sort((a, b) => a.zip.localeCompare(b.zip))
    .filter((code) => {
      const key = `${code.latitude},${code.longitude}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The metro: 40 Atlanta ZIPs (300xx-303xx) drawn from those within METRO_MILES of downtown, one
 * per centre (PO-box ZIPs share their post office's), and the service areas they fall in.
 */
function metro(random) {
  const candidates = metroZipCodes();
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const zips = candidates.slice(0, ZIP_COUNT).sort((a, b) => a.zip.localeCompare(b.zip));
  const centres = new Map(
    zips.map((code) => [code.zip, { latitude: code.latitude, longitude: code.longitude }]),
  );
  const areas = Object.entries(AREA_NAMES).map(([id, name]) => ({
    id,
    name,
    zips: zips.filter((code) => partOfTown(code) === id).map((code) => code.zip),
  }));
  return { centres, areas };
}

/** Each technician's home ZIP, the areas they cover and the days they work. */
const TECHNICIANS = [
  {
    id: 'ana',
    homeZip: '30328', // Sandy Springs, north
    areaIds: ['downtown', 'north', 'east', 'west'],
    workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  },
  {
    id: 'ben',
    homeZip: '30083', // Stone Mountain, east
    areaIds: ['downtown', 'east', 'south', 'north'],
    workingDays: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  },
  {
    id: 'cal',
    homeZip: '30344', // East Point, south-west
    areaIds: ['downtown', 'south', 'west'],
    workingDays: ['monday', 'tuesday', 'thursday', 'friday', 'saturday'],
  },
  {
    id: 'dee',
    homeZip: '30080', // Smyrna, north-west: off on Tuesdays
    areaIds: ['downtown', 'north', 'east', 'south', 'west'],
    workingDays: ['monday', 'wednesday', 'thursday', 'friday', 'saturday'],
  },
];

function homeOf(technician) {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js');
  const code = codes[technician.homeZip];
  return { latitude: code.latitude, longitude: code.longitude };
}

/** The day's requests in the order they arrive: a ZIP, a preferred start, a duration. */
function requests(random, centres) {
  const zips = [...centres.keys()];
  const slotsInDay = (LAST_SLOT - OPENS) / SLOT_MINUTES + 1;
  return Array.from({ length: REQUEST_COUNT }, (_, index) => {
    const zip = zips[Math.floor(random() * zips.length)];
    const startMinutes = OPENS + Math.floor(random() * slotsInDay) * SLOT_MINUTES;
    const duration = DURATIONS[Math.floor(random() * DURATIONS.length)];
    return {
      id: `r${index + 1}`,
      zip,
      at: centres.get(zip),
      preferred: DAY + startMinutes * MINUTE,
      duration,
    };
  });
}

const clock = (epoch) => new Date(epoch).toISOString().slice(11, 16);

/**
 * Assigns `list` in its order: at the first slot from the preferred one where some eligible
 * technician fits, to the one `choose` names. Returns each technician's day and what fit nowhere.
 */
function assign(list, { days, areas, choose }) {
  const lastSlot = DAY + LAST_SLOT * MINUTE;
  const unplaced = [];
  list.forEach((request, index) => {
    const area = areaForZip(areas, request.zip);
    const eligible = days.filter(
      (day) => day.workingDays.includes(WEEKDAY) && area && day.areaIds.includes(area.id),
    );
    const slots = [];
    for (let start = request.preferred; start <= lastSlot; start += SLOT_MINUTES * MINUTE) {
      slots.push(start);
    }
    const [startsAt] = slotsThatFit(slots, request.duration, eligible, request.at, SETTINGS);
    if (startsAt === undefined) {
      unplaced.push(request);
      return;
    }
    const visit = { startsAt, endsAt: startsAt + request.duration * MINUTE, at: request.at };
    const id = choose(eligible, visit, index);
    const day = days.find((candidate) => candidate.id === id);
    day.stops.push({ ...visit, request });
  });
  return { days, unplaced };
}

/** The rule: least added driving, ties to the least busy, then by id. */
const byLeastDriving = (eligible, visit) => bestTechnician(eligible, visit, SETTINGS).id;

/** Round-robin: the index-th request goes to the (index mod n)-th technician among those who fit. */
const byTurns = (eligible, visit, index) => {
  const fitting = eligible.filter((day) => fitOnDay(day, visit, SETTINGS).fits);
  return fitting[index % fitting.length].id;
};

/** A technician's driving for the day: home, each stop in order, home (none on an empty day). */
function dayDriveMinutes(day) {
  const stops = sortStops(day.stops);
  if (stops.length === 0) return 0;
  let total = driveMinutes(day.home, stops[0].at, SETTINGS);
  for (let i = 1; i < stops.length; i++)
    total += driveMinutes(stops[i - 1].at, stops[i].at, SETTINGS);
  return total + driveMinutes(stops.at(-1).at, day.home, SETTINGS);
}

/** Every broken rule of an assignment, worded; empty when it keeps them all. */
function brokenRules({ days, unplaced }, areas, list) {
  const problems = [];
  const placed = days.flatMap((day) => day.stops);
  if (placed.length + unplaced.length !== list.length) {
    problems.push(`${placed.length} placed and ${unplaced.length} not, of ${list.length} requests`);
  }
  for (const day of days) {
    const stops = sortStops(day.stops);
    if (stops.length > 0 && !day.workingDays.includes(WEEKDAY)) {
      problems.push(`${day.id} has ${stops.length} visits on a day off`);
    }
    for (const stop of stops) {
      const area = areaForZip(areas, stop.request.zip);
      if (!area || !day.areaIds.includes(area.id)) {
        problems.push(`${day.id} goes to ${stop.request.zip}, outside their areas`);
      }
      if (stop.startsAt < stop.request.preferred) {
        problems.push(`${stop.request.id} starts before the time asked for`);
      }
    }
    let free = day.startsAt;
    let from = day.home;
    for (const stop of stops) {
      const arrives = free + driveMinutes(from, stop.at, SETTINGS) * MINUTE;
      if (arrives > stop.startsAt) {
        problems.push(
          `${day.id} reaches ${stop.request.id} (${clock(stop.startsAt)}) at ${clock(arrives)}`,
        );
      }
      free = stop.endsAt;
      from = stop.at;
    }
  }
  return problems;
}

function emptyDays() {
  return TECHNICIANS.map((technician) => ({
    ...technician,
    home: homeOf(technician),
    startsAt: DAY + OPENS * MINUTE,
    stops: [],
  }));
}

/** One generated day (from `seed`), assigned both ways and checked. */
function measureDay(seed) {
  const random = seeded(seed);
  const { centres, areas } = metro(random);
  const list = requests(random, centres);
  const started = performance.now();
  const rule = assign(list, { days: emptyDays(), areas, choose: byLeastDriving });
  const ruleMs = performance.now() - started;
  const byStart = [...list].sort((a, b) => a.preferred - b.preferred);
  const turns = assign(byStart, { days: emptyDays(), areas, choose: byTurns });
  const summary = (assignment) => {
    const driveMinutes = assignment.days.reduce((sum, day) => sum + dayDriveMinutes(day), 0);
    const visits = assignment.days.reduce((sum, day) => sum + day.stops.length, 0);
    return {
      driveMinutes,
      visits,
      minutesPerVisit: driveMinutes / visits,
      unplaced: assignment.unplaced.map((request) => request.id),
      perTechnician: Object.fromEntries(
        assignment.days.map((day) => [
          day.id,
          { visits: day.stops.length, driveMinutes: dayDriveMinutes(day) },
        ]),
      ),
      problems: brokenRules(assignment, areas, list),
    };
  };
  const result = {
    seed,
    zips: centres.size,
    areas: areas.map((area) => ({ name: area.name, zips: area.zips.length })),
    requests: list.length,
    settings: SETTINGS,
    rule: { ...summary(rule), assignMs: Math.round(ruleMs * 10) / 10 },
    roundRobin: summary(turns),
  };
  result.ratio = result.rule.driveMinutes / result.roundRobin.driveMinutes;
  result.saving = 1 - result.ratio;
  // The two ways may place different numbers of visits: driving per visit placed keeps fewer
  // visits from passing for less driving (the drives from and to home weigh more on fewer).
  result.savingPerVisit = 1 - result.rule.minutesPerVisit / result.roundRobin.minutesPerVisit;
  return result;
}

/**
 * The days of SEEDS, each assigned both ways and checked, with the budgets: the mean saving over
 * them all (one day's saving is one draw: a day where most visits fit only one technician leaves
 * the rule little to choose), and no rule broken on any day.
 */
export function measureDriving() {
  const days = SEEDS.map((seed) => measureDay(seed));
  const spread = (key) => {
    const values = days.map((day) => day[key]).sort((a, b) => a - b);
    return {
      mean: values.reduce((sum, value) => sum + value, 0) / values.length,
      min: values[0],
      median: values[Math.floor(values.length / 2)],
      max: values.at(-1),
      belowMin: values.filter((value) => value < SAVING_MIN).length,
    };
  };
  const [first] = days;
  // What results.json keeps of a way's day (the problems are in the budget line).
  const brief = ({ driveMinutes, visits, unplaced, assignMs, problems }) => ({
    driveMinutes,
    visits,
    unplaced: unplaced.length,
    ...(assignMs === undefined ? {} : { assignMs }),
    problems: problems.length,
  });
  const result = {
    seeds: SEEDS,
    zips: first.zips,
    firstDayAreas: first.areas,
    requests: first.requests,
    settings: SETTINGS,
    saving: spread('saving'),
    perVisit: spread('savingPerVisit'),
    days: days.map((day) => ({
      seed: day.seed,
      rule: brief(day.rule),
      roundRobin: brief(day.roundRobin),
      saving: day.saving,
      savingPerVisit: day.savingPerVisit,
    })),
  };
  result.budgets = drivingBudgets(result, days);
  return result;
}

const budget = (name, status, detail) => ({ name, status, detail });
const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

/** The issue's checks on the driving: the mean saving, and that both ways keep every rule. */
function drivingBudgets(result, days) {
  const problems = days.flatMap((day) => [
    ...day.rule.problems.map((problem) => `seed ${day.seed} least driving: ${problem}`),
    ...day.roundRobin.problems.map((problem) => `seed ${day.seed} round-robin: ${problem}`),
  ]);
  const seeds = `seeds ${result.seeds[0]}-${result.seeds.at(-1)}`;
  return [
    budget(
      `the technicians' schedules drive >= ${percent(SAVING_MIN)} less than round-robin, mean ` +
        `of ${result.days.length} metro days (${seeds})`,
      result.saving.mean >= SAVING_MIN ? 'PASS' : 'FAIL',
      `${percent(result.saving.mean)} less on average (${percent(result.saving.min)} to ` +
        `${percent(result.saving.max)}; under ${percent(SAVING_MIN)} on ` +
        `${result.saving.belowMin} days); per visit placed ${percent(result.perVisit.mean)}, ` +
        `not a budget`,
    ),
    budget(
      `no visit breaks a drive, a working day or an area (both ways, ${result.days.length} days)`,
      problems.length === 0 ? 'PASS' : 'FAIL',
      problems.length === 0 ? `every visit rechecked` : problems.join('; '),
    ),
  ];
}

/** Days a line in the per-seed table. */
const DAYS_A_LINE = 3;

export function printDriving(result) {
  const first = result.days[0];
  console.log(
    `\nDriving (bench/driving.mjs): ${result.days.length} metro days (seeds ` +
      `${result.seeds[0]}-${result.seeds.at(-1)}), each ${result.requests} requests over ` +
      `${result.zips} Atlanta ZIPs in five areas (seed ${first.seed}: ` +
      `${result.firstDayAreas.map((area) => `${area.name} ${area.zips}`).join(', ')}); road factor ` +
      `${result.settings.roadFactorPercent}%, ${result.settings.averageSpeedMph} mph, at least ` +
      `${result.settings.minTravelMinutes} min`,
  );
  console.log(
    '  seed: least driving min/visits placed vs round-robin min/visits placed, less driving ' +
      '(less per visit)',
  );
  const cell = (day) =>
    `${String(day.seed).padStart(2)}: ${String(day.rule.driveMinutes).padStart(3)}/` +
    `${String(day.rule.visits).padStart(2)} vs ${String(day.roundRobin.driveMinutes).padStart(3)}/` +
    `${String(day.roundRobin.visits).padStart(2)} ${percent(day.saving).padStart(6)} ` +
    `(${percent(day.savingPerVisit).padStart(6)})`;
  for (let index = 0; index < result.days.length; index += DAYS_A_LINE) {
    console.log(
      `  ${result.days
        .slice(index, index + DAYS_A_LINE)
        .map(cell)
        .join('   ')}`,
    );
  }
  const range = (figures) =>
    `mean ${percent(figures.mean)}, median ${percent(figures.median)}, ` +
    `${percent(figures.min)} to ${percent(figures.max)}, under ${percent(SAVING_MIN)} on ` +
    `${figures.belowMin} days`;
  const mean = (way, key) =>
    result.days.reduce((sum, day) => sum + day[way][key], 0) / result.days.length;
  const assignMs = result.days.map((day) => day.rule.assignMs);
  console.log(
    `  less driving: ${range(result.saving)}\n  less per visit placed: ${range(result.perVisit)}` +
      `\n  a day on average: least driving ${mean('rule', 'driveMinutes').toFixed(0)} min for ` +
      `${mean('rule', 'visits').toFixed(1)} visits, round-robin ` +
      `${mean('roundRobin', 'driveMinutes').toFixed(0)} min for ` +
      `${mean('roundRobin', 'visits').toFixed(1)} visits, of ${result.requests} requests (the ` +
      `30 assigned in ${Math.min(...assignMs)}-${Math.max(...assignMs)} ms)`,
  );
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const result = measureDriving();
  printDriving(result);
  console.log('\nBudgets');
  for (const { name, status, detail } of result.budgets) {
    console.log(`  ${status.padEnd(4)}  ${name}: ${detail}`);
  }
  if (result.budgets.some((item) => item.status === 'FAIL')) process.exitCode = 1;
}
