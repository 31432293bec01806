// The one-time setup code: a server that others can reach asks for it on first-admin setup, so
// whoever finds a fresh public install first cannot claim it. It is printed in the server log
// (only the operator reads that) and kept in the database, so every instance of one install
// prints and accepts the same code (docs/decisions/015).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Executor } from '../../db/client.ts';
import { deleteSetupCode, findSetupCode, insertSetupCodeIfNone } from './repository.ts';

// No 0/O, 1/I/L: the code is read from a log and typed by hand.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function normalise(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function digest(code: string): Buffer {
  return createHash('sha256').update(normalise(code)).digest();
}

function generateCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export class SetupCode {
  /** `required` is false on a server only this machine can reach: no code is asked there. */
  constructor(
    private readonly db: Db,
    readonly required: boolean,
  ) {}

  /** The code to print, or undefined when none is asked or none exists (setup is over). */
  async current(): Promise<string | undefined> {
    return this.required ? findSetupCode(this.db) : undefined;
  }

  /**
   * The code to print while setup is open, made now when none exists. Instances starting
   * together each offer one; the first stored wins and all of them answer it.
   */
  async ensure(): Promise<string | undefined> {
    if (!this.required) return undefined;
    await insertSetupCodeIfNone(this.db, generateCode());
    return findSetupCode(this.db);
  }

  /**
   * In the transaction that opens setup again: the old code dies, a fresh one takes its place.
   * Made even by an instance that asks none (loopback only): others on the same database may.
   */
  async renew(tx: Executor): Promise<void> {
    await deleteSetupCode(tx);
    await insertSetupCodeIfNone(tx, generateCode());
  }

  /** Whether `input` is the code (case, spaces and dashes ignored); true when none is asked. */
  async matches(input: string | undefined): Promise<boolean> {
    if (!this.required) return true;
    const code = await findSetupCode(this.db);
    if (!code || !input) return false;
    return timingSafeEqual(digest(input), digest(code));
  }
}
