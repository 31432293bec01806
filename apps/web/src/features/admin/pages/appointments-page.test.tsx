import { APPOINTMENT_SEARCH_MESSAGES as M } from '@pitstop/shared/appointments/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import {
  seedAssignableTechnicians,
  seedStaffAppointments,
  staffAppointment,
} from '../../../test/msw/handlers/staff-appointments.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { stubPhoneMedia } from '../../../test/phone-media.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeVisitVehicle } from '../../../test/visit-vehicle.ts';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./appointments-page.tsx');
});

beforeEach(() => {
  // Today is the doubles' 2026-03-14 (only the date: timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const JORDAN = '20000000-0000-4000-8000-000000000001';
const SAM = '20000000-0000-4000-8000-000000000002';
const OLLY = '20000000-0000-4000-8000-000000000003';

function searches(): string[] {
  return apiCalls().filter((call) => call.startsWith('GET /api/appointments/search'));
}

function setup(path = '/admin/appointments') {
  const [casey, dana] = seedStaffAppointments([
    {
      customerName: 'Casey Customer',
      serviceName: 'Synthetic Oil Change',
      date: '2026-03-14',
      time: '15:30',
      location: '12 Elm Street, Springfield, 12345',
      phone: '(555) 123-4567',
      technician: 'Olly Offduty',
      technicianId: OLLY,
      visitBalanceDueCents: 2999,
    },
    {
      customerName: 'Dana Driver',
      serviceName: 'Tire Rotation',
      date: '2026-03-15',
      time: '09:00',
      overCapacity: true,
    },
  ]);
  seedAssignableTechnicians([
    { id: JORDAN, name: 'Jordan Lee', workingDates: ['2026-03-14', '2026-03-15'] },
    { id: SAM, name: 'Sam Lee', status: 'on-job', workingDates: ['2026-03-15'] },
  ]);
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  const app = renderApp(path);
  return { user, casey: casey!, dana: dana!, ...app };
}

async function rowOf(customer: string) {
  const cell = await screen.findByText(customer);
  return cell.closest('tr') as HTMLElement;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the appointments screen', () => {
  it("shows each appointment's customer, service, 12-hour time, status, technician, location, phone and needs", async () => {
    setup();

    expect(await screen.findByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
    const headers = within(screen.getByRole('table', { name: 'Appointments' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Customer',
      'Service',
      'Date & Time',
      'Status',
      'Technician',
      'Location',
      'Contact Phone',
      'Update Status',
    ]);
    const casey = await rowOf('Casey Customer');
    expect(casey).toHaveTextContent('Synthetic Oil Change');
    expect(casey).toHaveTextContent('Sat, Mar 14, 2026');
    expect(casey).toHaveTextContent('3:30 PM');
    expect(casey).toHaveTextContent('Status: Scheduled');
    expect(casey).toHaveTextContent('12 Elm Street, Springfield, 12345');
    expect(casey).toHaveTextContent('Balance due $29.99');
    expect(within(casey).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(await rowOf('Dana Driver')).toHaveTextContent('Over capacity — reschedule');
    expect(screen.getByText('2 appointments')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(searches()).toEqual([
      'GET /api/appointments/search?view=all&sort=date-desc&page=1&pageSize=10',
    ]);
  });

  it('searches customer or service once typing pauses, and keeps the search in the address', async () => {
    const { user, router } = setup();
    await rowOf('Casey Customer');

    await user.type(
      screen.getByRole('searchbox', { name: 'Search customer, service or order number' }),
      'tire',
    );

    await waitFor(() => expect(screen.queryByText('Casey Customer')).not.toBeInTheDocument());
    expect(screen.getByText('Dana Driver')).toBeInTheDocument();
    // One request for what was typed, none for each key press.
    expect(searches()).toEqual([
      'GET /api/appointments/search?view=all&sort=date-desc&page=1&pageSize=10',
      'GET /api/appointments/search?q=tire&view=all&sort=date-desc&page=1&pageSize=10',
    ]);
    expect(router.state.location.search).toBe('?q=tire');
    expect(screen.getByText('1 appointment matching “tire”')).toBeInTheDocument();
  });

  it("shows each visit's order number and finds the visit the customer quotes it for", async () => {
    const { user, casey, dana } = setup();
    expect(await rowOf('Casey Customer')).toHaveTextContent(`Order ${casey.orderNumber}`);
    expect(await rowOf('Dana Driver')).toHaveTextContent(`Order ${dana.orderNumber}`);

    const box = screen.getByRole('searchbox', { name: 'Search customer, service or order number' });
    await user.type(box, dana.orderNumber!.toLowerCase());

    await waitFor(() => expect(screen.queryByText('Casey Customer')).not.toBeInTheDocument());
    expect(screen.getByText('Dana Driver')).toBeInTheDocument();
    expect(searches().at(-1)).toBe(
      `GET /api/appointments/search?q=${dana.orderNumber!.toLowerCase()}&view=all&sort=date-desc&page=1&pageSize=10`,
    );
  });

  it('goes Back to the filters before, and follows the address when it changes', async () => {
    const { user, router } = setup();
    await rowOf('Casey Customer');
    const box = screen.getByRole('searchbox', { name: 'Search customer, service or order number' });
    await user.type(box, 'tire');
    await waitFor(() => expect(router.state.location.search).toBe('?q=tire'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(router.state.location.search).toBe('?q=tire&status=completed'));

    await act(() => router.navigate(-1));

    expect(router.state.location.search).toBe('?q=tire');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
    expect(await rowOf('Dana Driver')).toBeInTheDocument();
    expect(box).toHaveValue('tire');

    await act(() => router.navigate('/admin/appointments'));

    await waitFor(() => expect(box).toHaveValue(''));
    expect(await rowOf('Casey Customer')).toBeInTheDocument();
    // The box's old text is not sent back once its pause has passed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
  });

  it('opens with the search and filters its address holds, as after a reload', async () => {
    setup('/admin/appointments?q=oil&status=scheduled&flag=balance-due&sort=customer&page=1');

    expect(await rowOf('Casey Customer')).toBeInTheDocument();
    expect(
      screen.getByRole('searchbox', { name: 'Search customer, service or order number' }),
    ).toHaveValue('oil');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');
    expect(screen.getByRole('combobox', { name: 'Visits' })).toHaveValue('balance-due');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('customer');
    expect(searches()).toEqual([
      'GET /api/appointments/search?q=oil&status=scheduled&view=all&flag=balance-due&sort=customer&page=1&pageSize=10',
    ]);
  });

  it('sends the status, visit and sort filters and the month and year', async () => {
    const { user, router } = setup();
    await rowOf('Casey Customer');

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(optionTexts(status)).toEqual([
      'All statuses',
      'Scheduled',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    await user.selectOptions(status, 'Completed');
    expect(await screen.findByText(M.noAppointments)).toBeInTheDocument();
    expect(searches()).toContain(
      'GET /api/appointments/search?status=completed&view=all&sort=date-desc&page=1&pageSize=10',
    );
    await user.selectOptions(status, 'All statuses');

    const visits = screen.getByRole('combobox', { name: 'Visits' });
    expect(optionTexts(visits)).toEqual(['All visits', 'Over capacity', 'Balance due']);
    await user.selectOptions(visits, 'Over capacity');
    await waitFor(() => expect(screen.queryByText('Casey Customer')).not.toBeInTheDocument());
    expect(searches()).toContain(
      'GET /api/appointments/search?view=all&flag=over-capacity&sort=date-desc&page=1&pageSize=10',
    );

    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(optionTexts(sort)).toEqual(['Newest first', 'Oldest first', 'Customer A–Z']);
    await user.selectOptions(sort, 'Oldest first');
    await waitFor(() =>
      expect(searches()).toContain(
        'GET /api/appointments/search?view=all&flag=over-capacity&sort=date-asc&page=1&pageSize=10',
      ),
    );

    // A month without a year is this year's, and the year picker says so.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
    await waitFor(() =>
      expect(searches()).toContain(
        'GET /api/appointments/search?view=all&flag=over-capacity&month=3&year=2026&sort=date-asc&page=1&pageSize=10',
      ),
    );
    expect(optionTexts(screen.getByRole('combobox', { name: 'Year' }))).toEqual([
      'All years',
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
    ]);
    expect(router.state.location.search).toBe(
      '?flag=over-capacity&sort=date-asc&month=3&year=2026',
    );
  });

  it('pages with Previous and Next, and says when the server stopped counting', async () => {
    server.use(
      http.get('/api/appointments/search', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return Response.json({
          appointments: [],
          total: 1000,
          totalCapped: true,
          page,
          pageSize: 10,
          today: '2026-03-14',
        });
      }),
    );
    const { user, router } = setup();

    expect(await screen.findByText('Page 1 of 100')).toBeInTheDocument();
    expect(
      screen.getByText('Showing the first 1,000 matches — narrow the search'),
    ).toBeInTheDocument();
    expect(screen.getByText('More than 1,000 appointments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Page 2 of 100')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(searches()).toContain(
      'GET /api/appointments/search?view=all&sort=date-desc&page=2&pageSize=10',
    );
  });

  it('says when nothing matches', async () => {
    signInAs({ role: 'manager' });
    renderApp('/manager/appointments');

    expect(await screen.findByText('No appointments found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    server.use(
      http.get('/api/appointments/search', () => apiError('INTERNAL', 'The database is busy.')),
    );
    signInAs({ role: 'admin' });
    renderApp('/admin/appointments');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the appointments");
    expect(alert).toHaveTextContent('The database is busy.');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});

describe('the technician picker', () => {
  it('offers only the technicians the server lists, marking who does not work that day', async () => {
    setup();
    const dana = await rowOf('Dana Driver');
    const picker = within(dana).getByRole('combobox', {
      name: 'Technician for Dana Driver, Tire Rotation',
    });
    await waitFor(() => expect(picker).toBeEnabled());

    expect(optionTexts(picker)).toEqual(['Unassigned', 'Jordan Lee', 'Sam Lee']);
    expect(picker).toHaveValue('');
    const casey = within(await rowOf('Casey Customer')).getByRole('combobox', {
      name: 'Technician for Casey Customer, Synthetic Oil Change',
    });
    // Olly, assigned before going off duty, stays shown as the one assigned, and is not offered.
    expect(optionTexts(casey)).toEqual([
      'Unassigned',
      'Olly Offduty (off duty)',
      'Jordan Lee',
      'Sam Lee (not working this day)',
    ]);
    expect(casey).toHaveValue(OLLY);
    expect(within(casey).getByRole('option', { name: 'Olly Offduty (off duty)' })).toBeDisabled();
    // One read for the page's days.
    expect(apiCalls()).toContain('GET /api/technicians/assignable?dates=2026-03-14%2C2026-03-15');
  });

  it('assigns the technician chosen, or none, and says so', async () => {
    const { user, casey } = setup();
    const row = await rowOf('Casey Customer');
    const picker = within(row).getByRole('combobox', { name: /^Technician for Casey Customer/ });
    await waitFor(() => expect(picker).toBeEnabled());

    await user.selectOptions(picker, 'Jordan Lee');

    expect(await screen.findByText('Jordan Lee assigned to Casey Customer')).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/appointments/${casey.id}/technician`)).toEqual({
      technicianId: JORDAN,
    });
    await waitFor(() => expect(picker).toHaveValue(JORDAN));
    // Off duty and no longer assigned: gone from the list.
    expect(optionTexts(picker)).toEqual([
      'Unassigned',
      'Jordan Lee',
      'Sam Lee (not working this day)',
    ]);

    await user.selectOptions(picker, 'Unassigned');

    expect(
      await screen.findByText('Technician unassigned from Casey Customer'),
    ).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/appointments/${casey.id}/technician`)).toEqual({
      technicianId: null,
    });
    expect(staffAppointment(casey.id)?.technicianId).toBeNull();
  });

  it("gives the technician the visit's other jobs still to do, as the server does", async () => {
    const [oil, battery, done] = seedStaffAppointments([
      { customerName: 'Erin Early', serviceName: 'Basic Oil Change', bookingId: 'visit-erin' },
      { customerName: 'Erin Early', serviceName: 'Battery Service', bookingId: 'visit-erin' },
      {
        customerName: 'Erin Early',
        serviceName: 'Tire Rotation',
        bookingId: 'visit-erin',
        status: 'completed',
      },
    ]);
    seedAssignableTechnicians([{ id: JORDAN, name: 'Jordan Lee', workingDates: ['2026-03-14'] }]);
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin/appointments');
    const picker = await screen.findByRole('combobox', {
      name: 'Technician for Erin Early, Basic Oil Change',
    });
    await waitFor(() => expect(picker).toBeEnabled());

    await user.selectOptions(picker, 'Jordan Lee');

    const batteryPicker = screen.getByRole('combobox', {
      name: 'Technician for Erin Early, Battery Service',
    });
    await waitFor(() => expect(batteryPicker).toHaveValue(JORDAN));
    expect(staffAppointment(oil!.id)?.technicianId).toBe(JORDAN);
    expect(staffAppointment(battery!.id)?.technicianId).toBe(JORDAN);
    expect(staffAppointment(done!.id)?.technicianId).toBeNull();
  });

  it("shows the server's reason when the technician cannot be assigned", async () => {
    const message = TECHNICIAN_MESSAGES.offDutyNotAssignable;
    server.use(
      http.patch('/api/appointments/:id/technician', () =>
        apiError('VALIDATION', message, { technicianId: message }),
      ),
    );
    const { user } = setup();
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', { name: /^Technician for Dana Driver/ });
    await waitFor(() => expect(picker).toBeEnabled());

    await user.selectOptions(picker, 'Sam Lee');

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue(''));
  });
});

describe('the status picker', () => {
  it('applies scheduled, in progress and completed at once', async () => {
    const { user, dana, queryClient } = setup();
    queryClient.setQueryData(['metrics', 'dashboard'], { stale: 'figures' });
    queryClient.setQueryData(['technicians', 'list'], { stale: 'cards' });
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', {
      name: 'Status of Dana Driver, Tire Rotation',
    });
    expect(optionTexts(picker)).toEqual(['Scheduled', 'In Progress', 'Completed', 'Cancelled']);

    await user.selectOptions(picker, 'In Progress');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText(M.statusUpdated)).toBeInTheDocument();
    // With the status the row showed, so a colleague's change meanwhile is not overwritten.
    expect(await lastBodyOf('PATCH', `/api/appointments/${dana.id}/status`)).toEqual({
      status: 'in-progress',
      from: 'scheduled',
    });
    await waitFor(() => expect(row).toHaveTextContent('Status: In Progress'));
    expect(picker).toHaveValue('in-progress');
    // The dashboard's figures are read again when next shown, and so are the Technicians page's
    // cards: the assigned technician's status and completed jobs follow the job's.
    expect(queryClient.getQueryState(['metrics', 'dashboard'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['technicians', 'list'])?.isInvalidated).toBe(true);
  });

  it('asks before cancelling, and sends nothing on "Keep appointment"', async () => {
    const { user, dana } = setup();
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', { name: /^Status of Dana Driver/ });

    await user.selectOptions(picker, 'Cancelled');

    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment?' });
    expect(dialog).toHaveTextContent(M.cancelConfirm);
    expect(dialog).toHaveTextContent('Dana Driver, Tire Rotation · Sun, Mar 15, 2026 at 9:00 AM');
    expect(picker).toHaveValue('scheduled');

    await user.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(apiCalls().filter((call) => call.startsWith('PATCH'))).toEqual([]);
    expect(staffAppointment(dana.id)?.status).toBe('scheduled');
    expect(picker).toHaveValue('scheduled');
  });

  it('cancels once confirmed', async () => {
    const { user, dana } = setup();
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', { name: /^Status of Dana Driver/ });

    await user.selectOptions(picker, 'Cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByText(M.statusUpdated)).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/appointments/${dana.id}/status`)).toEqual({
      status: 'cancelled',
      from: 'scheduled',
    });
    await waitFor(() => expect(row).toHaveTextContent('Status: Cancelled'));
    expect(picker).toHaveValue('cancelled');
  });

  it('says when a colleague changed the status meanwhile, and shows theirs', async () => {
    const { user, dana } = setup();
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', { name: /^Status of Dana Driver/ });
    // A colleague starts the job after this screen read the list.
    staffAppointment(dana.id)!.status = 'in-progress';

    await user.selectOptions(picker, 'Cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByText(M.changedMeanwhile)).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/appointments/${dana.id}/status`)).toEqual({
      status: 'cancelled',
      from: 'scheduled',
    });
    expect(staffAppointment(dana.id)?.status).toBe('in-progress');
    // The list is read again, so the row shows the colleague's status.
    await waitFor(() => expect(row).toHaveTextContent('Status: In Progress'));
    expect(picker).toHaveValue('in-progress');
    expect(screen.queryByText(M.statusUpdated)).not.toBeInTheDocument();
  });

  it("shows the server's message when the status cannot be changed", async () => {
    server.use(
      http.patch('/api/appointments/:id/status', () =>
        apiError('NOT_FOUND', 'Appointment not found'),
      ),
    );
    const { user } = setup();
    const row = await rowOf('Dana Driver');
    const picker = within(row).getByRole('combobox', { name: /^Status of Dana Driver/ });

    await user.selectOptions(picker, 'Completed');

    expect(await screen.findByText('Appointment not found')).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue('scheduled'));
  });
});

describe('the appointments screen on a phone', () => {
  beforeEach(stubPhoneMedia);

  it('stacks each appointment as a card with its labelled pickers', async () => {
    setup();

    const cards = await screen.findByRole('list', { name: 'Appointments' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const casey = within(cards).getByRole('listitem', { name: 'Casey Customer' });
    expect(casey).toHaveTextContent('Sat, Mar 14, 2026 at 3:30 PM');
    expect(within(casey).getByText('Order').nextElementSibling).toHaveTextContent('PS-10001');
    expect(
      within(casey).getByRole('combobox', {
        name: 'Technician for Casey Customer, Synthetic Oil Change',
      }),
    ).toBeInTheDocument();
    expect(
      within(casey).getByRole('combobox', {
        name: 'Status of Casey Customer, Synthetic Oil Change',
      }),
    ).toHaveValue('scheduled');
  });

  it('shows the car and the customer’s note on the card, as the table does', async () => {
    seedStaffAppointments([
      {
        customerName: 'Grace Hopper',
        description: 'Gate code 1234',
        vehicle: makeVisitVehicle(),
      },
      { customerName: 'Alan Turing', vehicle: null },
    ]);
    signInAs({ role: 'admin' });
    renderApp('/admin/appointments');

    const cards = await screen.findByRole('list', { name: 'Appointments' });
    const grace = within(cards).getByRole('listitem', { name: 'Grace Hopper' });
    expect(within(grace).getByText('Vehicle').nextElementSibling).toHaveTextContent(
      '2019 Toyota 4Runner · Blue · ABC 123',
    );
    expect(within(grace).getByText('Note').nextElementSibling).toHaveTextContent('Gate code 1234');
    const alan = within(cards).getByRole('listitem', { name: 'Alan Turing' });
    expect(within(alan).queryByText('Vehicle')).not.toBeInTheDocument();
    expect(within(alan).queryByText('Note')).not.toBeInTheDocument();
  });
});
