// Doubles of first-admin setup (GET and POST /api/setup), deciding as
// apps/server/src/features/setup/service.ts does: open until a super admin exists; on a server
// others can reach (`requireSetupCode`), only with the one-time code; once closed, the same
// answer whatever the address.
import { adminSetupFormSchema } from '@pitstop/shared/auth/forms';
import {
  setupResultResponseSchema,
  setupStatusResponseSchema,
} from '@pitstop/shared/setup/responses';
import { http } from 'msw';
import { addAccount, listAccounts } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';

const SETUP_COMPLETE = 'Setup is already complete. Please sign in through the Admin Portal.';
export const SETUP_CODE_WRONG =
  'That setup code is not right. The server prints the current one in its log at start.';

let setupCode: string | null = null;

/** Makes the double act as a server others can reach, which asks for `code`. */
export function requireSetupCode(code: string) {
  setupCode = code;
}

export function resetSetupState() {
  setupCode = null;
}

const isSetupAvailable = () =>
  !listAccounts().some((account) => account.user.role === 'super_admin');

export const setupHandlers = [
  http.get('/api/setup', () => {
    const available = isSetupAvailable();
    return respond(
      setupStatusResponseSchema,
      available && setupCode ? { available, codeRequired: true } : { available },
    );
  }),

  http.post('/api/setup', async ({ request }) => {
    const body = await readBody(request, adminSetupFormSchema);
    if (!body.ok) return body.response;
    if (!isSetupAvailable()) return apiError('CONFLICT', SETUP_COMPLETE);
    if (setupCode && body.data.setupCode !== setupCode) {
      return apiError('FORBIDDEN', SETUP_CODE_WRONG, { setupCode: SETUP_CODE_WRONG });
    }
    const { name, email, password } = body.data;
    // The new super admin is not signed in: the page sends them to the admin portal.
    addAccount({ role: 'super_admin', name, email, password });
    setupCode = null;
    return respond(setupResultResponseSchema, { ok: true }, { status: 201 });
  }),
];
