import { WEB_ROUTE_PATHS } from '@pitstop/shared/web-routes';
import { describe, expect, it } from 'vitest';
import { ADMIN_SERVICES, adminServicesFor } from './admin-services.ts';

const titlesFor = (role: Parameters<typeof adminServicesFor>[0]) =>
  adminServicesFor(role).map((service) => service.title);

describe('the Admin Services menu', () => {
  it('gives a super admin every entry, Manage Users first', () => {
    expect(titlesFor('super_admin')).toEqual([
      'Manage Users',
      'Manage Services',
      'Manage Technicians',
      'Business Profile',
    ]);
  });

  it('gives an admin everything but Manage Users', () => {
    expect(titlesFor('admin')).toEqual([
      'Manage Services',
      'Manage Technicians',
      'Business Profile',
    ]);
  });

  it('gives a manager nothing to manage', () => {
    expect(titlesFor('manager')).toEqual([]);
  });

  it('gives roles outside the dashboard, and no role at all, nothing', () => {
    expect(titlesFor('customer')).toEqual([]);
    expect(titlesFor('technician')).toEqual([]);
    expect(titlesFor(null)).toEqual([]);
  });

  it('links Manage Technicians to the Technicians screen', () => {
    const technicians = adminServicesFor('admin').find(
      (service) => service.title === 'Manage Technicians',
    );
    expect(technicians?.to).toBe('/admin/technicians');
  });

  it('links every entry to a page the app has', () => {
    for (const service of ADMIN_SERVICES) expect(WEB_ROUTE_PATHS).toContain(service.to);
  });
});
