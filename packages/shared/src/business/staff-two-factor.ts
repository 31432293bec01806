// The super admin's setting that staff (managers, admins, the super admin) must sign in with a
// second factor: the body of PUT /api/business/staff-two-factor and what GET and PUT answer.
import * as z from 'zod/mini';

export const staffTwoFactorSchema = z.object({
  requireStaffTwoFactor: z.boolean('Choose whether staff need two-factor authentication'),
});
export type StaffTwoFactor = z.infer<typeof staffTwoFactorSchema>;

export const OWN_SECOND_FACTOR_FIRST =
  'Turn on two-factor authentication for your own account first.';
