// E-mail that never gets lost: outbox in the caller's transaction, SMTP delivery with retries,
// exactly-once across senders and outages, templates, the dev mailbox.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Role } from '@pitstop/shared/roles';
import { openDatabase } from '../src/db/client.ts';
import { businessProfile, emailOutbox } from '../src/db/schema.ts';
import { buildIcs } from '../src/features/notifications/ics.ts';
import type { MailContext } from '../src/features/notifications/layout.ts';
import { queueEmail } from '../src/features/notifications/outbox.ts';
import type { RenderedEmail } from '../src/features/notifications/outbox.ts';
import { OutboxSender, retryDelayMs } from '../src/features/notifications/sender.ts';
import { sendEmail } from '../src/features/notifications/service.ts';
import {
  appointmentCancelledEmail,
  bookingConfirmationEmail,
  jobCompletedEmail,
  jobInProgressEmail,
  passwordResetEmail,
  technicianAssignedEmail,
  technicianInvitationEmail,
  visitMovedEmail,
} from '../src/features/notifications/templates.ts';
import type { BookingConfirmation } from '../src/features/notifications/templates.ts';
import { AppError } from '../src/lib/errors.ts';
import { APP_URL, createTestContext, createUser, uniqueEmail } from './harness.ts';
import type { TestContext } from './harness.ts';
import { startSmtpPeer } from './smtp-peer.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(emailOutbox);
});

const mail: MailContext = {
  business: {
    name: 'Pitstop',
    phone: '(555) 010-4477',
    email: 'support@pitstop.example',
    timeZone: 'America/New_York',
  },
  appUrl: 'https://pitstop.example',
};
const booking: BookingConfirmation = {
  bookingId: 'b1',
  orderNumber: 'PS-10042',
  customerName: 'Dana',
  services: [
    { name: 'Basic Oil Change', priceCents: 4999 },
    { name: 'Battery Service', priceCents: 2999 },
  ],
  date: '2026-12-01',
  time: '14:30',
  durationMinutes: 67.5,
  address: '12 Elm St, Springfield, 12345',
  vehicle: '2019 Toyota Camry (Blue, ABC123)',
  amountCents: 7998,
};
const job = {
  customerName: 'Dana',
  serviceName: 'Synthetic Oil Change',
  date: '2026-12-01',
  time: '14:30',
  address: '12 Elm St, Springfield, 12345',
  technicianName: 'Tom Wrench',
};

