import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

describe('permissions (spec section 6)', () => {
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
