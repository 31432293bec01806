// Where a US ZIP code's centre lies, from the offline database of the `zipcodes` package (public
// US Census data, about 42,000 codes; no network). Loaded on first use (its 5 MB of JavaScript
// take about 0.2 s) and kept as two typed arrays indexed by the ZIP's number (1.6 MB): the
// package's 42,000 objects are let go, so the garbage collector never walks them again (a slot
// request by technicians' schedules allocates, and each major collection marked them all).
import { createRequire } from 'node:module';
import type { GeoPoint } from '@pitstop/shared/scheduling/drive-time';
import { zipFive } from '@pitstop/shared/business/service-areas';

interface ZipRecord {
  latitude: number;
  longitude: number;
}

const ZIP_NUMBERS = 100_000;
const CODES_MODULE = 'zipcodes/lib/codes.js';

let centres: { latitude: Float64Array; longitude: Float64Array } | undefined;

function loadCentres(): { latitude: Float64Array; longitude: Float64Array } {
  if (centres) return centres;
  const require = createRequire(import.meta.url);
  // The US table alone (the package's index also loads Canada's).
  const { codes } = require(CODES_MODULE) as { codes: Record<string, ZipRecord | undefined> };
  const latitude = new Float64Array(ZIP_NUMBERS).fill(Number.NaN);
  const longitude = new Float64Array(ZIP_NUMBERS).fill(Number.NaN);
  for (const [zip, record] of Object.entries(codes)) {
    // Military post codes (APO/FPO) sit at 0,0 in the data: no place a van drives to.
    if (!record || !/^\d{5}$/.test(zip) || (record.latitude === 0 && record.longitude === 0)) {
      continue;
    }
    latitude[Number(zip)] = record.latitude;
    longitude[Number(zip)] = record.longitude;
  }
  delete require.cache[require.resolve(CODES_MODULE)];
  centres = { latitude, longitude };
  return centres;
}

/** The centre of `zip` (`12345` or `12345-6789`), or undefined when it is not a known US ZIP. */
export function zipCentroid(zip: string | null | undefined): GeoPoint | undefined {
  const five = zip ? zipFive(zip) : null;
  if (!five) return undefined;
  const { latitude, longitude } = loadCentres();
  const index = Number(five);
  const lat = latitude[index]!;
  if (Number.isNaN(lat)) return undefined;
  return { latitude: lat, longitude: longitude[index]! };
}
