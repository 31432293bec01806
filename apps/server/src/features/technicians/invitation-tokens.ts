// One-time set-password links for technician invitations, kept in better-auth's verification
// table through the users feature, which owns it (no table of our own). Only the token's SHA-256
// hash is stored: a database leak yields no working links.
import { createHash, randomBytes } from 'node:crypto';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { INVITATION_DAYS } from '../notifications/templates.ts';
import {
  peekOneTimeValue,
  revokeOneTimeValues,
  saveOneTimeValue,
  takeOneTimeValue,
} from '../users/service.ts';

const IDENTIFIER_PREFIX = 'technician-invite:';
const SET_PASSWORD_PATH = '/set-technician-password';

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function identifierFor(token: string): string {
  return `${IDENTIFIER_PREFIX}${hashInvitationToken(token)}`;
}

export interface IssuedInvitation {
  token: string;
  /** The absolute link for the e-mail: `${APP_URL}/set-technician-password?token=...`. */
  link: string;
  expiresAt: Date;
}

/**
 * Issues a fresh link for the user, revoking any earlier one (a re-invitation makes the old
 * e-mail's link stop working). Run it in the transaction that queues the e-mail.
 */
export async function issueInvitationToken(
  db: Executor,
  input: { userId: string; appUrl: string; now?: Date },
): Promise<IssuedInvitation> {
  const now = input.now ?? new Date();
  await revokeInvitationTokens(db, input.userId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  await saveOneTimeValue(db, {
    identifier: identifierFor(token),
    userId: input.userId,
    expiresAt,
    now,
  });
  const link = new URL(SET_PASSWORD_PATH, `${input.appUrl}/`);
  link.searchParams.set('token', token);
  return { token, link: link.toString(), expiresAt };
}

/** Makes every outstanding invitation link of the user stop working. */
export async function revokeInvitationTokens(db: Executor, userId: string): Promise<void> {
  await revokeOneTimeValues(db, IDENTIFIER_PREFIX, userId);
}

/** Whose a stored link is, or 410 in the spec's words when it is unknown or expired. */
function checkedOwner(
  row: { userId: string; expiresAt: Date } | undefined,
  now: Date,
): { userId: string } {
  if (!row) throw new AppError('GONE', TECHNICIAN_MESSAGES.linkInvalid);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('GONE', TECHNICIAN_MESSAGES.linkExpired);
  }
  return { userId: row.userId };
}

/**
 * Uses up a link and returns whose it was. The delete is the check: of two requests with one
 * token only one gets the row back, and inside the caller's transaction a failure after this
 * (say, a rejected password) rolls the token back so the link still works.
 */
export async function consumeInvitationToken(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string }> {
  return checkedOwner(await takeOneTimeValue(db, identifierFor(token)), now);
}

/** Says whose a link is without using it up (the set-password page asks before it shows). */
export async function findInvitationToken(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string }> {
  return checkedOwner(await peekOneTimeValue(db, identifierFor(token)), now);
}
