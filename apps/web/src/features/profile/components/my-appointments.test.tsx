// My Appointments on /profile against the API doubles: upcoming visits with their calendar file,
// past visits, and paid orders waiting to be scheduled, in 12-hour times; an upcoming visit's
// Reschedule and Cancel visit; and the way to book when there is nothing yet.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  makeUnscheduledOrder,
  makeVisit,
  seedMyAppointments,
} from '../../../test/msw/handlers/appointments.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openAppointments() {
  renderApp('/profile');
  return screen.findByRole('region', { name: 'My Appointments' });
}

function seedThreeKinds() {
  const customer = signInAs({ role: 'customer' });
  const upcoming = makeVisit({
    date: '2026-03-16',
    time: '09:00',
    location: '12 Analytical Way, Springfield, 12345',
    services: [
      { serviceName: 'Basic Oil Change' },
      { serviceName: 'Battery Service', status: 'in-progress', technician: 'Jordan Lee' },
    ],
  });
  const past = makeVisit({
    date: '2026-02-10',
    time: '14:30',
    location: '4 Depot Rd, Springfield, 12345',
    services: [
      { serviceName: 'Synthetic Oil Change', status: 'completed', technician: 'Sam Carter' },
    ],
  });
  seedMyAppointments(customer, {
    upcoming: [upcoming],
    past: [past],
    unscheduled: [
      makeUnscheduledOrder({
        services: ['High Mileage Oil Change'],
        amountCents: 8999,
        paidAt: '2026-03-12T14:30:00.000Z',
      }),
    ],
  });
  return { upcoming, past };
}

