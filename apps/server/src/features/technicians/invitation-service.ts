// The technician's way in: staff invite by name and e-mail, which
// creates the account with a password nobody knows and e-mails a one-time link; the admin may
// resend it (the old link dies); the link's page asks whose it is, then sets the password and
// signs the technician in.
import { canResendInvitation, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { TechnicianCard } from '@pitstop/shared/technicians/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { MailSender } from '../../app-context.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { sendEmail } from '../notifications/service.ts';
import { technicianInvitationEmail } from '../notifications/templates.ts';
import {
  createAccount,
  endSessions,
  findAccountByUserId,
  findTechnicianById,
  hashPassword,
  setPasswordHash,
  unguessablePassword,
} from '../users/service.ts';
import {
  consumeInvitationToken,
  findInvitationToken,
  issueInvitationToken,
  revokeInvitationTokens,
} from './invitation-tokens.ts';
import { technicianNotFound, toTechnicianCard } from './service.ts';

export interface InvitationDeps {
  db: Db;
  auth: Auth;
  env: Env;
  sender: MailSender | undefined;
}

/**
 * Creates the technician's account and profile and queues the invitation, all or nothing: the
 * link, the e-mail and the audit row are written in createAccount's transaction, and the
 * account is removed again if that fails. An e-mail that has an account is refused (409).
 */
export async function inviteTechnician(
  deps: InvitationDeps,
  actor: Viewer,
  input: { name: string; email: string },
): Promise<TechnicianCard> {
  const { db, auth, env } = deps;
  let stored = input.email;
  const profile = await createAccount(
    db,
    auth,
    // The technician chooses their password through the link; until then nobody knows one.
    { name: input.name, email: input.email, password: unguessablePassword(), role: 'technician' },
    async (tx, created) => {
      // The address as the account stores it (the auth library lower-cases it).
      const email = (await findAccountByUserId(tx, created.userId))?.email ?? input.email;
      const { link } = await issueInvitationToken(tx, {
        userId: created.userId,
        appUrl: env.appUrl,
      });
      await sendEmail(tx, env, email, (mail) =>
        technicianInvitationEmail(mail, { name: input.name, link }),
      );
      await recordAudit(tx, actor, {
        action: 'technician.invite',
        entity: 'technician',
        entityId: created.id,
        details: { email, name: input.name },
      });
      stored = email;
    },
  );
  deps.sender?.nudge();
  return toTechnicianCard(profile, stored);
}

/**
 * A new link for the technician; the previous one stops working. The link itself is answered
 * only while e-mail is not configured (the dev mailbox keeps it), for the admin to pass on.
 * Refused (409) once onboarding is complete: the link would set an account's password that its
 * owner already chose.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: Viewer,
  profileId: string,
): Promise<{ loginLink: string | null }> {
  const { db, env } = deps;
  const link = await db.transaction(async (tx) => {
    // Locked: of two resends at once, the second waits and revokes the first one's link.
    const found = await findTechnicianById(tx, profileId, 'update');
    if (!found) throw technicianNotFound();
    if (!canResendInvitation(found.profile)) {
      throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.alreadyOnboarded);
    }
    const issued = await issueInvitationToken(tx, {
      userId: found.profile.userId,
      appUrl: env.appUrl,
    });
    await sendEmail(tx, env, found.email, (mail) =>
      technicianInvitationEmail(mail, {
        name: found.profile.name,
        link: issued.link,
        isResend: true,
      }),
    );
    await recordAudit(tx, actor, {
      action: 'technician.invitation.resend',
      entity: 'technician',
      entityId: profileId,
      details: { email: found.email },
    });
    return issued.link;
  });
  deps.sender?.nudge();
  return { loginLink: env.smtpUrl ? null : link };
}

/** The technician's account behind a user id, or 410: the link is no use to anyone else. */
async function technicianAccount(db: Executor, userId: string) {
  const account = await findAccountByUserId(db, userId);
  if (account?.profile.role !== 'technician') {
    throw new AppError('GONE', TECHNICIAN_MESSAGES.notTechnician);
  }
  return account;
}

/** Whose link it is (e-mail and name), without using it up; 410 for a dead link. */
export async function checkInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ email: string; name: string }> {
  const { userId } = await findInvitationToken(db, token, now);
  const account = await technicianAccount(db, userId);
  return { email: account.email, name: account.profile.name };
}

/**
 * Uses the link to set the technician's password: in one transaction the link is used up, the
 * password written, and the account's sessions and reset links ended, so a dead, forged or
 * already used link (410) changes nothing and of two uses of one link only one wins. Then the
 * technician is signed in; the answer carries the session cookies to pass on.
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  input: { token: string; password: string },
  requestHeaders: Headers,
): Promise<{ onboardingComplete: boolean; cookies: string[] }> {
  const { db, auth } = deps;
  // A dead link is refused before the (deliberately slow) hashing; the use below decides.
  await findInvitationToken(db, input.token);
  const passwordHash = await hashPassword(auth, input.password);
  const account = await db.transaction(async (tx) => {
    const { userId } = await consumeInvitationToken(tx, input.token);
    const found = await technicianAccount(tx, userId);
    await setPasswordHash(tx, userId, passwordHash);
    await endSessions(tx, userId);
    await revokeInvitationTokens(tx, userId);
    await recordAudit(
      tx,
      { userId, email: found.email },
      { action: 'technician.password.set', entity: 'technician', entityId: found.profile.id },
    );
    return found;
  });
  const { headers } = await auth.api.signInEmail({
    body: { email: account.email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return {
    onboardingComplete: account.profile.onboardingComplete,
    cookies: headers.getSetCookie(),
  };
}
