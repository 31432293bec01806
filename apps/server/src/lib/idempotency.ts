// A change sent again applies once. A route that opts in (`config.idempotent`) and a request
// carrying an Idempotency-Key (the technician's app sends its queued changes with one, and again
// when it cannot tell whether they arrived) claims the key first: the first request runs, its
// successful answer is kept, and a repeat gets that answer back without running again.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotentRequests } from '../db/schema.ts';
import { requireViewer } from './access.ts';
import { AppError } from './errors.ts';
import { schedulePass } from './periodic-pass.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A change the technician's app may send again: an Idempotency-Key makes it apply once. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, settled when its answer is sent. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** Whose change it is (a user id): a phone's queue names the account that made it. */
const CHANGE_ACCOUNT_HEADER = 'change-account';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const INVALID_KEY = 'Use an Idempotency-Key of 8 to 100 letters, digits, - or _.';
export const KEY_REUSED = 'This change was already sent with different details.';
export const IN_PROGRESS = 'This change is still being applied. Try again shortly.';
export const ANOTHER_ACCOUNT =
  'This change was made on this phone by another account. Sign in as them to send it.';

/** What an opted-in route's API description says of the header (optional: the route works without). */
export const IDEMPOTENT_ROUTE =
  'Optional header `Idempotency-Key` (8-100 of A-Z, a-z, 0-9, - and _), unique per change: sent again with the same key and details, the change applies once and a repeat gets the first success answer again with `Idempotent-Replayed: true`; the same key with other details is 422 IDEMPOTENCY_KEY_REUSED, and while the first is still running 409 IDEMPOTENCY_IN_PROGRESS. A refused change keeps nothing: sent again, it runs again. Optional header `Change-Account`: the user id of the account that made the change (a phone’s queue); another account signed in gets 409 CHANGE_OF_ANOTHER_ACCOUNT and nothing runs.';

/** A claim this old with no answer belongs to an instance that stopped: another may take it. */
const PENDING_TAKEOVER_MS = 2 * 60_000;
/** How long a key is remembered: far longer than a phone stays without a connection. */
const KEPT_DAYS = 30;
const PRUNE_INTERVAL_MS = 60 * 60_000;

interface Claim {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
}

type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; answer: unknown }
  | { kind: 'reused' }
  | { kind: 'in-progress' };

/** JSON with every object's keys sorted, so the same change hashes the same however it is written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, child]) => `${JSON.stringify(name)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The change's own details: the route's parameters and the body, both as validated. Not the URL
 * as sent, which may spell the same change differently (`//`, a query string the route ignores).
 */
function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonicalJson(request.params ?? null))
    .update('\n')
    .update(canonicalJson(request.body ?? null))
    .digest('hex');
}

/**
 * Claims `claim.key` for its user, or says why not. Inserting is the claim, so of two requests
 * at once one runs; a pending claim past PENDING_TAKEOVER_MS is taken over by one request only
 * (the update re-checks its age under the row's lock).
 */
async function claimKey(db: Db, claim: Claim): Promise<ClaimOutcome> {
  const ofKey = and(
    eq(idempotentRequests.userId, claim.userId),
    eq(idempotentRequests.key, claim.key),
  );
  // Another request may delete or take over the row between two steps: look again, briefly.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotentRequests)
      .values(claim)
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (inserted.length > 0) return { kind: 'claimed' };

    const [row] = await db
      .select({
        route: idempotentRequests.route,
        requestHash: idempotentRequests.requestHash,
        statusCode: idempotentRequests.statusCode,
        answer: idempotentRequests.answer,
        completedAt: idempotentRequests.completedAt,
        isStale: sql<boolean>`${idempotentRequests.createdAt} < now() - make_interval(secs => ${PENDING_TAKEOVER_MS / 1000})`,
      })
      .from(idempotentRequests)
      .where(ofKey);
    if (!row) continue;
    if (row.route !== claim.route || row.requestHash !== claim.requestHash) {
      return { kind: 'reused' };
    }
    if (row.completedAt !== null && row.statusCode !== null) {
      return { kind: 'replay', statusCode: row.statusCode, answer: row.answer };
    }
    if (!row.isStale) return { kind: 'in-progress' };
    const taken = await db
      .update(idempotentRequests)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          ofKey,
          isNull(idempotentRequests.completedAt),
          lt(
            idempotentRequests.createdAt,
            sql`now() - make_interval(secs => ${PENDING_TAKEOVER_MS / 1000})`,
          ),
        ),
      )
      .returning({ key: idempotentRequests.key });
    if (taken.length > 0) return { kind: 'claimed' };
  }
  return { kind: 'in-progress' };
}

/** Keeps a successful answer for repeats of its change. */
async function completeClaim(
  db: Db,
  claim: { userId: string; key: string },
  statusCode: number,
  answer: unknown,
): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ statusCode, answer, completedAt: sql`now()` })
    .where(and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key)));
}

/** A refused or failed change changed nothing: the key is free to run it again. */
async function releaseClaim(db: Db, claim: { userId: string; key: string }): Promise<void> {
  await db
    .delete(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, claim.userId),
        eq(idempotentRequests.key, claim.key),
        isNull(idempotentRequests.completedAt),
      ),
    );
}

/** Forgets keys older than KEPT_DAYS. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(days => ${KEPT_DAYS})`));
}

function parsedAnswer(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

/**
 * Installs the claim (a preHandler: after access and validation, so a refused request claims
 * nothing), the answer's keeping (onSend), and the hourly pass that forgets old keys (not under
 * NODE_ENV=test). Install before the routes register.
 */
export function installIdempotency(app: FastifyInstance, db: Db, nodeEnv: string): void {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    // Without a key the route behaves as it always has.
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('VALIDATION', INVALID_KEY);
    }
    // A change kept on a phone is applied only for the account that made it, never for whoever
    // is signed in there when the signal returns.
    const madeBy = request.headers[CHANGE_ACCOUNT_HEADER];
    const { userId } = requireViewer(request);
    if (madeBy !== undefined && madeBy !== userId) {
      throw new AppError('CHANGE_OF_ANOTHER_ACCOUNT', ANOTHER_ACCOUNT);
    }
    const claim: Claim = {
      userId,
      key,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      requestHash: requestHashOf(request),
    };
    const outcome = await claimKey(db, claim);
    switch (outcome.kind) {
      case 'claimed':
        request.idempotencyClaim = { userId: claim.userId, key };
        return;
      case 'replay':
        return reply
          .status(outcome.statusCode)
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(outcome.answer));
      case 'reused':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
      case 'in-progress':
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', IN_PROGRESS);
    }
  });

  // The answer is kept before it leaves, so a repeat sent after it arrived always finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        await completeClaim(db, claim, reply.statusCode, parsedAnswer(payload));
      } else {
        await releaseClaim(db, claim);
      }
    } catch (error) {
      // The change's own answer still goes out; the claim, left pending, is taken over later.
      request.log.error({ err: error }, 'idempotency key not settled');
    }
    return payload;
  });

  if (nodeEnv === 'test') return;
  schedulePass(app, {
    name: 'idempotency key pruning',
    everyMs: PRUNE_INTERVAL_MS,
    atStart: true,
    run: () => deleteExpiredIdempotencyKeys(db),
  });
}