function sender(smtpUrl: string, overrides = {}) {
  return new OutboxSender(ctx.database.db, {
    smtpUrl,
    from: 'Pitstop <support@pitstop.example>',
    pollIntervalMs: 20,
    baseDelayMs: 1,
    maxDelayMs: 5,
    maxAttempts: 50,
    ...overrides,
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the outbox', () => {
  it('writes nothing when the change rolls back, and one row when it commits', async () => {
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await queueEmail(
          tx,
          'a@example.com',
          passwordResetEmail(mail, { link: 'https://x/reset' }),
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(emailOutbox)).toEqual([]);
    await db.transaction(async (tx) => {
      await queueEmail(tx, 'a@example.com', passwordResetEmail(mail, { link: 'https://x/reset' }));
    });
    expect(await db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('refuses bad addresses before anything is queued', async () => {
    for (const bad of [
      'not-an-email',
      'a@example.com\r\nBcc: victim@example.com',
      'Eve <eve@example.com>',
      '',
    ]) {
      await expect(
        queueEmail(ctx.database.db, bad, passwordResetEmail(mail, { link: 'x' })),
      ).rejects.toBeInstanceOf(AppError);
    }
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('cannot be used to inject headers through a subject or a name', async () => {
    const peer = await startSmtpPeer();
    const loop = sender(peer.url);
    try {
      await queueEmail(
        ctx.database.db,
        'dana@example.com',
        technicianInvitationEmail(mail, {
          name: 'Eve\r\nBcc: victim@example.com',
          link: 'https://x',
        }),
      );
      await queueEmail(ctx.database.db, 'dana@example.com', {
        template: 'test',
        subject: 'Hello\r\nBcc: victim@example.com',
        html: '<p>x</p>',
        text: 'x',
      });
      loop.start();
      await waitFor(() => peer.received.length === 2);
      for (const message of peer.received) {
        expect(message.to).toEqual(['dana@example.com']);
        const headers = message.raw.split('\r\n\r\n')[0]!;
        expect(headers).not.toMatch(/^bcc:/im);
      }
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });
});

describe('delivery over SMTP', () => {
  it('delivers every template to a real SMTP peer with both parts and the calendar file', async () => {
    const peer = await startSmtpPeer();
    const loop = sender(peer.url);
    try {
      const db = ctx.database.db;
      const templates: [string, RenderedEmail, string][] = [
        [
          'tom@example.com',
          technicianInvitationEmail(mail, {
            name: 'Tom',
            link: 'https://pitstop.example/set-technician-password?token=abc',
          }),
          "You're invited to join Pitstop as a technician",
        ],
        [
          'tom@example.com',
          technicianInvitationEmail(mail, {
            name: 'Tom',
            link: 'https://pitstop.example/set-technician-password?token=def',
            isResend: true,
          }),
          'Reminder: set up your Pitstop technician account',
        ],
        [
          'reset@example.com',
          passwordResetEmail(mail, { link: 'https://pitstop.example/api/auth/reset-password/tok' }),
          'Reset your Pitstop password',
        ],
        [
          'dana@example.com',
          bookingConfirmationEmail(mail, { ...booking, time: '09:00', durationMinutes: 37.5 }),
          'Your Pitstop appointment is confirmed: Tuesday, December 1, 2026 at 9:00 AM',
        ],
        [
          'assigned@example.com',
          technicianAssignedEmail(mail, job),
          'Your technician for Tuesday, December 1, 2026: Tom Wrench',
        ],
        ['started@example.com', jobInProgressEmail(mail, job), 'Your technician is on the way'],
        ['done@example.com', jobCompletedEmail(mail, job), 'Your Synthetic Oil Change is complete'],
      ];
      for (const [to, t] of templates) await queueEmail(db, to, t);
      loop.start();
      await waitFor(() => peer.received.length === templates.length);
      const bySubject = new Map(peer.received.map((m) => [m.subject, m]));
      for (const [to, , subject] of templates) {
        expect(bySubject.get(subject)?.to, subject).toEqual([to]);
      }
      const raws = peer.received.map((m) => m.raw);
      expect(raws.every((r) => /text\/plain/.test(r) && /text\/html/.test(r))).toBe(true);
      expect(raws.filter((r) => /text\/calendar/.test(r))).toHaveLength(1);
      expect(bySubject.get(templates[3]![2])?.raw).toMatch(/text\/calendar/);
      const rows = await db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('survives an SMTP outage: retries with back-off, then delivers each message exactly once', async () => {
    const probe = await startSmtpPeer();
    const port = probe.port;
    await probe.stop(); // the peer is down
    // Slow enough back-off that 50 attempts cannot run out while the peer is down.
    const loop = sender(`smtp://127.0.0.1:${port}`, { baseDelayMs: 20, maxDelayMs: 100 });
    try {
      for (let i = 0; i < 3; i += 1) {
        await queueEmail(
          ctx.database.db,
          `c${i}@example.com`,
          passwordResetEmail(mail, { link: `https://x/${i}` }),
        );
      }
      loop.start();
      await waitFor(async () => {
        const rows = await ctx.database.db.select().from(emailOutbox);
        // A row may be mid-retry ('sending') at any moment; what matters is that it failed twice
        // and was not sent.
        return rows.every((r) => r.attempts >= 2 && r.status !== 'sent' && r.lastError !== null);
      });
      const peer = await startSmtpPeer(port); // recovery
      try {
        await waitFor(async () =>
          (await ctx.database.db.select().from(emailOutbox)).every((r) => r.status === 'sent'),
        );
        await new Promise((r) => setTimeout(r, 200));
        expect(peer.received.map((m) => m.to[0]).sort()).toEqual([
          'c0@example.com',
          'c1@example.com',
          'c2@example.com',
        ]);
      } finally {
        await loop.stop();
        await peer.stop();
      }
    } finally {
      await loop.stop();
    }
  });

  it('marks a message failed after the bounded number of attempts, keeping the error', async () => {
    const probe = await startSmtpPeer();
    await probe.stop();
    const loop = sender(`smtp://127.0.0.1:${probe.port}`, { maxAttempts: 3 });
    try {
      await queueEmail(
        ctx.database.db,
        'x@example.com',
        passwordResetEmail(mail, { link: 'https://x' }),
      );
      loop.start();
      await waitFor(
        async () => (await ctx.database.db.select().from(emailOutbox))[0]?.status === 'failed',
      );
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row?.attempts).toBe(3);
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await loop.stop();
    }
  });

  it('two sender loops on one database deliver each message once', async () => {
    const peer = await startSmtpPeer();
    const loops = [sender(peer.url, { batchSize: 3 }), sender(peer.url, { batchSize: 3 })];
    try {
      for (let i = 0; i < 20; i += 1) {
        await queueEmail(
          ctx.database.db,
          `m${i}@example.com`,
          passwordResetEmail(mail, { link: `https://x/${i}` }),
        );
      }
      loops.forEach((l) => l.start());
      await waitFor(() => peer.received.length >= 20);
      await new Promise((r) => setTimeout(r, 300));
      const recipients = peer.received.map((m) => m.to[0]);
      expect(recipients).toHaveLength(20);
      expect(new Set(recipients).size).toBe(20);
    } finally {
      await Promise.all(loops.map((l) => l.stop()));
      await peer.stop();
    }
  });

  it('resumes after a crash: a message left mid-send is taken over once its lease runs out', async () => {
    const peer = await startSmtpPeer();
    const loop = sender(peer.url);
    try {
      const id = await queueEmail(
        ctx.database.db,
        'crash@example.com',
        passwordResetEmail(mail, { link: 'https://x' }),
      );
      // What a sender that died mid-send leaves behind.
      await ctx.database.db
        .update(emailOutbox)
        .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
      loop.start();
      await waitFor(() => peer.received.length === 1);
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('waits for a message being sent when it is stopped', async () => {
    const peer = await startSmtpPeer(0, { delayMs: 400 });
    const loop = sender(peer.url);
    try {
      await queueEmail(
        ctx.database.db,
        'slow@example.com',
        passwordResetEmail(mail, { link: 'https://x' }),
      );
      loop.start();
      await waitFor(
        async () => (await ctx.database.db.select().from(emailOutbox))[0]?.status === 'sending',
      );
      await loop.stop();
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row?.status).toBe('sent');
      expect(peer.received).toHaveLength(1);
    } finally {
      await peer.stop();
    }
  });

  it('claims one message at a time, so a slow send cannot use up the lease of the others', async () => {
    const peer = await startSmtpPeer(0, { delayMs: 300 });
    const loop = sender(peer.url);
    try {
      for (let i = 0; i < 3; i += 1) {
        await queueEmail(
          ctx.database.db,
          `one${i}@example.com`,
          passwordResetEmail(mail, { link: `https://x/${i}` }),
        );
      }
      loop.start();
      await waitFor(() => peer.receiving() === 1);
      const statuses = (await ctx.database.db.select().from(emailOutbox)).map((r) => r.status);
      expect(statuses.sort()).toEqual(['pending', 'pending', 'sending']);
      await waitFor(() => peer.received.length === 3);
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('never resends a delivered message when recording the delivery fails for a moment', async () => {
    const peer = await startSmtpPeer();
    let failures = 0;
    // The first attempt to mark the row sent fails, as if the connection dropped just then.
    const flakyDb = new Proxy(ctx.database.db, {
      get(target, property, receiver) {
        if (property === 'update' && failures === 0) {
          failures += 1;
          return () => {
            throw new Error('connection reset');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const loop = new OutboxSender(flakyDb, {
      smtpUrl: peer.url,
      from: 'Pitstop <support@pitstop.example>',
      pollIntervalMs: 20,
      baseDelayMs: 1,
      maxDelayMs: 5,
    });
    try {
      await queueEmail(
        ctx.database.db,
        'once@example.com',
        passwordResetEmail(mail, { link: 'x' }),
      );
      loop.start();
      await waitFor(
        async () => (await ctx.database.db.select().from(emailOutbox))[0]?.status === 'sent',
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(failures).toBe(1);
      expect(peer.received).toHaveLength(1);
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('spends no attempt when the sender address cannot be read, and can be started again', async () => {
    const peer = await startSmtpPeer();
    let lookups = 0;
    const loop = new OutboxSender(ctx.database.db, {
      smtpUrl: peer.url,
      from: async () => {
        lookups += 1;
        if (lookups <= 3) throw new Error('database unavailable');
        return 'Pitstop <support@pitstop.example>';
      },
      pollIntervalMs: 20,
      baseDelayMs: 1,
      maxDelayMs: 5,
      maxAttempts: 2,
    });
    try {
      await queueEmail(
        ctx.database.db,
        'first@example.com',
        passwordResetEmail(mail, { link: 'x' }),
      );
      loop.start();
      await waitFor(() => peer.received.length === 1);
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });

      await loop.stop();
      await queueEmail(
        ctx.database.db,
        'second@example.com',
        passwordResetEmail(mail, { link: 'y' }),
      );
      loop.start();
      await waitFor(() => peer.received.length === 2);
      expect(peer.received.map((m) => m.to[0])).toEqual([
        'first@example.com',
        'second@example.com',
      ]);
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('leaves a message alone once another sender has taken it over', async () => {
    const peer = await startSmtpPeer(0, { delayMs: 400 });
    const loop = sender(peer.url);
    try {
      const id = await queueEmail(
        ctx.database.db,
        'late@example.com',
        passwordResetEmail(mail, { link: 'https://x' }),
      );
      loop.start();
      await waitFor(() => peer.receiving() === 1);
      // The lease ran out mid-send and another sender claimed the row (a claim adds an attempt).
      const lockedUntil = new Date(Date.now() + 60_000);
      await ctx.database.db
        .update(emailOutbox)
        .set({ attempts: 2, lockedUntil })
        .where(eq(emailOutbox.id, id));
      await waitFor(() => peer.received.length === 1);
      await loop.stop();
      const [row] = await ctx.database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: 'sending', attempts: 2, lockedUntil, sentAt: null });
    } finally {
      await loop.stop();
      await peer.stop();
    }
  });

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 1000, 6000))).toEqual([
      1000, 2000, 4000, 6000, 6000,
    ]);
  });
});

describe('templates', () => {
  /** The action link appears as a clickable href and in the plain text, both absolute. */
  function expectLink(email: RenderedEmail, label: string, url: string) {
    expect(email.text).toContain(`${label}: ${url}`);
    expect(email.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  }

  it('invite a technician, and remind them, with the one-time link', () => {
    const link = 'https://pitstop.example/set-technician-password?token=abc';
    const invite = technicianInvitationEmail(mail, { name: 'Tom', link });
    expect(invite.template).toBe('technician-invitation');
    expect(invite.subject).toBe("You're invited to join Pitstop as a technician");
    expect(invite.text).toContain('Welcome aboard, Tom');
    expect(invite.text).toContain('Pitstop has invited you to join the team as a technician.');
    expect(invite.text).toContain('This link works once and expires in 7 days.');
    expectLink(invite, 'Set your password', link);

    const again = 'https://pitstop.example/set-technician-password?token=def';
    const reminder = technicianInvitationEmail(mail, { name: 'Tom', link: again, isResend: true });
    expect(reminder.template).toBe('technician-reinvitation');
    expect(reminder.subject).toBe('Reminder: set up your Pitstop technician account');
    expect(reminder.text).toContain('expires in 7 days');
    expectLink(reminder, 'Set your password', again);
    expect(reminder.text).not.toContain(link);
  });

  it('send the password-reset link', () => {
    const link = 'https://pitstop.example/api/auth/reset-password/tok?callbackURL=%2Freset';
    const reset = passwordResetEmail(mail, { link });
    expect(reset.template).toBe('password-reset');
    expect(reset.subject).toBe('Reset your Pitstop password');
    expect(reset.text).toContain('This link expires in 1 hour.');
    expectLink(reset, 'Choose a new password', link);
  });

  it('confirm a booking with every detail the customer needs, escaped', () => {
    const confirmation = bookingConfirmationEmail(mail, {
      ...booking,
      customerName: 'Dana <script>',
    });
    expect(confirmation.template).toBe('booking-confirmation');
    expect(confirmation.subject).toBe(
      'Your Pitstop appointment is confirmed: Tuesday, December 1, 2026 at 2:30 PM',
    );
    const lines = confirmation.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Services: Basic Oil Change ($49.99), Battery Service ($29.99)',
        'Date: Tuesday, December 1, 2026',
        'Time: 2:30 PM',
        'Address: 12 Elm St, Springfield, 12345',
        'Vehicle: 2019 Toyota Camry (Blue, ABC123)',
        'Amount paid: $79.98',
        'Order: PS-10042',
      ]),
    );
    expect(confirmation.html).toContain('12 Elm St, Springfield, 12345');
    expect(confirmation.html).toContain('2:30 PM');
    expect(confirmation.html).toContain('$79.98');
    expect(confirmation.html).not.toContain('<script>');
    expect(confirmation.html).toContain('Dana &lt;script&gt;');
    expectLink(confirmation, 'Manage this visit', 'https://pitstop.example/profile?visit=b1');
    expect(confirmation.text).toContain('Need to change something? Call us at (555) 010-4477.');
    expect(confirmation.attachments?.map((a) => a.filename)).toEqual(['appointment.ics']);
  });

  it('link the customer’s moved-visit e-mail to the visit, and not the technician’s copy', () => {
    const moved = {
      bookingId: 'b1',
      customerName: 'Dana',
      services: ['Basic Oil Change'],
      from: { date: '2026-12-01', time: '14:30' },
      to: { date: '2026-12-02', time: '09:00' },
      durationMinutes: 60,
      address: '12 Elm St, Springfield, 12345',
      sequence: 1,
    };
    const customer = visitMovedEmail(mail, { ...moved, greetingName: 'Dana', isForCustomer: true });
    expect(customer.template).toBe('visit-moved');
    expectLink(customer, 'Manage this visit', 'https://pitstop.example/profile?visit=b1');
    expect(customer.text).toContain('Questions? Call us at (555) 010-4477.');

    const technician = visitMovedEmail(mail, {
      ...moved,
      greetingName: 'Tom Wrench',
      isForCustomer: false,
    });
    expect(technician.text).toContain('Hi Tom Wrench, your visit has moved');
    expect(technician.text).not.toContain('Manage this visit');
    expect(technician.text).not.toContain('/profile');
    expect(technician.html).not.toContain('/profile');
    expect(technician.attachments?.map((a) => a.filename)).toEqual(['appointment.ics']);
  });

  it('tell the customer who is coming, that they are on the way, and that the job is done', () => {
    const jobLines = [
      'Service: Synthetic Oil Change',
      'Date: Tuesday, December 1, 2026',
      'Time: 2:30 PM',
      'Address: 12 Elm St, Springfield, 12345',
      'Technician: Tom Wrench',
    ];
    const assigned = technicianAssignedEmail(mail, job);
    expect(assigned.template).toBe('technician-assigned');
    expect(assigned.subject).toBe('Your technician for Tuesday, December 1, 2026: Tom Wrench');
    expect(assigned.text.split('\n')).toEqual(expect.arrayContaining(jobLines));
    expectLink(assigned, 'View your appointments', 'https://pitstop.example/profile');

    const started = jobInProgressEmail(mail, job);
    expect(started.template).toBe('job-in-progress');
    expect(started.subject).toBe('Your technician is on the way');
    expect(started.text).toContain('Tom Wrench has started your Synthetic Oil Change.');
    expect(started.text.split('\n')).toEqual(expect.arrayContaining(jobLines));
    expect(started.text).toContain('Questions? Call us at (555) 010-4477.');

    const done = jobCompletedEmail(mail, job);
    expect(done.template).toBe('job-completed');
    expect(done.subject).toBe('Your Synthetic Oil Change is complete');
    expect(done.text).toContain('Thank you for choosing Pitstop!');
    expect(done.text.split('\n')).toEqual(expect.arrayContaining(jobLines));
    expectLink(done, 'Book your next service', 'https://pitstop.example/booking');
  });

  it('say "our technician" for a job nobody is assigned to yet', () => {
    const unassigned = { ...job, technicianName: null };
    const started = jobInProgressEmail(mail, unassigned);
    expect(started.text).toContain(
      'Hi Dana, our technician has started your Synthetic Oil Change.',
    );
    expect(started.text).not.toContain('Technician:');
    const done = jobCompletedEmail(mail, unassigned);
    expect(done.text).toContain('Hi Dana, our technician has finished your Synthetic Oil Change.');
  });

  it('tell the customer a service was cancelled, and whom to call about a refund', () => {
    const cancelled = appointmentCancelledEmail(mail, job);
    expect(cancelled.template).toBe('appointment-cancelled');
    expect(cancelled.subject).toBe(
      'Your Synthetic Oil Change on Tuesday, December 1, 2026 is cancelled',
    );
    expect(cancelled.text).toContain(
      'Hi Dana, your Synthetic Oil Change on Tuesday, December 1, 2026 at 2:30 PM has been cancelled.',
    );
    expect(cancelled.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Service: Synthetic Oil Change',
        'Date: Tuesday, December 1, 2026',
        'Time: 2:30 PM',
        'Address: 12 Elm St, Springfield, 12345',
      ]),
    );
    expect(cancelled.text).toContain(
      'If you paid for it, we will contact you about a refund. Questions? Call us at (555) 010-4477.',
    );
    expectLink(cancelled, 'View your appointments', 'https://pitstop.example/profile');
  });

  it('all carry the business name, phone, e-mail and site', () => {
    const all = [
      technicianInvitationEmail(mail, { name: 'Tom', link: 'https://pitstop.example/x' }),
      technicianInvitationEmail(mail, {
        name: 'Tom',
        link: 'https://pitstop.example/x',
        isResend: true,
      }),
      passwordResetEmail(mail, { link: 'https://pitstop.example/x' }),
      bookingConfirmationEmail(mail, booking),
      technicianAssignedEmail(mail, job),
      jobInProgressEmail(mail, job),
      jobCompletedEmail(mail, job),
      appointmentCancelledEmail(mail, job),
    ];
    for (const email of all) {
      expect(email.text, email.template).toContain(
        '--\nPitstop\n(555) 010-4477 · support@pitstop.example\nhttps://pitstop.example/',
      );
      expect(email.html, email.template).toContain(
        'href="mailto:support@pitstop.example">support@pitstop.example</a>',
      );
      expect(email.html, email.template).toContain('(555) 010-4477');
      expect(email.html, email.template).toContain('href="https://pitstop.example/"');
    }
  });

  it('put calendar times in the business time zone, across a daylight-saving change', () => {
    const base = {
      uid: 'u1',
      durationMinutes: 60,
      summary: 'Oil change',
      description: 'x',
      location: '12 Elm St',
      organizer: { name: 'Pitstop', email: 'support@pitstop.example' },
    };
    const summer = buildIcs({
      ...base,
      date: '2026-07-01',
      time: '09:00',
      timeZone: 'America/New_York',
    });
    expect(summer).toContain('DTSTART;TZID=America/New_York:20260701T090000');
    expect(summer).toContain('DTEND;TZID=America/New_York:20260701T100000');
    expect(summer).toContain('TZOFFSETTO:-0400');
    const winter = buildIcs({
      ...base,
      date: '2026-11-02',
      time: '09:00',
      timeZone: 'America/New_York',
    });
    expect(winter).toContain('TZOFFSETTO:-0500');
    const tokyo = buildIcs({ ...base, date: '2026-11-02', time: '23:30', timeZone: 'Asia/Tokyo' });
    expect(tokyo).toContain('DTEND;TZID=Asia/Tokyo:20261103T003000');
    expect(tokyo.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('quote the organizer name and fold long lines between characters, never inside one', () => {
    const ics = buildIcs({
      uid: 'u2',
      date: '2026-07-01',
      time: '09:00',
      durationMinutes: 30,
      timeZone: 'America/New_York',
      summary: `Oil change ${'🚗'.repeat(40)}`,
      description: 'x',
      location: '12 Elm St',
      organizer: { name: 'Pitstop: Mobile "Oil", Inc; Ltd', email: 'support@pitstop.example' },
    });
    const lines = ics.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      `ORGANIZER;CN="Pitstop: Mobile 'Oil', Inc; Ltd":mailto:support@pitstop.example`,
    );
    expect(unfolded).toContain(`SUMMARY:Oil change ${'🚗'.repeat(40)}`);
    // Each line is sent as UTF-8 on its own: half an emoji would not survive the round trip.
    expect(lines.every((line) => Buffer.from(line, 'utf8').toString('utf8') === line)).toBe(true);
  });

  it('escape every text of the confirmation’s calendar file, old rows’ line breaks included', () => {
    const hostile = (label: string) =>
      `${label}\rURL:https://evil.example\nATTACH:https://evil.example\r\nX\u2028Y\u0085Z; a, b \\ c`;
    const confirmation = bookingConfirmationEmail(
      { ...mail, business: { ...mail.business, name: hostile('Pitstop "Mobile"') } },
      {
        ...booking,
        services: [{ name: hostile('Oil'), priceCents: 4999 }],
        address: hostile('12 Elm St'),
        vehicle: hostile('Camry'),
      },
    );
    const content = String(confirmation.attachments![0]!.content);
    expect(content).not.toMatch(/\r(?!\n)|(?<!\r)\n|[\u0085\u2028\u2029]/);
    const lenientLines = content.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n/);
    expect(lenientLines.filter((line) => /^(URL|ATTACH)/i.test(line))).toEqual([]);

    const calendar = new ICAL.Component(ICAL.parse(content));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = calendar.getFirstSubcomponent('vevent')!;
    expect(event.getAllProperties().map((property) => property.name)).toEqual(
      expect.not.arrayContaining(['url', 'attach']),
    );
    // Each kind of line break reads back as the format's one; the rest of the text is whole.
    const asRead = (text: string) => text.replace(/\r\n|[\r\u0085\u2028]/g, '\n');
    expect(event.getFirstPropertyValue('location')).toBe(asRead(hostile('12 Elm St')));
    expect(event.getFirstPropertyValue('summary')).toBe(
      asRead(`${hostile('Pitstop "Mobile"')}: ${hostile('Oil')}`),
    );
    expect(event.getFirstPropertyValue('description')).toBe(
      asRead(`Vehicle: ${hostile('Camry')}\nOrder: PS-10042`),
    );
    expect(event.getFirstPropertyValue('uid')).toBe('b1@pitstop');
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    // A quoted parameter holds no quote or line break: the name stays on its one line.
    const organizer = event.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:support@pitstop.example');
    expect(organizer.getParameter('cn')).toBe(
      "Pitstop 'Mobile' URL:https://evil.example ATTACH:https://evil.example X Y Z; a, b \\ c",
    );
  });
});

describe('password reset e-mail', () => {
  it('is queued with a working link when a user asks for it', async () => {
    const user = await createUser(ctx, 'customer');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: APP_URL },
      payload: { email: user.email, redirectTo: `${APP_URL}/reset-password` },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email));
    expect(row?.template).toBe('password-reset');
    const link = /https?:\/\/\S+reset-password\/\S+/.exec(row!.text)?.[0];
    expect(link).toBeDefined();
    const follow = await ctx.app.inject({ method: 'GET', url: link!.replace(APP_URL, '') });
    expect(follow.statusCode).toBe(302);
    const token = new URL(follow.headers.location as string).searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: APP_URL },
      payload: { token, newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: APP_URL },
      payload: { email: user.email, password: 'brand-new-pass' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a malformed address in the API error shape, queueing nothing', async () => {
    for (const email of ['not-an-email', 'a@example.com\r\nBcc: victim@example.com', undefined]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: APP_URL },
        payload: { email, redirectTo: `${APP_URL}/reset-password` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION',
          message: 'Invalid email address',
          fields: { email: 'Invalid email address' },
        },
      });
    }
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('gives the other auth failures the API error shape too', async () => {
    const badToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: APP_URL },
      payload: { token: 'not-a-token', newPassword: 'long-enough' },
    });
    // The web app reads a 400 from reset-password as "this link is spent".
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Invalid token' } });

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: APP_URL },
      payload: { email: 'nobody', password: 'whatever' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual({
      error: {
        code: 'VALIDATION',
        message: 'Invalid email address',
        fields: { email: 'Invalid email address' },
      },
    });

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: APP_URL },
      payload: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' },
    });
  });

  it('queues nothing for an unknown address, and says the same thing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: APP_URL },
      payload: { email: uniqueEmail('nobody'), redirectTo: `${APP_URL}/reset-password` },
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });
});

async function requestReset(target: TestContext, email: string) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: APP_URL },
    payload: { email, redirectTo: `${APP_URL}/reset-password` },
  });
  expect(response.statusCode).toBe(200);
}

