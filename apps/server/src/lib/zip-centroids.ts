// Where a US ZIP code's centre lies, from the offline database of the `zipcodes` package (public
// US Census data, about 42,000 codes; no network). Loaded on first use: it is 5 MB of JavaScript
// (about 0.2 s and 30 MB once), needed only by drive estimates.
import { createRequire } from 'node:module';
import type { GeoPoint } from '@pitstop/shared/scheduling/drive-time';
import { zipFive } from '@pitstop/shared/business/service-areas';

interface ZipRecord {
  latitude: number;
  longitude: number;
}

let codes: Record<string, ZipRecord | undefined> | undefined;

function loadCodes(): Record<string, ZipRecord | undefined> {
  // The US table alone (the package's index also loads Canada's).
  codes ??= (
    createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
      codes: Record<string, ZipRecord | undefined>;
    }
  ).codes;
  return codes;
}

/** The centre of `zip` (`12345` or `12345-6789`), or undefined when it is not a known US ZIP. */
export function zipCentroid(zip: string | null | undefined): GeoPoint | undefined {
  const five = zip ? zipFive(zip) : null;
  if (!five) return undefined;
  const record = loadCodes()[five];
  return record ? { latitude: record.latitude, longitude: record.longitude } : undefined;
}
