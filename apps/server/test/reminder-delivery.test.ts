// Reminders delivered, on both engines: when their time comes, two sender loops on one database
// (two server instances) send each waiting reminder exactly once, the moved visit's for its new
// time and none for the cancelled one; a reminder left mid-send by a crashed instance is taken
// over once its lease runs out and sent once, its attempts counting both claims.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { emailOutbox } from '../src/db/schema.ts';
import { OutboxSender } from '../src/features/notifications/sender.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  futureWeekday,
  sendAs,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { startSmtpPeer } from './smtp-peer.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

function sender(smtpUrl: string) {
  return new OutboxSender(ctx.database.db, {
    smtpUrl,
    from: 'Pitstop <support@pitstop.example>',
    pollIntervalMs: 20,
    baseDelayMs: 1,
    maxDelayMs: 5,
    batchSize: 2,
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The reminders of these visits come due: their not-before time is now past. */
async function timeComesFor(bookingIds: string[]) {
  await ctx.database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(
      and(
        inArray(emailOutbox.bookingId, bookingIds),
        eq(emailOutbox.template, 'visit-reminder'),
        eq(emailOutbox.status, 'pending'),
      ),
    );
}

/**
 * What an instance that claimed the visit's reminder and died before sending leaves behind: the
 * row being sent, its lease running for `leaseSeconds` more.
 */
async function crashedWhileSending(bookingId: string, leaseSeconds: number) {
  const [reminder] = await remindersOf(bookingId);
  await ctx.database.db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: 1,
      nextAttemptAt: sql`now() - interval '1 minute'`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(eq(emailOutbox.id, reminder!.id));
}

async function remindersOf(bookingId: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.template, 'visit-reminder')));
}

describe('reminders when their time comes', () => {
  it('two instances send each once: the moved visit’s for its new time, none after a cancel', async () => {
    const addresses = {
      kept: uniqueEmail('kept'),
      moved: uniqueEmail('moved'),
      cancelled: uniqueEmail('cancelled'),
    };
    const kept = await bookAndPay(ctx, customer, {
      date: futureWeekday(30),
      time: '09:00',
      email: addresses.kept,
    });
    const moved = await bookAndPay(ctx, customer, {
      date: futureWeekday(37),
      time: '09:00',
      email: addresses.moved,
    });
    const cancelled = await bookAndPay(ctx, customer, {
      date: futureWeekday(44),
      email: addresses.cancelled,
    });
    const newDate = futureWeekday(51);
    const move = await sendAs(ctx, admin, 'POST', `/api/visits/${moved}/move`, {
      date: newDate,
      time: '14:00',
    });
    expect(move.statusCode, move.body).toBe(200);
    const cancel = await sendAs(ctx, admin, 'POST', `/api/visits/${cancelled}/cancel`, {
      refund: 'full',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await timeComesFor([kept, moved, cancelled]);

    const peer = await startSmtpPeer();
    const instances = [sender(peer.url), sender(peer.url)];
    try {
      instances.forEach((instance) => instance.start());
      const reminded = () =>
        peer.received.filter((message) => message.subject.startsWith('Reminder'));
      await waitFor(() => reminded().length >= 2);
      // Long enough for a second delivery, were there one.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const to = reminded().map((message) => message.to[0]);
      expect(to.sort()).toEqual([addresses.kept, addresses.moved].sort());
      const movedMail = reminded().find((message) => message.to[0] === addresses.moved)!;
      expect(movedMail.subject).toContain(`at ${formatTime12('14:00')}`);
      expect(reminded().some((message) => message.to[0] === addresses.cancelled)).toBe(false);

      for (const id of [kept, moved]) {
        const sent = (await remindersOf(id)).filter((row) => row.status === 'sent');
        expect(sent).toHaveLength(1);
        expect(sent[0]!.attempts).toBe(1);
      }
      expect((await remindersOf(cancelled)).map((row) => row.status)).toEqual(['withdrawn']);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await peer.stop();
    }
  });

  it('a reminder left mid-send by a crashed instance is sent once when its lease runs out', async () => {
    const email = uniqueEmail('crash');
    const bookingId = await bookAndPay(ctx, customer, { date: futureWeekday(58), email });
    await crashedWhileSending(bookingId, 2);

    const peer = await startSmtpPeer();
    const instance = sender(peer.url);
    const reminded = () =>
      peer.received.filter((m) => m.to[0] === email && m.subject.startsWith('Reminder'));
    try {
      instance.start();
      // Still leased: nobody sends it yet.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reminded()).toHaveLength(0);
      await waitFor(() => reminded().length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reminded()).toHaveLength(1);
      const [row] = await remindersOf(bookingId);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await instance.stop();
      await peer.stop();
    }
  });

  it('a reminder a crashed instance had claimed is not sent once its visit is cancelled', async () => {
    const email = uniqueEmail('crash-cancel');
    const bookingId = await bookAndPay(ctx, customer, { date: futureWeekday(65), email });
    await crashedWhileSending(bookingId, 1);
    const cancel = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, {
      refund: 'full',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const peer = await startSmtpPeer();
    const instance = sender(peer.url);
    try {
      instance.start();
      // Well past the crashed claim's lease: the cancellation e-mail goes, the reminder does not.
      await waitFor(() => peer.received.some((m) => m.to[0] === email));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(
        peer.received.filter((m) => m.to[0] === email && m.subject.startsWith('Reminder')),
      ).toHaveLength(0);
      const [row] = await remindersOf(bookingId);
      expect(row).toMatchObject({ status: 'withdrawn', attempts: 1 });
    } finally {
      await instance.stop();
      await peer.stop();
    }
  });
});
