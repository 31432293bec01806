// A visit's locks are taken through one locker per transaction, in one order: booking rows, the
// business-local dates, appointment rows, technicians. A lock asked for after a later step has
// been taken is refused (it could wait in a circle with another change), unless the transaction
// already holds it; two transactions' lockers do not share what they hold.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockOrderError, visitLocks } from '../src/features/visits/locks.ts';
import { createTestContext } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('visit locks', () => {
  it('are taken in order: booking, dates, appointments, technicians', async () => {
    await ctx.database.db.transaction(async (tx) => {
      const locks = visitLocks(tx);
      expect(await locks.booking(randomUUID())).toBeUndefined();
      await locks.onDates(['2026-12-02', '2026-12-01', null]);
      expect(await locks.appointmentsOf(randomUUID())).toEqual([]);
      expect(await locks.technicians([randomUUID()], 'share')).toEqual([]);
    });
  });

  it('refuse a booking or a new date after a later step', async () => {
    await ctx.database.db.transaction(async (tx) => {
      const locks = visitLocks(tx);
      await locks.onDates(['2026-12-01']);
      await expect(locks.booking(randomUUID())).rejects.toThrow(LockOrderError);
      await locks.appointment(randomUUID());
      await expect(locks.onDates(['2026-12-02'])).rejects.toThrow(LockOrderError);
      await locks.technicians([], 'update');
      await expect(locks.appointmentsOf(randomUUID())).rejects.toThrow(LockOrderError);
      await expect(locks.bookingOfSession('cs_anything')).rejects.toThrow(LockOrderError);
    });
  });

  it('allow asking again for what the transaction already holds', async () => {
    await ctx.database.db.transaction(async (tx) => {
      const locks = visitLocks(tx);
      const held = { id: randomUUID() };
      locks.heldBookings([held]);
      await locks.onDates(['2026-12-01', '2026-12-02']);
      await locks.appointment(randomUUID());
      // The same dates and the same booking again (a visit taken back re-checks its room).
      await locks.onDates(['2026-12-02']);
      await locks.booking(held.id);
      // The locker of the same transaction is the same one: what it holds carries over.
      await expect(visitLocks(tx).onDates(['2026-12-03'])).rejects.toThrow(LockOrderError);
    });
  });

  it('start afresh in every transaction', async () => {
    await ctx.database.db.transaction(async (tx) => {
      await visitLocks(tx).technicians([], 'share');
    });
    await ctx.database.db.transaction(async (tx) => {
      await visitLocks(tx).booking(randomUUID());
    });
  });
});
