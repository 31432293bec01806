// The dashboard's Due soon: customers whose vehicles are due for a service in the next 30 days or
// overdue, with the vehicle's plate, the service, the last visit, whether a visit is booked and whether the reminder
// went out, and how to reach them; the note when the list was cut.
import { screen, within } from '@testing-library/react';
import { DUE_SOON_WORDS, type DueSoonVehicle } from '@pitstop/shared/vehicles/due-soon';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedDueSoon } from '../../../test/msw/handlers/due-soon.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { dashboardSection, setUpDashboardCardTests } from './dashboard-card-setup.ts';

setUpDashboardCardTests();
const dueSoonSection = () => dashboardSection(DUE_SOON_WORDS.title);

const ROW: DueSoonVehicle = {
  vehicleId: 'v-1',
  customerName: 'Rita Lovelace',
  email: 'rita@example.com',
  phone: '(555) 010-7788',
  vehicle: '2019 Toyota 4Runner',
  licensePlate: 'ABC 123',
  serviceName: 'Basic Oil Change',
  dueOn: '2026-03-02',
  dueMiles: 45_000,
  overdue: true,
  lastVisitDate: '2025-12-02',
  visitBooked: false,
  reminderSentAt: '2026-02-16T17:00:00.000Z',
};

describe('vehicles due soon on the dashboard', () => {
  it('lists each vehicle with its service, last visit, reminder and contact', async () => {
    seedDueSoon({
      vehicles: [
        ROW,
        {
          ...ROW,
          vehicleId: 'v-2',
          customerName: 'Sam Rivera',
          email: 'sam@example.com',
          phone: null,
          vehicle: '2021 Honda Civic',
          licensePlate: '7XYZ890',
          serviceName: 'Battery Service',
          dueOn: '2026-03-28',
          dueMiles: null,
          overdue: false,
          visitBooked: true,
          reminderSentAt: null,
        },
      ],
      truncated: false,
    });
    signInAs({ role: 'manager' });
    renderApp('/admin');

    const section = await dueSoonSection();
    const [first, second] = await within(section).findAllByRole('listitem');
    expect(first).toHaveTextContent('Rita Lovelace');
    expect(first).toHaveTextContent(DUE_SOON_WORDS.overdue);
    expect(first).toHaveTextContent('2019 Toyota 4Runner · ABC 123');
    // Worded as the customer reads it: the miles first, then the date.
    expect(first).toHaveTextContent('Basic Oil Change: about 45,000 miles or by Mar 2, 2026');
    expect(first).toHaveTextContent(DUE_SOON_WORDS.reminderSent);
    expect(within(first!).getByRole('link', { name: 'rita@example.com' })).toBeVisible();
    expect(within(first!).getByRole('link', { name: '(555) 010-7788' })).toBeVisible();

    expect(second).toHaveTextContent('Sam Rivera');
    expect(second).not.toHaveTextContent(DUE_SOON_WORDS.overdue);
    expect(second).toHaveTextContent('2021 Honda Civic · 7XYZ890');
    expect(second).toHaveTextContent('Battery Service: by Mar 28, 2026');
    expect(second).toHaveTextContent(
      `${DUE_SOON_WORDS.visitBooked} · ${DUE_SOON_WORDS.noReminder}`,
    );
    expect(screen.queryByText(DUE_SOON_WORDS.truncated)).toBeNull();
    expect(apiCalls()).toContain('GET /api/vehicles/due-soon');
  });

  it('says when none is due, and when the list was cut', async () => {
    signInAs({ role: 'admin' });
    const { unmount } = renderApp('/admin');
    expect(await within(await dueSoonSection()).findByText(DUE_SOON_WORDS.empty)).toBeVisible();
    unmount();

    seedDueSoon({ vehicles: [ROW], truncated: true });
    renderApp('/admin');
    expect(await screen.findByText(DUE_SOON_WORDS.truncated)).toBeVisible();
  });
});
