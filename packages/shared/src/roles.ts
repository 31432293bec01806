// The five roles of spec section 6.
import { z } from 'zod';

export const ROLES = ['customer', 'technician', 'manager', 'admin', 'super_admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const DEFAULT_ROLE: Role = 'customer';

/** Roles that may open the admin dashboard (/admin) and the admin portal. */
export const STAFF_ROLES: readonly Role[] = ['manager', 'admin', 'super_admin'];

export function isStaffRole(role: Role | null | undefined): boolean {
  return role != null && STAFF_ROLES.includes(role);
}
