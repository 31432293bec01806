import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedBalanceDue } from '../../../test/msw/handlers/appointments.ts';
import { seedUnscheduledOrders } from '../../../test/msw/handlers/booking.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./admin-dashboard-page.tsx');
});

async function adminServicesMenu() {
  const heading = await screen.findByRole('heading', { name: 'Admin Services' });
  return heading.closest('section') as HTMLElement;
}

describe('admin dashboard', () => {
  it('welcomes the viewer by name, e-mail and role', async () => {
    signInAs({ role: 'admin', name: 'Robin Reyes' });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Robin Reyes')).toBeInTheDocument();
    expect(within(main).getByText('Signed in as robin.reyes@example.com')).toBeInTheDocument();
    expect(within(main).getByText('Admin')).toBeInTheDocument();
  });

  it('greets an account without a name by its e-mail', async () => {
    signInAs({ role: 'manager', name: '', email: 'sam@example.com' });
    renderApp('/admin');

    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.getByText(/Welcome back/)).toHaveTextContent('Welcome back, sam@example.com.');
  });

  // Which entries each role gets is admin-services.test.ts; here, that the menu shows them.
  it('shows the Admin Services the viewer may open, in order, linked to their screens', async () => {
    signInAs({ role: 'super_admin' });
    renderApp('/admin');

    const menu = await adminServicesMenu();
    const expected = ['Manage Users', 'Manage Services', 'Manage Technicians', 'Business Profile'];
    // Each link's name starts with its title, followed by a line of description.
    const titles = within(menu)
      .getAllByRole('link')
      .map((link) => expected.find((title) => link.textContent?.startsWith(title)));
    expect(titles).toEqual(expected);
    expect(within(menu).getByRole('link', { name: /Business Profile/ })).toHaveAttribute(
      'href',
      '/admin/business-profile',
    );
  });

  it('shows a manager no admin services, says who manages them, and where technicians are', async () => {
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const menu = await adminServicesMenu();
    expect(within(menu).queryByRole('navigation')).not.toBeInTheDocument();
    expect(menu).toHaveTextContent('managed by admins');
    expect(within(menu).getByRole('link', { name: 'Technicians' })).toHaveAttribute(
      'href',
      '/admin/technicians',
    );
  });

  it('sends a signed-in customer to the admin portal', async () => {
    signInAs({ role: 'customer' });
    const { pathname } = renderApp('/admin');

    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to the admin portal', async () => {
    const { pathname } = renderApp('/admin');
    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
  });

  it('lists the paid pay-now orders waiting to be scheduled, with the contact to reach', async () => {
    seedUnscheduledOrders([
      {
        bookingId: 'b-1',
        customerName: 'Dana Lee',
        email: 'dana@example.com',
        phone: '(555) 010-4477',
        services: ['High Mileage Service'],
        amountCents: 8999,
        paidAt: '2026-11-20T15:00:00.000Z',
      },
    ]);
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const heading = await screen.findByRole('heading', { name: 'Paid, not yet scheduled' });
    const section = heading.closest('section') as HTMLElement;
    expect(await within(section).findByText('Dana Lee')).toBeInTheDocument();
    expect(within(section).getByText('$89.99')).toBeInTheDocument();
    expect(within(section).getByText('High Mileage Service')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'dana@example.com' })).toHaveAttribute(
      'href',
      'mailto:dana@example.com',
    );
    expect(within(section).getByRole('link', { name: '(555) 010-4477' })).toHaveAttribute(
      'href',
      'tel:+15550104477',
    );
  });

  it('says when no paid order is waiting', async () => {
    signInAs({ role: 'admin' });
    renderApp('/admin');

    expect(
      await screen.findByText('No paid orders are waiting to be scheduled.'),
    ).toBeInTheDocument();
  });

  it('lists the visits with a balance due for services added on site, with the contact', async () => {
    seedBalanceDue([
      {
        bookingId: 'b-2',
        customerName: 'Casey Customer',
        date: '2026-11-23',
        time: '15:30',
        location: '12 Elm Street, Springfield, 12345',
        phone: '(555) 123-4567',
        email: 'casey@example.com',
        technician: 'Terry Torque',
        services: [{ serviceName: 'High Mileage Service', priceCents: 8999 }],
        balanceDueCents: 8999,
      },
    ]);
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const heading = await screen.findByRole('heading', { name: 'Balance due' });
    const section = heading.closest('section') as HTMLElement;
    expect(await within(section).findByText('Casey Customer')).toBeInTheDocument();
    expect(section).toHaveTextContent('Nov 23, 2026 at 3:30 PM · Terry Torque');
    expect(within(section).getAllByText('$89.99')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
  });

  it('says when no visit has a balance due', async () => {
    signInAs({ role: 'admin' });
    renderApp('/admin');

    expect(await screen.findByText('No visit has a balance due.')).toBeInTheDocument();
  });
});
