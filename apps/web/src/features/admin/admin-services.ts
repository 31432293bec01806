// The 'Admin Services' menu of the dashboard: which screens each role may open from it.
import { can, type Permission } from '@pitstop/shared/permissions';
import type { Role } from '@pitstop/shared/roles';
import { PATHS } from '@pitstop/shared/web-routes';
import { Building2, HardHat, UsersRound, Wrench, type LucideIcon } from 'lucide-react';

export interface AdminService {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** Who sees the entry; the screen itself enforces the same permission. */
  permission: Permission;
}

/** In the spec's order: users, services, technicians, business profile. */
export const ADMIN_SERVICES: readonly AdminService[] = [
  {
    title: 'Manage Users',
    description: 'Create accounts with a role, edit contact details and remove accounts.',
    to: PATHS.adminUsers,
    icon: UsersRound,
    permission: 'user:manage',
  },
  {
    title: 'Manage Services',
    description: 'Edit the service catalogue: prices, durations, what each includes and its order.',
    to: PATHS.adminServices,
    icon: Wrench,
    permission: 'service:manage',
  },
  {
    title: 'Manage Technicians',
    description: 'Invite technicians, edit their details and see the days each one works.',
    to: PATHS.adminTechnicians,
    icon: HardHat,
    // Managers open the screen too (to invite and look), but the menu offers it to the roles that
    // may manage technicians (admin and super admin).
    permission: 'technician:manage',
  },
  {
    title: 'Business Profile',
    description: 'Phone, e-mail and the opening hours customers book against.',
    to: PATHS.adminBusinessProfile,
    icon: Building2,
    permission: 'business:edit',
  },
];

export function adminServicesFor(role: Role | null | undefined): AdminService[] {
  return ADMIN_SERVICES.filter((service) => can(role, service.permission));
}
