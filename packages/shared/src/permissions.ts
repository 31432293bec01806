// The one map of what each role may do. The server checks it on every route through the route's
// `config.access` (apps/server/src/lib/access.ts); the web app uses `can` to hide, disable and
// redirect.
import type { Role } from './roles.ts';

const PERMISSIONS = {
  // own data
  'profile:edit:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  'booking:create': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  'vehicle:manage:own': ['customer', 'manager', 'admin', 'super_admin'],
  'appointment:read:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  // Rescheduling or cancelling one's own booked visit (whoever may book may change their booking).
  'visit:manage:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  // staff dashboard
  'admin:dashboard': ['manager', 'admin', 'super_admin'],
  'appointment:read:any': ['manager', 'admin', 'super_admin'],
  'appointment:assign': ['manager', 'admin', 'super_admin'],
  'appointment:status:any': ['manager', 'admin', 'super_admin'],
  // Moving a visit to another date or time, or scheduling a paid order.
  'visit:move': ['manager', 'admin', 'super_admin'],
  // Cancelling a visit with a refund (by policy, in full or none) and reading its payment.
  'visit:cancel': ['manager', 'admin', 'super_admin'],
  'technician:read': ['manager', 'admin', 'super_admin'],
  // Every staff role may invite: the Technicians screen is the staff's.
  'technician:invite': ['manager', 'admin', 'super_admin'],
  'metrics:read': ['manager', 'admin', 'super_admin'],
  'business:read': ['manager', 'admin', 'super_admin'],
  // admin-only management
  'technician:manage': ['admin', 'super_admin'],
  'service:manage': ['admin', 'super_admin'],
  'business:edit': ['admin', 'super_admin'],
  // super admin
  // The dev mailbox holds every account's reset and invitation links: reading it is taking them.
  'mailbox:read': ['super_admin'],
  'user:manage': ['super_admin'],
  'user:cleanup': ['super_admin'],
  // technician work
  'job:work:own': ['technician'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission the map knows. */
export function permissionNames(): Permission[] {
  return Object.keys(PERMISSIONS) as Permission[];
}

/** Staff: the roles that may open the admin dashboard (/admin) and sign in at the admin portal. */
export function isStaffRole(role: Role | null | undefined): boolean {
  return can(role, 'admin:dashboard');
}
