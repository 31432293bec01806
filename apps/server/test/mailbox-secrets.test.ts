// Nobody reads another account's secrets through the mail: a plain admin who asks a password
// reset for the super admin's address finds the link nowhere. Without SMTP_URL the dev mailbox is
// the super admin's alone, on every server; with SMTP_URL there is no mailbox, and a sent
// message keeps its headers but not its body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@pitstop/shared/roles';
import { emailOutbox } from '../src/db/schema.ts';
import { queueEmail } from '../src/features/notifications/outbox.ts';
import { OutboxSender } from '../src/features/notifications/sender.ts';
import { passwordResetEmail } from '../src/features/notifications/templates.ts';
import { APP_URL, createTestContext, createUser, fingerprintTables, sendAs } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { startSmtpPeer } from './smtp-peer.ts';

const MAILBOX_URLS = ['/api/dev/mailbox', '/dev/mailbox'];

async function requestReset(ctx: TestContext, as: TestUser | undefined, email: string) {
  const response = await sendAs(ctx, as, 'POST', '/api/auth/request-password-reset', {
    email,
    redirectTo: `${APP_URL}/reset-password`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every outbox row as one text: what a database reader or a backup of the table holds. */
async function outboxDump(ctx: TestContext): Promise<string> {
  const result = await ctx.database.db.execute(
    sql`select email_outbox::text as row from email_outbox`,
  );
  return (result.rows as { row: string }[]).map((r) => r.row).join('\n');
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('without SMTP_URL (a trial install), the dev mailbox is the super admin’s only', () => {
  const servers: Record<string, string>[] = [
    { NODE_ENV: 'production' },
    // A development server only this machine reaches is no exception: its admins are people too.
    { NODE_ENV: 'development', HOST: '127.0.0.1' },
  ];
  for (const overrides of servers) {
    it(`keeps a reset link for the super admin from a plain admin (${overrides.NODE_ENV})`, async () => {
      const ctx = await createTestContext(overrides);
      try {
        const superAdmin = await createUser(ctx, 'super_admin');
        const admin = await createUser(ctx, 'admin');
        // The attack: the admin asks a reset for the super admin's address, then looks for it.
        await requestReset(ctx, admin, superAdmin.email);
        const [message] = await ctx.database.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, superAdmin.email));
        expect(message).toBeDefined();
        const urls = [
          ...MAILBOX_URLS,
          `/dev/mailbox/${message!.id}`,
          `/dev/mailbox/${message!.id}/attachments/0`,
        ];

        const expected: [Role | 'anonymous', number][] = [
          ['anonymous', 401],
          ['customer', 403],
          ['technician', 403],
          ['manager', 403],
          ['admin', 403],
        ];
        const users = new Map<string, TestUser | undefined>([['admin', admin]]);
        for (const [role] of expected) {
          if (!users.has(role)) {
            users.set(role, role === 'anonymous' ? undefined : await createUser(ctx, role));
          }
        }
        const before = await fingerprintTables(ctx);
        for (const [role, status] of expected) {
          for (const url of urls) {
            const refused = await sendAs(ctx, users.get(role), 'GET', url);
            expect(refused.statusCode, `${role} ${url}`).toBe(status);
            expect(refused.body, `${role} ${url}`).not.toMatch(/reset-password/);
          }
        }
        expect(await fingerprintTables(ctx)).toEqual(before);

        // The super admin reads it, links and all.
        const list = await sendAs(ctx, superAdmin, 'GET', '/api/dev/mailbox');
        expect(list.statusCode).toBe(200);
        expect(JSON.stringify(list.json())).toMatch(/reset-password\//);
        const page = await sendAs(ctx, superAdmin, 'GET', '/dev/mailbox');
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('SMTP_URL is not set');
        const one = await sendAs(ctx, superAdmin, 'GET', `/dev/mailbox/${message!.id}`);
        expect(one.statusCode).toBe(200);
        expect(one.body).toMatch(/reset-password\//);
      } finally {
        await ctx.close();
      }
    }, 120_000);
  }
});

describe('with SMTP_URL, there is no mailbox and a sent message keeps no body', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    ctx = await createTestContext({ NODE_ENV: 'production', SMTP_URL: peer.url });
  });
  afterAll(async () => {
    await ctx?.close();
    await peer?.stop();
  });

  it('answers 404 to everyone, and the page says mail goes out through SMTP', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const admin = await createUser(ctx, 'admin');
    for (const user of [undefined, admin, superAdmin]) {
      const api = await sendAs(ctx, user, 'GET', '/api/dev/mailbox');
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('NOT_FOUND');
      for (const url of ['/dev/mailbox', '/dev/mailbox/7f1c2b9e-1d7a-4c55-9a51-0b7f3c3f2a10']) {
        const page = await sendAs(ctx, user, 'GET', url);
        expect(page.statusCode, url).toBe(404);
        expect(page.body).toContain('e-mail is sent through SMTP');
        expect(page.body).not.toContain('SMTP_URL is not set');
      }
    }
  });

  it('delivers a reset link that an admin asked for and then keeps only its headers', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const admin = await createUser(ctx, 'admin');
    const before = peer.received.length;
    await requestReset(ctx, admin, superAdmin.email);
    await waitFor(async () => {
      const [row] = await ctx.database.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, superAdmin.email));
      return row?.status === 'sent';
    });
    // The link reached its owner's inbox...
    const delivered = peer.received.slice(before).find((m) => m.to.includes(superAdmin.email));
    expect(delivered?.raw.replace(/=\r\n/g, '')).toMatch(/reset-password\//);
    // ...and the outbox keeps who, what and when, but no link.
    const [row] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, superAdmin.email));
    expect(row).toMatchObject({
      subject: 'Reset your Pitstop password',
      status: 'sent',
      attempts: 1,
      text: '',
      html: '',
      attachments: [],
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await outboxDump(ctx)).not.toMatch(/reset-password/);
    for (const user of [admin, superAdmin]) {
      expect((await sendAs(ctx, user, 'GET', '/api/dev/mailbox')).statusCode).toBe(404);
    }
  });
});

