// Faults a production server meets (docs/reliability.md), on real processes of the production
// bundle: killed with SIGKILL between a payment and its fulfilment, stopped with SIGTERM while
// requests arrive. Each shows that nothing accepted is lost and nothing is done twice, by reading
// the database the processes left.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import { appointments, bookings, emailOutbox, orders } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE } from '../src/lib/errors.ts';
import { checkoutEvent, signedWebhook, startFakeStripe } from './fake-stripe.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import type { SmtpPeer } from './smtp-peer.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { bookingBody, freshWeekdays, futureWeekday } from './harness.ts';
import { createServerDatabase, send, signedInCustomer, spawnServer } from './processes.ts';
import type { ServerDatabase, ServerProcess } from './processes.ts';

const PROCESS_TEST_TIMEOUT_MS = 180_000;

/** What each booking became: its status, and how many orders, appointments and confirmations. */
async function outcomes(db: Db, bookingIds: string[]) {
  const bookingRows = await db.select().from(bookings).where(inArray(bookings.id, bookingIds));
  const orderRows = await db.select().from(orders).where(inArray(orders.bookingId, bookingIds));
  const jobs = await db
    .select()
    .from(appointments)
    .where(inArray(appointments.bookingId, bookingIds));
  const mails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.template, 'booking-confirmation'));
  return bookingIds.map((id) => {
    const order = orderRows.filter((row) => row.bookingId === id);
    const booking = bookingRows.find((row) => row.id === id);
    // The confirmation names the order by its number (PS-…).
    const number = booking ? formatOrderNumber(booking.orderNumber) : '-';
    return {
      status: booking?.status,
      orders: order.length,
      appointments: jobs.filter((row) => row.bookingId === id).length,
      confirmations:
        order.length > 0 ? mails.filter((mail) => mail.text.includes(number)).length : 0,
    };
  });
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a server killed between payment and fulfilment', () => {
  let stripe: FakeStripe;
  let database: ServerDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
    await stripe?.close();
  });

  /** Books a visit on a day of its own; answers the booking and its Checkout Session. */
  async function book(cookie: string, dayOffset: number) {
    const body = bookingBody({ date: futureWeekday(dayOffset), idempotencyKey: randomUUID() });
    const started = await send(server!.url, 'POST', '/api/bookings', { body, cookie });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const { bookingId } = started.json as { bookingId: string };
    const session = [...stripe.sessions.values()].find((s) => s.metadata.booking_id === bookingId);
    return { bookingId, sessionId: session!.id, cookie };
  }

  function deliverWebhook(url: string, sessionId: string) {
    const { body, headers } = signedWebhook(
      checkoutEvent('checkout.session.completed', stripe.sessions.get(sessionId)!),
    );
    return fetch(`${url}/api/payments/stripe/webhook`, { method: 'POST', headers, body });
  }

  it(
    'fulfils each payment exactly once after a restart, whenever the kill fell',
    async () => {
      server = await spawnServer(database, stripe.env);
      // A customer per visit: a customer's new booking releases their own earlier unpaid one.
      const customer = (day: number) => signedInCustomer(server!.url, `killed-${day}@example.com`);
      // Paid at Stripe, then the server dies before any confirmation reached it.
      const silent = await book(await customer(20), 20);
      stripe.complete(silent.sessionId);
      // Paid, and the webhook sent: the server dies while (or before, or after) fulfilling.
      const racing = [];
      for (let day = 21; day < 27; day += 1) racing.push(await book(await customer(day), day));
      for (const { sessionId } of racing) stripe.complete(sessionId);
      const deliveries = racing.map(({ sessionId }, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 3)).then(() =>
          deliverWebhook(server!.url, sessionId).catch(() => undefined),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 8));
      expect(await server.stop('SIGKILL')).toBeNull();
      await Promise.all(deliveries);

      // The restarted server's start-up pass asks Stripe and fulfils what is missing.
      server = await spawnServer(database, stripe.env);
      const all = [silent, ...racing];
      await until(async () => {
        for (const { cookie } of all) {
          const mine = await send(server!.url, 'GET', '/api/appointments/mine', { cookie });
          if (((mine.json as { upcoming?: unknown[] }).upcoming ?? []).length === 0) return;
        }
        return true;
      });
      // Late webhooks and the success page's lookups change nothing.
      for (const { sessionId, cookie } of all) {
        expect((await deliverWebhook(server.url, sessionId)).status).toBe(200);
        const page = await send(server.url, 'GET', `/api/checkout/sessions/${sessionId}`, {
          cookie,
        });
        expect(page.json).toMatchObject({ state: 'paid' });
      }
      expect(await server.stop()).toBe(0);
      server = undefined;

      const found = await database.read((db) =>
        outcomes(
          db,
          all.map((b) => b.bookingId),
        ),
      );
      expect(found).toEqual(
        all.map(() => ({ status: 'paid', orders: 1, appointments: 1, confirmations: 1 })),
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('SIGTERM while requests arrive', () => {
  let database: ServerDatabase;

  beforeAll(async () => {
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'answers every request it accepted, and stores exactly the bookings it answered 201',
    async () => {
      const server = await spawnServer(database);
      const cookie = await signedInCustomer(server.url, 'sigterm@example.com');
      const answered: { key: string; status: number; afterSignal: boolean }[] = [];
      const refused: { key: string; error: string }[] = [];
      let signalled = false;
      let slot = 0;
      const times = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
      // Ten clients booking one after another, each on a connection of its own per request.
      const client = async () => {
        while (!signalled || server.child.exitCode === null) {
          const n = (slot += 1);
          const key = randomUUID();
          const body = bookingBody({
            date: futureWeekday(20 + Math.floor(n / times.length)),
            time: times[n % times.length],
            idempotencyKey: key,
          });
          try {
            const response = await fetch(`${server.url}/api/bookings`, {
              method: 'POST',
              headers: {
                origin: server.url,
                cookie,
                'content-type': 'application/json',
                connection: 'close',
              },
              body: JSON.stringify(body),
            });
            await response.arrayBuffer();
            answered.push({ key, status: response.status, afterSignal: signalled });
          } catch (error) {
            refused.push({ key, error: String((error as Error).cause ?? error) });
            if (signalled) return;
          }
        }
      };
      const clients = Array.from({ length: 10 }, client);
      await until(async () => (answered.length >= 30 ? true : undefined));
      signalled = true;
      const exitCode = await server.stop('SIGTERM');
      await Promise.all(clients);
      expect(exitCode).toBe(0);

      // Every answer is a whole one: created, or refused with a reason (a full slot, or 503
      // for a request that arrived while closing); none lost midway.
      expect(answered.every(({ status }) => [201, 409, 503].includes(status))).toBe(true);
      expect(answered.filter((a) => a.afterSignal && a.status === 201).length).toBeGreaterThan(0);
      const created = answered.filter((a) => a.status === 201).map((a) => a.key);
      const stored = await database.read(async (db) =>
        (await db.select({ key: bookings.idempotencyKey }).from(bookings)).map((row) => row.key),
      );
      // Stored exactly what was answered 201: a request the server never read left nothing.
      expect(new Set(stored)).toEqual(new Set(created));
      expect(refused.every(({ key }) => !stored.includes(key))).toBe(true);
      console.info(
        `SIGTERM under load: ${answered.length} answered (${created.length} created, ` +
          `${answered.filter((a) => a.afterSignal).length} after the signal), ` +
          `${refused.length} refused at connection, 0 lost`,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

/**
 * A TCP relay between the server and PostgreSQL that can be cut (every connection dropped, new
 * ones refused, as when the database host goes away), made a black hole (every connection
 * dropped, new ones accepted and never answered, as when packets to the host are dropped), and
 * restored on the same port.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let swallowing = false;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
        if (swallowing) return;
        const upstream = connect(Number(target.port), target.hostname);
        for (const end of [socket, upstream]) {
          sockets.add(end);
          end.on('close', () => sockets.delete(end));
          end.on('error', () => {
            socket.destroy();
            upstream.destroy();
          });
        }
        socket.pipe(upstream).pipe(socket);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  return {
    url(database: string) {
      const url = new URL(target);
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    swallow() {
      swallowing = true;
      for (const socket of sockets) socket.destroy();
    },
    async restore() {
      if (swallowing) {
        swallowing = false;
        for (const socket of sockets) socket.destroy();
      } else {
        await open();
      }
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL unreachable', () => {
  let database: ServerDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  it(
    'answers 503 with a clear message while it is gone, changes nothing, and recovers without a restart',
    async () => {
      const direct = new URL(database.env.DATABASE_URL!);
      const relay = await startRelay(direct);
      const relayed = relay.url(direct.pathname.slice(1));
      server = await spawnServer({ ...database, env: { ...database.env, DATABASE_URL: relayed } });
      const cookie = await signedInCustomer(server.url, 'outage@example.com');
      // Capacity 2 per slot: each booking after the first two takes another day.
      const nextDay = freshWeekdays(19);
      const booking = () =>
        send(server!.url, 'POST', '/api/bookings', {
          body: bookingBody({ date: nextDay(), idempotencyKey: randomUUID() }),
          cookie,
        });
      const countBookings = () =>
        database.read(async (db) => (await db.select().from(bookings)).length);
      expect((await booking()).status).toBe(201);

      await relay.cut();
      const health = await send(server.url, 'GET', '/api/health');
      expect(health).toMatchObject({ status: 503, json: { status: 'unavailable' } });
      const unavailable = { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE };
      for (const answer of [
        await booking(),
        await send(server.url, 'GET', '/api/appointments/mine', { cookie }),
        await send(server.url, 'GET', '/api/profile', { cookie }),
      ]) {
        expect(answer).toMatchObject({ status: 503, json: { error: unavailable } });
      }
      expect(await countBookings()).toBe(1);
      expect(server.child.exitCode).toBeNull();

      await relay.restore();
      await until(async () => {
        const answer = await send(server!.url, 'GET', '/api/health');
        return answer.status === 200 ? answer : undefined;
      });
      expect((await send(server.url, 'GET', '/api/appointments/mine', { cookie })).status).toBe(
        200,
      );
      expect((await booking()).status).toBe(201);
      expect(await countBookings()).toBe(2);

      // Packets to the database dropped: no refusal comes, yet the answer is 503 within seconds
      // (the pool's connection timeout), and the server serves again once the host answers.
      relay.swallow();
      const asked = Date.now();
      expect(await booking()).toMatchObject({ status: 503, json: { error: unavailable } });
      expect(Date.now() - asked).toBeLessThan(15_000);
      expect(await countBookings()).toBe(2);
      await relay.restore();
      await until(async () => {
        const answer = await send(server!.url, 'GET', '/api/health');
        return answer.status === 200 ? answer : undefined;
      });
      expect((await booking()).status).toBe(201);
      expect(await countBookings()).toBe(3);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: ServerDatabase;
  let smtp: SmtpPeer;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createServerDatabase();
    smtp = await startSmtpPeer();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Pitstop <hello@pitstop.example>' };
    servers = [await spawnServer(database, env), await spawnServer(database, env)];
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.stop();
    await database?.drop();
  });

  it(
    'never books a slot past capacity, sends each e-mail once, and keeps a session on either',
    async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const on = (n: number) => (n % 2 === 0 ? a : b).url;
      // Sixteen customers race for one slot, half through each server.
      const cookies: string[] = [];
      for (let n = 0; n < 16; n += 1)
        cookies.push(await signedInCustomer(on(n), `racer${n}@example.com`));
      // Days of their own: futureWeekday(20) and (21) are one Monday when the 20th day is a Sunday.
      const nextDay = freshWeekdays(20);
      const slot = { date: nextDay(), time: '10:00' };
      const race = await Promise.all(
        cookies.map((cookie, n) =>
          send(on(n), 'POST', '/api/bookings', {
            body: bookingBody({ ...slot, idempotencyKey: randomUUID() }),
            cookie,
          }),
        ),
      );
      const statuses = race.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(2).fill(201), ...Array(14).fill(409)]);
      const held = await database.read((db) =>
        db.select().from(bookings).where(eq(bookings.appointmentDate, slot.date)),
      );
      expect(held).toHaveLength(2);

      // Each racer who won pays on the other server and comes back to the success page there;
      // then twelve more visits are booked and paid across both. Both servers' senders poll one
      // outbox.
      const paid = race.flatMap((answer, n) =>
        answer.status === 201
          ? [{ ...(answer.json as { checkoutUrl: string }), cookie: cookies[n]! }]
          : [],
      );
      // Booked by racers who lost: a winner's new booking would release the hold it won.
      const losers = cookies.filter((_, n) => race[n]!.status !== 201);
      for (let n = 0; n < 12; n += 1) {
        const answer = await send(on(n), 'POST', '/api/bookings', {
          body: bookingBody({ date: nextDay(), idempotencyKey: randomUUID() }),
          cookie: losers[n]!,
        });
        expect(answer.status).toBe(201);
        paid.push({ ...(answer.json as { checkoutUrl: string }), cookie: losers[n]! });
      }
      for (const [n, { checkoutUrl, cookie }] of paid.entries()) {
        const sessionId = checkoutUrl.split('/').at(-1)!;
        const payment = await fetch(`${on(n + 1)}/checkout/local/${sessionId}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin: on(n + 1), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            email: 'ada@example.com',
            cardNumber: '4242 4242 4242 4242',
            expiry: '12 / 40',
            cvc: '123',
            cardName: 'Ada Lovelace',
          }),
        });
        expect(payment.status).toBe(303);
        const success = await send(on(n + 1), 'GET', `/api/checkout/sessions/${sessionId}`, {
          cookie,
        });
        expect(success.json).toMatchObject({ state: 'paid' });
      }
      const confirmations = () =>
        smtp.received.filter((mail) => /confirm/i.test(mail.subject)).length;
      await until(async () => (confirmations() >= paid.length ? true : undefined), 60_000);
      // A little longer: a second delivery of any of them would arrive by now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(confirmations()).toBe(paid.length);
      const ids = smtp.received.map((mail) => /^Message-ID:\s*(.+)$/im.exec(mail.raw)?.[1]);
      expect(new Set(ids).size).toBe(smtp.received.length);
      // Everything due went once; the visits' reminders wait for the day before.
      const outbox = await database.read((db) => db.select().from(emailOutbox));
      const due = outbox.filter((row) => row.template !== 'visit-reminder');
      expect(due.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      const reminders = outbox.filter((row) => row.template === 'visit-reminder');
      expect(reminders).toHaveLength(paid.length);
      expect(reminders.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);

      // A session made on one server works on the other, and ends on both at once.
      const me = async (url: string, cookie: string) =>
        ((await send(url, 'GET', '/api/me', { cookie })).json as { viewer: unknown }).viewer;
      const cookie = cookies[0]!;
      expect(await me(b.url, cookie)).toMatchObject({ email: 'racer0@example.com' });
      expect((await send(b.url, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(
        200,
      );
      expect(await me(a.url, cookie)).toBeNull();
      console.info(
        `two servers: ${race.length} bookings raced for one slot (2 won), ` +
          `${paid.length} payments, ${smtp.received.length} e-mails, each sent once`,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.skipIf(!process.env.DATABASE_URL)('WEB_CONCURRENCY', () => {
  let database: ServerDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  /** The primary's worker processes, from /proc. */
  const workersOf = (pid: number) =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  const listeningLines = () => server!.output().match(/Pitstop is listening/g)?.length ?? 0;
  const allServe = async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(server!.url, 'GET', '/api/services')),
    );
    return answers.every((answer) => answer.status === 200);
  };

  it(
    'runs that many processes on one port, replaces one that dies, and stops them all on SIGTERM',
    async () => {
      server = await spawnServer(database, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
      await until(async () => (listeningLines() === 2 ? true : undefined));
      const primary = server.child.pid!;
      const workers = workersOf(primary);
      expect(workers).toHaveLength(2);
      expect(await allServe()).toBe(true);

      process.kill(workers[0]!, 'SIGKILL');
      await until(async () => (listeningLines() === 3 ? true : undefined));
      const replaced = workersOf(primary);
      expect(replaced).toHaveLength(2);
      expect(replaced).not.toContain(workers[0]);
      expect(await allServe()).toBe(true);

      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;
      expect(replaced.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.skipIf(!process.env.DATABASE_URL)('sign-in limits across instances', () => {
  let database: ServerDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createServerDatabase();
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '4' };
    servers = [await spawnServer(database, env), await spawnServer(database, env)];
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it(
    'count once for all of them: two servers allow the limit between them, not each',
    async () => {
      const attempt = (server: ServerProcess) =>
        send(server.url, 'POST', '/api/auth/sign-in/email', {
          body: { email: 'guess@example.com', password: 'wrong-password-1' },
        });
      const statuses = [];
      for (let n = 0; n < 6; n += 1) statuses.push((await attempt(servers[n % 2]!)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