describe('the running server with SMTP_URL', () => {
  it('delivers a password reset through its own background sender, from the business address', async () => {
    const peer = await startSmtpPeer();
    const withSmtp = await createTestContext({ SMTP_URL: peer.url });
    try {
      const user = await createUser(withSmtp, 'customer');
      await requestReset(withSmtp, user.email);
      await waitFor(() => peer.received.length === 1);
      expect(peer.received[0]).toMatchObject({
        from: 'support@pitstop.example',
        to: [user.email],
        subject: 'Reset your Pitstop password',
      });
      expect(peer.received[0]!.raw).toMatch(/^From: "?Pitstop"? <support@pitstop\.example>$/m);

      // A business profile edit applies to the next message, without a restart.
      await withSmtp.database.db
        .update(businessProfile)
        .set({ name: 'Quick Lube', email: 'hello@quicklube.example' });
      await requestReset(withSmtp, user.email);
      await waitFor(() => peer.received.length === 2);
      expect(peer.received[1]).toMatchObject({
        from: 'hello@quicklube.example',
        subject: 'Reset your Quick Lube password',
      });
      expect(peer.received[1]!.raw).toMatch(/^From: "?Quick Lube"? <hello@quicklube\.example>$/m);
    } finally {
      await withSmtp.close();
      await peer.stop();
    }
  });

  it('sends from MAIL_FROM when it is set, whatever the profile says', async () => {
    const peer = await startSmtpPeer();
    const withSmtp = await createTestContext({
      SMTP_URL: peer.url,
      MAIL_FROM: 'Pitstop Mail <mail@pitstop.example>',
    });
    try {
      const user = await createUser(withSmtp, 'customer');
      await withSmtp.database.db.update(businessProfile).set({ email: 'hello@quicklube.example' });
      await requestReset(withSmtp, user.email);
      await waitFor(() => peer.received.length === 1);
      expect(peer.received[0]).toMatchObject({ from: 'mail@pitstop.example', to: [user.email] });
    } finally {
      await withSmtp.close();
      await peer.stop();
    }
  });
});

