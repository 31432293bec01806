// How each role reads on screen, and the badge tone that tells roles apart at a glance.
import type { Role } from '@pitstop/shared/roles';
import type { BadgeProps } from '../components/ui/badge.tsx';

export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  technician: 'Technician',
  manager: 'Manager',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

export const ROLE_BADGE_VARIANTS: Record<Role, NonNullable<BadgeProps['variant']>> = {
  customer: 'outline',
  technician: 'success',
  manager: 'warning',
  admin: 'info',
  super_admin: 'default',
};
