import { describe, expect, it } from 'vitest';
import { can, permissionNames } from './permissions.ts';
import type { Permission } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('permissions', () => {
  it('gives the admin dashboard to manager, admin and super_admin only', () => {
    expect(can('manager', 'admin:dashboard')).toBe(true);
    expect(can('admin', 'admin:dashboard')).toBe(true);
    expect(can('super_admin', 'admin:dashboard')).toBe(true);
    expect(can('customer', 'admin:dashboard')).toBe(false);
    expect(can('technician', 'admin:dashboard')).toBe(false);
  });

  it('keeps services, technicians and business edits from managers', () => {
    for (const permission of ['service:manage', 'technician:manage', 'business:edit'] as const) {
      expect(can('manager', permission)).toBe(false);
      expect(can('admin', permission)).toBe(true);
    }
  });

  it('gives user management to super_admin only', () => {
    expect(can('super_admin', 'user:manage')).toBe(true);
    expect(can('admin', 'user:manage')).toBe(false);
  });

  it('denies everything to nobody', () => {
    expect(can(null, 'profile:edit:own')).toBe(false);
  });
});

// The permission map, written out role by role, so a change to the map has to change this too.
const EXPECTED_PERMISSIONS: Record<string, string[]> = {
  'profile:edit:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  'booking:create': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  // My Garage is hidden for technicians.
  'vehicle:manage:own': ['customer', 'manager', 'admin', 'super_admin'],
  'appointment:read:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  // Whoever books a visit may reschedule or cancel it.
  'visit:manage:own': ['customer', 'technician', 'manager', 'admin', 'super_admin'],
  'admin:dashboard': ['manager', 'admin', 'super_admin'],
  'appointment:read:any': ['manager', 'admin', 'super_admin'],
  'appointment:assign': ['manager', 'admin', 'super_admin'],
  'appointment:status:any': ['manager', 'admin', 'super_admin'],
  'visit:move': ['manager', 'admin', 'super_admin'],
  'visit:cancel': ['manager', 'admin', 'super_admin'],
  'technician:read': ['manager', 'admin', 'super_admin'],
  // Every staff role may invite technicians.
  'technician:invite': ['manager', 'admin', 'super_admin'],
  'metrics:read': ['manager', 'admin', 'super_admin'],
  'business:read': ['manager', 'admin', 'super_admin'],
  'technician:manage': ['admin', 'super_admin'],
  'service:manage': ['admin', 'super_admin'],
  'business:edit': ['admin', 'super_admin'],
  // It holds every account's reset and invitation links: only the one who manages every account.
  'mailbox:read': ['super_admin'],
  'user:manage': ['super_admin'],
  'user:cleanup': ['super_admin'],
  'job:work:own': ['technician'],
};

describe('the whole map', () => {
  it('is exactly this table, permission by permission and role by role', () => {
    for (const [permission, roles] of Object.entries(EXPECTED_PERMISSIONS)) {
      for (const role of ROLES) {
        expect(can(role, permission as Permission), `${role} ${permission}`).toBe(
          roles.includes(role),
        );
      }
    }
    expect(Object.keys(EXPECTED_PERMISSIONS).sort()).toEqual([...permissionNames()].sort());
  });
});
