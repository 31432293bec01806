import { ROLES } from '@pitstop/shared/roles';
import { describe, expect, it } from 'vitest';
import { adminServicesFor } from './admin-services.ts';

const titlesFor = (role: Parameters<typeof adminServicesFor>[0]) =>
  adminServicesFor(role).map((service) => service.title);

describe('the Admin Services menu (SPEC section 6)', () => {
  it('gives a super admin every entry, Manage Users first', () => {
    expect(titlesFor('super_admin')).toEqual([
      'Manage Users',
      'Manage Services',
      'Business Profile',
    ]);
  });

  it('gives an admin everything but Manage Users', () => {
    expect(titlesFor('admin')).toEqual(['Manage Services', 'Business Profile']);
  });

  it('gives a manager nothing to manage', () => {
    expect(titlesFor('manager')).toEqual([]);
  });

  it('offers Manage Users to super_admin only', () => {
    const withUsers = ROLES.filter((role) => titlesFor(role).includes('Manage Users'));
    expect(withUsers).toEqual(['super_admin']);
  });

  it('gives roles outside the dashboard, and no role at all, nothing', () => {
    expect(titlesFor('customer')).toEqual([]);
    expect(titlesFor('technician')).toEqual([]);
    expect(titlesFor(null)).toEqual([]);
  });

  it('links each entry to its screen', () => {
    expect(Object.fromEntries(adminServicesFor('super_admin').map((s) => [s.title, s.to]))).toEqual(
      {
        'Manage Users': '/admin/users',
        'Manage Services': '/admin/services',
        'Business Profile': '/admin/business-profile',
      },
    );
  });
});
