// The one-time setup code: a server that others can reach asks for it on first-admin setup, so
// whoever finds a fresh public install first cannot claim it. It is printed in the server log
// (only the operator reads that) and lives in this process's memory (docs/decisions/015).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

// No 0/O, 1/I/L: the code is read from a log and typed by hand.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function normalise(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function digest(code: string): Buffer {
  return createHash('sha256').update(normalise(code)).digest();
}

export class SetupCode {
  #code: string | undefined;

  /** `required` is false on a server only this machine can reach: no code is asked there. */
  constructor(readonly required: boolean) {
    if (required) this.renew();
  }

  /** The code to print, or undefined when none is asked. */
  get current(): string | undefined {
    return this.#code;
  }

  /** A fresh code (the old one stops working): at start, and when setup opens again. */
  renew(): string | undefined {
    if (!this.required) return undefined;
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    this.#code = groups.join('-');
    return this.#code;
  }

  /** Whether `input` is the code (case, spaces and dashes ignored); true when none is asked. */
  matches(input: string | undefined): boolean {
    if (!this.required) return true;
    if (!this.#code || !input) return false;
    return timingSafeEqual(digest(input), digest(this.#code));
  }

  /** Setup is done: the code must not work again. */
  spend(): void {
    this.#code = undefined;
  }
}