describe('My Appointments', () => {
  it('lists an upcoming visit with its services, statuses, technicians and calendar file', async () => {
    const { upcoming } = seedThreeKinds();
    const section = await openAppointments();

    const group = await within(section).findByRole('region', { name: 'Upcoming' });
    const visit = within(group).getByRole('article', {
      name: 'Monday, March 16, 2026 at 9:00 AM',
    });
    expect(visit).toHaveTextContent('12 Analytical Way, Springfield, 12345');
    expect(within(visit).getByText(`Order ${upcoming.orderNumber}`)).toBeInTheDocument();
    const services = within(within(visit).getByRole('list', { name: 'Services' })).getAllByRole(
      'listitem',
    );
    expect(services[0]).toHaveTextContent('Basic Oil Change');
    expect(services[0]).toHaveTextContent('Technician not yet assigned');
    expect(services[0]).toHaveTextContent('Status: Scheduled');
    expect(services[1]).toHaveTextContent('Battery Service');
    expect(services[1]).toHaveTextContent('Technician: Jordan Lee');
    expect(services[1]).toHaveTextContent('Status: In Progress');

    const calendar = within(visit).getByRole('link', {
      name: 'Add to calendar: Basic Oil Change, Battery Service on Monday, March 16, 2026 at 9:00 AM',
    });
    expect(calendar).toHaveAttribute(
      'href',
      `/api/appointments/${upcoming.calendarId}/calendar.ics`,
    );
    expect(calendar).toHaveAttribute('download');
  });

  it('offers Reschedule and Cancel visit on an upcoming visit only, each naming the visit', async () => {
    const { upcoming, past } = seedThreeKinds();
    const section = await openAppointments();

    const group = await within(section).findByRole('region', { name: 'Upcoming' });
    const visit = within(group).getByRole('article', {
      name: 'Monday, March 16, 2026 at 9:00 AM',
    });
    const which = 'Basic Oil Change, Battery Service on Monday, March 16, 2026 at 9:00 AM';
    expect(within(visit).getByRole('button', { name: `Reschedule: ${which}` })).toBeEnabled();
    expect(within(visit).getByRole('button', { name: `Cancel visit: ${which}` })).toBeEnabled();
    // A "Manage this visit" link brings the card into view and focus by its booking's id.
    expect(visit).toHaveAttribute('id', `visit-${upcoming.bookingId}`);
    expect(visit).toHaveAttribute('tabindex', '-1');

    const pastVisit = within(section).getByRole('article', {
      name: 'Tuesday, February 10, 2026 at 2:30 PM',
    });
    expect(pastVisit).toHaveAttribute('id', `visit-${past.bookingId}`);
    expect(within(pastVisit).queryByRole('button', { name: /Reschedule|Cancel visit/ })).toBeNull();
  });

  it("says what came back on a cancelled visit's order", async () => {
    const customer = signInAs({ role: 'customer' });
    seedMyAppointments(customer, {
      past: [
        makeVisit({
          date: '2026-02-10',
          time: '14:30',
          refundedCents: 4999,
          services: [{ serviceName: 'Basic Oil Change', status: 'cancelled' }],
        }),
      ],
    });
    const section = await openAppointments();
    const visit = await within(section).findByRole('article', {
      name: 'Tuesday, February 10, 2026 at 2:30 PM',
    });
    expect(within(visit).getByText('Refunded $49.99 to your card')).toBeVisible();
  });

  it('shows what is still owed for services added on site, and nothing when all is paid', async () => {
    const customer = signInAs({ role: 'customer' });
    seedMyAppointments(customer, {
      upcoming: [
        makeVisit({
          date: '2026-03-16',
          time: '09:00',
          balanceDueCents: 2999,
          services: [{ serviceName: 'Basic Oil Change' }, { serviceName: 'Battery Service' }],
        }),
        makeVisit({ date: '2026-03-17', time: '10:00', services: [{ serviceName: 'A' }] }),
      ],
    });
    const section = await openAppointments();

    const owing = await within(section).findByRole('article', {
      name: 'Monday, March 16, 2026 at 9:00 AM',
    });
    expect(owing).toHaveTextContent('Balance due: $29.99');
    const paid = within(section).getByRole('article', {
      name: 'Tuesday, March 17, 2026 at 10:00 AM',
    });
    expect(paid).not.toHaveTextContent('Balance due');
  });

  it('lists past visits, without a calendar file', async () => {
    seedThreeKinds();
    const section = await openAppointments();

    const group = await within(section).findByRole('region', { name: 'Past' });
    const visit = within(group).getByRole('article', {
      name: 'Tuesday, February 10, 2026 at 2:30 PM',
    });
    expect(visit).toHaveTextContent('Synthetic Oil Change');
    expect(visit).toHaveTextContent('Technician: Sam Carter');
    expect(visit).toHaveTextContent('Status: Completed');
    expect(within(visit).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
  });

  it('lists paid orders not yet scheduled, and says the team will call', async () => {
    seedThreeKinds();
    const section = await openAppointments();

    const group = await within(section).findByRole('region', { name: 'Paid, not yet scheduled' });
    expect(group).toHaveTextContent('Our team will contact you to schedule your service.');
    const [order] = within(group).getAllByRole('listitem');
    expect(order).toHaveTextContent('High Mileage Oil Change');
    expect(order).toHaveTextContent('Amount paid: $89.99');
    expect(order).toHaveTextContent(/Order PS-\d+/);
    // 14:30 UTC is 10:30 in New York, the business's zone (once its profile has arrived).
    expect(
      await within(order as HTMLElement).findByText('Paid March 12, 2026 at 10:30 AM'),
    ).toBeInTheDocument();
  });

  it('says when nothing is upcoming while past visits remain', async () => {
    const customer = signInAs({ role: 'customer' });
    seedMyAppointments(customer, {
      past: [makeVisit({ date: '2026-02-10', time: '14:30', services: [{ serviceName: 'A' }] })],
    });
    const section = await openAppointments();

    const group = await within(section).findByRole('region', { name: 'Upcoming' });
    expect(group).toHaveTextContent('No upcoming visits.');
    expect(within(section).queryByRole('region', { name: 'Paid, not yet scheduled' })).toBeNull();
  });

  it('invites a customer with no appointments to book', async () => {
    signInAs({ role: 'customer' });
    const section = await openAppointments();

    expect(await within(section).findByText('No appointments yet')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Book a Service' })).toHaveAttribute(
      'href',
      '/booking',
    );
  });

  it('explains appointments that cannot be loaded', async () => {
    server.use(
      http.get('/api/appointments/mine', () => apiError('INTERNAL', 'Database unavailable')),
    );
    signInAs({ role: 'customer' });
    const section = await openAppointments();

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      "We couldn't load your appointments",
    );
  });
});
