import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  makeMetricAppointment,
  seedTodayAppointments,
} from '../../../test/msw/handlers/metrics.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const PATH = '/admin/metrics/today-appointments';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./today-appointments-page.tsx');
});

describe("Today's Appointments", () => {
  it("shows today's date, the count and each appointment by time", async () => {
    signInAs({ role: 'admin' });
    seedTodayAppointments([
      makeMetricAppointment({
        time: '12:30',
        customerName: 'Ada Lovelace',
        serviceName: 'Synthetic Oil Change',
        technician: 'Jordan Lee',
        technicianId: 'technician-1',
        status: 'in-progress',
        location: '1 Main St, Springfield, 12345',
      }),
      makeMetricAppointment({
        time: '15:00',
        customerName: 'Grace Hopper',
        serviceName: 'Tire Rotation',
        location: '9 Elm St, Shelbyville, 54321',
      }),
    ]);
    renderApp(PATH);

    expect(
      await screen.findByRole('heading', { name: "Today's Appointments", level: 1 }),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: "Today's appointments" });
    expect(screen.getByText('Saturday, March 14, 2026')).toBeVisible();
    expect(screen.getByRole('term')).toHaveTextContent('Appointments today');
    expect(screen.getByRole('definition')).toHaveTextContent('2');

    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('12:30 PM');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('Service: Synthetic Oil Change');
    expect(first).toHaveTextContent('Technician: Jordan Lee');
    expect(first).toHaveTextContent('Status: In Progress');
    expect(first).toHaveTextContent('Location: 1 Main St, Springfield, 12345');
    expect(second).toHaveTextContent('3:00 PM');
    expect(second).toHaveTextContent('Grace Hopper');
    expect(second).toHaveTextContent('Technician: Unassigned');
    expect(second).toHaveTextContent('Status: Scheduled');
    expect(apiCalls()).toEqual(['GET /api/metrics/today-appointments']);
  });

  it("says 'No appointments scheduled for today' with none", async () => {
    signInAs({ role: 'manager' });
    renderApp(PATH);

    expect(await screen.findByText('No appointments scheduled for today')).toBeVisible();
    expect(screen.getByRole('definition')).toHaveTextContent('0');
  });

  it('explains a failed load and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/metrics/today-appointments', () =>
        fail ? apiError('INTERNAL', 'Something went wrong. Please try again.') : undefined,
      ),
    );
    signInAs({ role: 'admin' });
    seedTodayAppointments([makeMetricAppointment({ customerName: 'Ada Lovelace' })]);
    const user = userEvent.setup();
    renderApp(PATH);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Failed to load today's appointments",
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
  });
});