describe('the sender', () => {
  // No SMTP_URL: no sender of the server's own runs beside the one under test.
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps a message’s body while it waits for a retry, drops it once sent or given up', async () => {
    const down = await startSmtpPeer();
    const port = down.port;
    await down.stop();
    const db = ctx.database.db;
    const loop = new OutboxSender(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Pitstop <support@pitstop.example>',
      pollIntervalMs: 20,
      baseDelayMs: 20,
      maxDelayMs: 50,
      maxAttempts: 1_000,
    });
    const mail = {
      business: {
        name: 'Pitstop',
        phone: '(555) 010-4477',
        email: 'support@pitstop.example',
        timeZone: 'America/New_York',
      },
      appUrl: APP_URL,
    };
    const id = await queueEmail(
      db,
      'waiting@example.com',
      passwordResetEmail(mail, { link: `${APP_URL}/api/auth/reset-password/retry-token` }),
    );
    const read = async () =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
    try {
      loop.start();
      await waitFor(async () => {
        const row = await read();
        return row.attempts >= 2 && row.status === 'pending';
      });
      expect((await read()).text).toContain('retry-token');

      const up = await startSmtpPeer(port);
      try {
        await waitFor(async () => (await read()).status === 'sent');
        expect(up.received.some((m) => m.raw.includes('retry-token'))).toBe(true);
        expect(await read()).toMatchObject({ text: '', html: '', attachments: [] });
      } finally {
        await loop.stop();
        await up.stop();
      }
    } finally {
      await loop.stop();
    }

    // A message given up after its last attempt will not be sent: its body goes too.
    const dead = await startSmtpPeer();
    await dead.stop();
    const last = new OutboxSender(db, {
      smtpUrl: `smtp://127.0.0.1:${dead.port}`,
      from: 'Pitstop <support@pitstop.example>',
      pollIntervalMs: 20,
      baseDelayMs: 1,
      maxDelayMs: 5,
      maxAttempts: 2,
    });
    const failedId = await queueEmail(
      db,
      'never@example.com',
      passwordResetEmail(mail, { link: `${APP_URL}/api/auth/reset-password/dead-token` }),
    );
    try {
      last.start();
      await waitFor(
        async () =>
          (await db.select().from(emailOutbox).where(eq(emailOutbox.id, failedId)))[0]?.status ===
          'failed',
      );
    } finally {
      await last.stop();
    }
    const [failed] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failedId));
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, text: '', html: '' });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});
