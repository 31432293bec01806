import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedBalanceDue } from '../../../test/msw/handlers/appointments.ts';
import { seedUnpaidHolds, seedUnscheduledOrders } from '../../../test/msw/handlers/booking.ts';
import { seedDashboardMetrics } from '../../../test/msw/handlers/dashboard-metrics.ts';
import {
  seedStaffAppointments,
  type StaffAppointmentSeed,
} from '../../../test/msw/handlers/staff-appointments.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./admin-dashboard-page.tsx');
});

beforeEach(() => {
  // Today is the doubles' 2026-03-14 (only the date: timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
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
        orderNumber: 'PS-10042',
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
    expect(within(section).getByText('Order PS-10042')).toBeInTheDocument();
    // 15:00 UTC, worded on the business's clock (New York), not the browser's (UTC).
    expect(within(section).getByText('Paid Nov 20, 2026, 10:00 AM')).toBeInTheDocument();
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

  it('lists unpaid holds (who, which slot, until when) and releases one after confirming', async () => {
    seedUnpaidHolds([
      {
        bookingId: 'h-1',
        customerName: 'Mallory Hold',
        email: 'mallory@example.com',
        phone: '(555) 010-9999',
        date: '2026-03-20',
        time: '09:30',
        services: ['Basic Oil Change', 'Battery Service'],
        // 10:02 AM in New York, the business's zone.
        holdExpiresAt: '2026-03-14T14:02:00.000Z',
      },
    ]);
    signInAs({ role: 'manager' });
    renderApp('/admin');
    const user = userEvent.setup();

    const heading = await screen.findByRole('heading', { name: 'Unpaid holds' });
    const section = heading.closest('section') as HTMLElement;
    expect(await within(section).findByText('Mallory Hold')).toBeInTheDocument();
    expect(within(section).getByText('Friday, March 20, 2026 at 9:30 AM')).toBeInTheDocument();
    expect(within(section).getByText('Basic Oil Change, Battery Service')).toBeInTheDocument();
    expect(within(section).getByText('Held until 10:02 AM')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: /^Release the hold of Mallory/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release this hold?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release Hold' }));

    expect(
      await screen.findByText("Hold released: Mallory Hold's slot is free again."),
    ).toBeInTheDocument();
    expect(
      await within(section).findByText('No unpaid bookings are holding a slot.'),
    ).toBeInTheDocument();
    expect(
      apiCalls().filter((call) => call === 'POST /api/bookings/holds/h-1/release'),
    ).toHaveLength(1);
  });

  it('keeps a hold when the release is cancelled', async () => {
    seedUnpaidHolds([
      {
        bookingId: 'h-2',
        customerName: 'Kept Hold',
        email: 'kept@example.com',
        phone: '(555) 010-1111',
        date: '2026-03-21',
        time: '14:00',
        services: ['Basic Oil Change'],
        holdExpiresAt: '2026-03-14T14:30:00.000Z',
      },
    ]);
    signInAs({ role: 'admin' });
    renderApp('/admin');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Release the hold of Kept Hold/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Kept Hold')).toBeInTheDocument();
    expect(apiCalls().some((call) => call.endsWith('/release'))).toBe(false);
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

async function sectionOf(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('section') as HTMLElement;
}

describe("the dashboard's metric cards", () => {
  it("show today's figure beside yesterday's and how it moved, each linking to its page", async () => {
    seedDashboardMetrics({
      todayAppointments: { today: 12, yesterday: 9 },
      activeTechnicians: { today: 3, yesterday: 3 },
      completionRate: { today: 66.7, yesterday: null },
      averageServiceMinutes: {
        today: 41.5,
        yesterday: 47,
        targetMinutes: { today: 45, yesterday: 37.5 },
      },
    });
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const today = await screen.findByRole('link', { name: /^Today's Appointments/ });
    await waitFor(() => expect(today).toHaveTextContent('Today: 12'));
    expect(today).toHaveAttribute('href', '/admin/metrics/today-appointments');
    expect(today).toHaveTextContent('Yesterday: 9');
    expect(today).toHaveTextContent('Up 3 since yesterday');

    const technicians = screen.getByRole('link', { name: /^Active Technicians/ });
    expect(technicians).toHaveAttribute('href', '/admin/metrics/active-technicians');
    expect(technicians).toHaveTextContent('Today: 3');
    expect(technicians).toHaveTextContent('Same as yesterday');

    const rate = screen.getByRole('link', { name: /^Completion Rate/ });
    expect(rate).toHaveAttribute('href', '/admin/metrics/completion-rate');
    expect(rate).toHaveTextContent('Today: 66.7%');
    // No appointments yesterday: no rate, nothing to compare.
    expect(rate).toHaveTextContent('Yesterday: —');
    expect(rate).not.toHaveTextContent('since yesterday');

    const time = screen.getByRole('link', { name: /^Avg Service Time/ });
    expect(time).toHaveAttribute('href', '/admin/metrics/service-time');
    expect(time).toHaveTextContent('Today: 41.5 min');
    // Each day beside the minutes the same jobs were booked for: no fixed target.
    expect(time).toHaveTextContent('Yesterday: 47.0 min (booked 37.5 min)');
    expect(time).toHaveTextContent('Booked for 45.0 min on average · Within target');
    expect(time).toHaveTextContent('Down 5.5 min since yesterday');
  });

  it("compare the service time with the same jobs' booked minutes, whatever they are", async () => {
    seedDashboardMetrics({
      averageServiceMinutes: {
        today: 41.5,
        yesterday: null,
        targetMinutes: { today: 38, yesterday: null },
      },
    });
    signInAs({ role: 'admin' });
    renderApp('/admin');

    const time = await screen.findByRole('link', { name: /^Avg Service Time/ });
    await waitFor(() => expect(time).toHaveTextContent('Today: 41.5 min'));
    expect(time).toHaveTextContent('Booked for 38.0 min on average · Over target');
    expect(time).toHaveTextContent('Yesterday: —');
    expect(time).not.toHaveTextContent('booked —');
    expect(time).not.toHaveTextContent('45');
  });

  it('state the rule when no job was timed today', async () => {
    signInAs({ role: 'admin' });
    renderApp('/admin');

    const time = await screen.findByRole('link', { name: /^Avg Service Time/ });
    await waitFor(() => expect(time).toHaveTextContent('Today: —'));
    expect(time).toHaveTextContent("Target: each job's booked time");
    expect(time).not.toHaveTextContent('Within target');
  });

  it.each(['manager', 'admin', 'super_admin'] as const)(
    'link a %s to Analytics beside their heading',
    async (role) => {
      signInAs({ role });
      renderApp('/admin');

      const heading = await screen.findByRole('heading', { name: /^Today at a glance/ });
      const cards = heading.closest('section') as HTMLElement;
      expect(within(cards).getByRole('link', { name: 'View analytics' })).toHaveAttribute(
        'href',
        '/admin/analytics',
      );
    },
  );

  it('say — for a rate with no appointments, and come first, before the menu and tables', async () => {
    signInAs({ role: 'admin' });
    renderApp('/admin');

    const rate = await screen.findByRole('link', { name: /^Completion Rate/ });
    await waitFor(() => expect(rate).toHaveTextContent('Today: —'));
    const order = [
      'Today at a glance',
      'Admin Services',
      'Appointments',
      'Paid, not yet scheduled',
    ];
    const headings = order.map((name) =>
      screen.getByRole('heading', { name: new RegExp(`^${name}`) }),
    );
    for (let index = 1; index < headings.length; index++) {
      expect(
        headings[index - 1]!.compareDocumentPosition(headings[index]!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });
});

/** Twelve appointments, one a day from March 1 (days before the 14th are past). */
function twelveDays(): StaffAppointmentSeed[] {
  return Array.from({ length: 12 }, (_, index) => ({
    customerName: `Customer ${index + 1}`,
    date: `2026-03-${String(index + 5).padStart(2, '0')}`,
    time: '14:30',
  }));
}

describe("the dashboard's appointment tables", () => {
  it('list all appointments newest first, 10 a page, and page on the server', async () => {
    seedStaffAppointments(twelveDays());
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin');

    const all = await sectionOf('All Appointments');
    const rows = await within(all).findAllByRole('row');
    // The header and 10 rows: the newest (Mar 16) first.
    expect(rows).toHaveLength(11);
    expect(rows[1]).toHaveTextContent('Customer 12');
    expect(rows[1]).toHaveTextContent('Mon, Mar 16, 2026');
    expect(rows[1]).toHaveTextContent('2:30 PM');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('Unassigned');
    expect(within(all).getByText('12 appointments')).toBeInTheDocument();
    expect(within(all).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=all&sort=date-desc&page=1&pageSize=10',
    );

    await user.click(within(all).getByRole('button', { name: 'Next' }));

    expect(await within(all).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=all&sort=date-desc&page=2&pageSize=10',
    );
    await waitFor(() => expect(within(all).getAllByRole('row')).toHaveLength(3));
    expect(within(all).getAllByRole('row')[2]).toHaveTextContent('Customer 1');
    expect(within(all).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('list the active appointments soonest first, with what a visit needs', async () => {
    seedStaffAppointments([
      { customerName: 'Later Larry', date: '2026-03-20' },
      { customerName: 'Soon Sam', date: '2026-03-14', overCapacity: true },
      { customerName: 'Done Dana', date: '2026-03-15', status: 'completed' },
      { customerName: 'Owing Olive', date: '2026-03-16', visitBalanceDueCents: 1250 },
    ]);
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const active = await sectionOf('Active Appointments');
    const rows = await within(active).findAllByRole('row');
    expect(rows.slice(1).map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual([
      'Soon SamOrder PS-10002Over capacity — reschedule',
      'Owing OliveOrder PS-10004Balance due $12.50',
      'Later LarryOrder PS-10001',
    ]);
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=active&sort=date-asc&page=1&pageSize=10',
    );
  });

  it('filter past appointments by month and year, the years being this one and the 4 before', async () => {
    seedStaffAppointments([
      { customerName: 'February Fay', date: '2026-02-10' },
      { customerName: 'March Max', date: '2026-03-02' },
      { customerName: 'Old Otto', date: '2025-02-11' },
    ]);
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin');

    const past = await sectionOf('Past Appointments');
    expect(await within(past).findByText('March Max')).toBeInTheDocument();
    expect(within(past).queryByText('Old Otto')).not.toBeInTheDocument();
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=past&year=2026&sort=date-desc&page=1&pageSize=10',
    );
    const year = within(past).getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026', '2025', '2024', '2023', '2022']);
    const month = within(past).getByRole('combobox', { name: 'Month' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All months',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);

    await user.selectOptions(month, 'February');
    expect(await within(past).findByText('February Fay')).toBeInTheDocument();
    await waitFor(() => expect(within(past).queryByText('March Max')).not.toBeInTheDocument());
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=past&month=2&year=2026&sort=date-desc&page=1&pageSize=10',
    );

    await user.selectOptions(year, '2025');
    expect(await within(past).findByText('Old Otto')).toBeInTheDocument();
    expect(apiCalls()).toContain(
      'GET /api/appointments/search?view=past&month=2&year=2025&sort=date-desc&page=1&pageSize=10',
    );

    await user.selectOptions(month, 'March');
    expect(await within(past).findByText('No appointments found')).toBeInTheDocument();
  });

  it('link to the appointments screen, where they are managed', async () => {
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const appointments = await sectionOf('Appointments');
    expect(within(appointments).getByRole('link', { name: 'Manage appointments' })).toHaveAttribute(
      'href',
      '/admin/appointments',
    );
    // The manager, who has no Admin Services, is told where their screen is.
    const menu = await adminServicesMenu();
    expect(within(menu).getByRole('link', { name: 'Manager Appointments' })).toHaveAttribute(
      'href',
      '/manager/appointments',
    );
  });
});