describe('the server process with SMTP_URL', () => {
  it(
    'on SIGTERM records the message being sent before closing the database',
    { timeout: 90_000 },
    async () => {
      const peer = await startSmtpPeer(0, { delayMs: 1500 });
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-mail-proc-'));
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const origin = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          APP_URL: origin,
          DATA_DIR: dataDir,
          SMTP_URL: peer.url,
          LOG_LEVEL: 'info',
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        await waitFor(() => output.includes('Pitstop is listening on'), 45_000);
        const post = (url: string, body: object) =>
          fetch(`${origin}${url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify(body),
          });
        const email = uniqueEmail('shutdown');
        expect(
          (await post('/api/auth/sign-up/email', { email, password: 'pw123456', name: '' })).status,
        ).toBe(200);
        const reset = await post('/api/auth/request-password-reset', {
          email,
          redirectTo: `${origin}/reset-password`,
        });
        expect(reset.status).toBe(200);
        await waitFor(() => peer.receiving() === 1, 20_000);
        child.kill('SIGTERM');
        expect(await exited, output).toBe(0);
        expect(peer.received.map((m) => m.to)).toEqual([[email]]);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        await exited;
        await peer.stop();
      }
      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db.select().from(emailOutbox);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          status: 'sent',
          attempts: 1,
          toAddress: expect.any(String),
        });
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('the dev mailbox', () => {
  it('lists messages newest first with their body and downloadable attachments', async () => {
    await sendEmail(ctx.database.db, ctx.env, 'first@example.com', (m) =>
      passwordResetEmail(m, { link: 'https://x/1' }),
    );
    await new Promise((r) => setTimeout(r, 5));
    await sendEmail(ctx.database.db, ctx.env, 'second@example.com', (m) =>
      bookingConfirmationEmail(m, {
        bookingId: 'b2',
        orderNumber: 'PS-10002',
        customerName: 'Sam',
        services: [{ name: 'Battery Service', priceCents: 2999 }],
        date: '2026-12-02',
        time: '10:00',
        durationMinutes: 30,
        address: '1 Main St',
        vehicle: 'Honda Civic',
        amountCents: 2999,
      }),
    );
    const { cookie } = await createUser(ctx, 'super_admin');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    const messages = list.json().messages;
    expect(messages.map((m: { to: string }) => m.to)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);

    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('second@example.com');
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${messages[0].id}`,
      headers: { cookie },
    });
    expect(one.body).toContain('appointment.ics');
    const ics = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${messages[0].id}/attachments/0`,
      headers: { cookie },
    });
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
  });

  it('in production is for the super admin only', async () => {
    const prod = await createTestContext({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(401);
      const expected: [Role, number][] = [
        ['customer', 403],
        ['technician', 403],
        ['manager', 403],
        ['admin', 403],
        ['super_admin', 200],
      ];
      for (const [role, status] of expected) {
        const user = await createUser(prod, role);
        for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
          const response = await prod.app.inject({
            method: 'GET',
            url,
            headers: { cookie: user.cookie },
          });
          expect(response.statusCode, `${role} ${url}`).toBe(status);
        }
      }
    } finally {
      await prod.close();
    }
  });
});
