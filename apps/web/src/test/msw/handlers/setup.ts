// Doubles of first-admin setup (GET and POST /api/setup): open exactly while no account exists,
// as apps/server/src/features/setup/service.ts decides.
import { adminSetupFormSchema } from '@pitstop/shared/auth/forms';
import { isStaffRole } from '@pitstop/shared/permissions';
import {
  setupResultResponseSchema,
  setupStatusResponseSchema,
} from '@pitstop/shared/setup/responses';
import { http } from 'msw';
import { addAccount, findAccountByEmail, listAccounts } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';

export const SETUP_COMPLETE = 'Setup is already complete. Please sign in through the Admin Portal.';
const ADMIN_ALREADY =
  'This email already has an admin account. Please sign in through the Admin Portal.';

const isSetupAvailable = () => listAccounts().length === 0;

export const setupHandlers = [
  http.get('/api/setup', () =>
    respond(setupStatusResponseSchema, { available: isSetupAvailable() }),
  ),

  http.post('/api/setup', async ({ request }) => {
    const body = await readBody(request, adminSetupFormSchema);
    if (!body.ok) return body.response;
    if (!isSetupAvailable()) {
      const existing = findAccountByEmail(body.data.email);
      return apiError(
        'CONFLICT',
        existing && isStaffRole(existing.user.role) ? ADMIN_ALREADY : SETUP_COMPLETE,
      );
    }
    const { name, email, password } = body.data;
    // The new super admin is not signed in: the page sends them to the admin portal.
    addAccount({ role: 'super_admin', name, email, password });
    return respond(setupResultResponseSchema, { ok: true }, { status: 201 });
  }),
];
