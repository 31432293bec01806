// Technician Dashboard against the API doubles: who may open it at both paths, the welcome and duty
// toggle, the stat cards, today's route, today's jobs with their status picker, quick actions and
// Add Services, the working-days calendar with today's duty rules, My Profile, and Sign Out back
// to the portal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs, type AccountSeed } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import {
  makeJob,
  makeRouteStop,
  seedTechnicianWork,
  technicianWorkOf,
  type TechnicianWorkSeed,
} from '../../../test/msw/handlers/technician-work.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TECHNICIAN: AccountSeed = {
  role: 'technician',
  name: 'Ann Lee',
  serviceAreaIds: ['downtown'],
  onboardingComplete: true,
};

async function openDashboard(
  work: TechnicianWorkSeed = {},
  { path = '/technician-dashboard', seed = TECHNICIAN } = {},
) {
  const account = signInAs(seed);
  seedTechnicianWork(account, work);
  const user = userEvent.setup();
  const app = renderApp(path);
  await screen.findByRole('heading', { name: /Welcome back/ });
  return { account, user, ...app };
}

const jobs = () => screen.getByRole('region', { name: "Today's Appointments" });
const stat = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('who may open the dashboard', () => {
  it.each(['/technician-dashboard', '/tech-portal/dashboard'])(
    'opens for an onboarded technician at %s, without the public top bar',
    async (path) => {
      await openDashboard({}, { path });
      expect(screen.getByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
      expect(apiCalls()).toEqual(
        expect.arrayContaining([
          'GET /api/technician/dashboard',
          'GET /api/technician/working-days?month=2026-03',
        ]),
      );
    },
  );

  it('sends a signed-out visitor to sign in', async () => {
    const { pathname } = renderApp('/technician-dashboard');
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(apiCalls()).toEqual([]);
  });

  it.each(['customer', 'admin'] as const)('sends a %s to the technician portal', async (role) => {
    signInAs({ role });
    const { pathname } = renderApp('/tech-portal/dashboard');
    await waitFor(() => expect(pathname()).toBe('/tech-portal'));
    expect(apiCalls()).not.toContain('GET /api/technician/dashboard');
  });

  it('sends a technician who has not finished onboarding there', async () => {
    signInAs({ ...TECHNICIAN, onboardingComplete: false });
    const { pathname } = renderApp('/technician-dashboard');
    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
    expect(apiCalls()).not.toContain('GET /api/technician/dashboard');
  });
});

describe('the dashboard', () => {
  it('names every service area the technician covers, in the business’s order', async () => {
    await openDashboard({}, { seed: { ...TECHNICIAN, serviceAreaIds: ['suburbs', 'downtown'] } });
    expect(stat('Service Area')).toHaveTextContent('Downtown, Suburbs');
  });

  it('says Not set while the technician covers no area the business lists', async () => {
    await openDashboard({}, { seed: { ...TECHNICIAN, serviceAreaIds: ['long-gone'] } });
    expect(stat('Service Area')).toHaveTextContent('Not set');
  });

  it('shows the stat cards and today’s jobs by time with their details', async () => {
    await openDashboard({
      jobs: [
        makeJob({
          time: '13:30',
          serviceName: 'Battery Service',
          customerName: 'Alan Turing',
          status: 'completed',
        }),
        makeJob({
          time: '09:00',
          customerName: 'Grace Hopper',
          location: '1 Harbor Rd, Springfield, 12345',
          vehicleColor: 'Blue',
          description: 'Gate code 1234',
          visitBalanceDueCents: 2999,
        }),
        makeJob({ time: '11:00', customerName: 'Cancelled Carl', status: 'cancelled' }),
      ],
    });

    expect(stat("Today's Jobs")).toHaveTextContent('2');
    expect(stat('Completed Today')).toHaveTextContent('1');
    expect(stat('Service Area')).toHaveTextContent('Downtown');

    const cards = within(jobs()).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading')).toHaveTextContent('9:00 AM');
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first).toHaveTextContent('1 Harbor Rd, Springfield, 12345');
    expect(first).toHaveTextContent('Blue');
    expect(first).toHaveTextContent('Gate code 1234');
    expect(first).toHaveTextContent('Balance due $29.99');
    expect(within(second).getByRole('heading')).toHaveTextContent('1:30 PM');
    expect(second).not.toHaveTextContent('Balance due');
    expect(screen.queryByText('Cancelled Carl')).not.toBeInTheDocument();

    expect(within(first).getByRole('link', { name: /^Call/ })).toHaveAttribute(
      'href',
      'tel:+15552223333',
    );
    const maps = within(first).getByRole('link', { name: /^Open in Maps/ });
    expect(maps).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=1%20Harbor%20Rd%2C%20Springfield%2C%2012345',
    );
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('says when there is nothing today', async () => {
    await openDashboard({ jobs: [] });
    expect(within(jobs()).getByText('No appointments scheduled for today')).toBeInTheDocument();
    expect(stat("Today's Jobs")).toHaveTextContent('0');
    expect(screen.queryByRole('region', { name: "Today's Route" })).not.toBeInTheDocument();
  });

  it('shows today’s route above the jobs: the drives, the day’s driving and the maps link', async () => {
    const first = makeJob({ time: '09:00', customerName: 'Grace Hopper' });
    const second = makeJob({ time: '13:30', customerName: 'Alan Kay' });
    await openDashboard(
      {
        jobs: [first, second],
        route: {
          stops: [
            makeRouteStop({
              bookingId: first.bookingId!,
              time: '09:00',
              customerName: 'Grace Hopper',
              address: '1 Harbor Rd, Atlanta, 30303',
              driveMinutesBefore: 10,
            }),
            makeRouteStop({
              bookingId: second.bookingId!,
              time: '13:30',
              customerName: 'Alan Kay',
              address: '9 Roswell Rd, Marietta, 30062',
              zipCode: '30062',
              driveMinutesBefore: 60,
            }),
          ],
          totalDriveMinutes: 130,
        },
      },
      { seed: { ...TECHNICIAN, homeZip: '30303' } },
    );

    const route = screen.getByRole('region', { name: "Today's Route" });
    expect(route.compareDocumentPosition(jobs())).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(route).toHaveTextContent('About 2 h 10 min of driving today');
    const stops = within(route).getAllByRole('listitem');
    expect(stops.map((stop) => stop.textContent)).toEqual([
      expect.stringMatching(/^From home: about 10 min.*9:00 AM.*Grace Hopper.*1 Harbor Rd/),
      expect.stringMatching(/^Drive about 1 h.*1:30 PM.*Alan Kay.*9 Roswell Rd/),
    ]);
    expect(within(route).getByRole('link', { name: /^Open route in Maps/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/destination=9%20Roswell.*waypoints=1%20Harbor/),
    );
  });

  it('shows a failed load with Try Again', async () => {
    server.use(
      http.get('/api/technician/dashboard', () => apiError('INTERNAL', 'Database unavailable')),
    );
    signInAs(TECHNICIAN);
    renderApp('/technician-dashboard');
    expect(await screen.findByText("We couldn't load your dashboard")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('status picker', () => {
  it('offers scheduled, in progress and completed, and sends the change', async () => {
    const job = makeJob({ customerName: 'Grace Hopper' });
    const { user, account } = await openDashboard({ jobs: [job] });
    const picker = within(jobs()).getByLabelText('Status');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Scheduled', 'In Progress', 'Completed']);

    await user.selectOptions(picker, 'in-progress');

    await waitFor(async () =>
      expect(await lastBodyOf('PATCH', `/api/technician/jobs/${job.id}/status`)).toEqual({
        status: 'in-progress',
      }),
    );
    expect(await screen.findByText('Basic Oil Change is now In Progress.')).toBeInTheDocument();
    // The status the server answers: on a job now.
    await waitFor(() => expect(screen.getByText('On Job')).toBeInTheDocument());
    expect(picker).toHaveValue('in-progress');
    expect(technicianWorkOf(account).jobs[0]?.status).toBe('in-progress');
  });

  it('says so when the change is refused, and keeps the status shown', async () => {
    const job = makeJob();
    const { user } = await openDashboard({ jobs: [job] });
    server.use(
      http.patch('/api/technician/jobs/:id/status', () =>
        apiError('CONFLICT', 'This job was cancelled and can no longer be changed.'),
      ),
    );
    const picker = within(jobs()).getByLabelText('Status');
    await user.selectOptions(picker, 'in-progress');

    expect(
      await screen.findByText('This job was cancelled and can no longer be changed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(picker).toBeEnabled());
    expect(picker).toHaveValue('scheduled');
  });
});

describe('Add Services', () => {
  const catalogue = () =>
    seedServices([
      makeService('Basic Oil Change', { price: 49.99 }),
      makeService('Battery Service', { price: 29.99 }),
      makeService('Tire Rotation', { price: 19.99 }),
    ]);

  it('lists only services not on the visit, and adds the chosen ones as a balance due', async () => {
    catalogue();
    const job = makeJob({ visitServiceIds: ['basic-oil-change', 'tire-rotation'] });
    const { user, account } = await openDashboard({ jobs: [job] });
    await user.click(within(jobs()).getByRole('button', { name: /^Add Services/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Services' });
    await within(dialog).findByRole('checkbox', { name: /Battery Service/ });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByText('$29.99')).toBeInTheDocument();
    const add = within(dialog).getByRole('button', { name: 'Add Services' });
    expect(add).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /Battery Service/ }));
    expect(add).toBeEnabled();
    await user.click(add);

    expect(await screen.findByText('1 service added. Balance due: $29.99')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Services' })).not.toBeInTheDocument(),
    );
    expect(await lastBodyOf('POST', `/api/technician/jobs/${job.id}/services`)).toEqual({
      serviceIds: ['battery-service'],
    });
    // The new service is a job of the same visit, unpaid; the list follows the server.
    expect(technicianWorkOf(account).jobs).toHaveLength(2);
    await waitFor(() => expect(within(jobs()).getAllByRole('article')).toHaveLength(2));
    expect(within(jobs()).getAllByText('Balance due $29.99')).toHaveLength(2);
  });

  it('says so when every service is already on the visit', async () => {
    catalogue();
    const job = makeJob({
      visitServiceIds: ['basic-oil-change', 'battery-service', 'tire-rotation'],
    });
    const { user } = await openDashboard({ jobs: [job] });
    await user.click(within(jobs()).getByRole('button', { name: /^Add Services/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Services' });
    expect(
      await within(dialog).findByText('Every service is already on this visit.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Services' })).toBeDisabled();
  });
});

describe('duty', () => {
  it('starts and ends duty with the status the server answers', async () => {
    const { user, account } = await openDashboard({ status: 'off-duty' });
    expect(screen.getByText('Off Duty')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Duty' }));
    expect(await screen.findByRole('button', { name: 'End Duty' })).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(await lastBodyOf('PUT', '/api/technician/duty')).toEqual({ onDuty: true });

    await user.click(screen.getByRole('button', { name: 'End Duty' }));
    expect(await screen.findByRole('button', { name: 'Start Duty' })).toBeInTheDocument();
    expect(await lastBodyOf('PUT', '/api/technician/duty')).toEqual({ onDuty: false });
    expect(technicianWorkOf(account).status).toBe('off-duty');
  });
});

describe('working days', () => {
  async function openCalendar(work: TechnicianWorkSeed) {
    const app = await openDashboard(work);
    const calendar = await screen.findByRole('group', { name: 'My working days' });
    await within(calendar).findByRole('grid', { name: 'March 2026' });
    return { ...app, calendar };
  }

  const day = (calendar: HTMLElement, name: RegExp) =>
    within(calendar).getByRole('button', { name });

  it('shows the month with working days selected and past days disabled', async () => {
    const { calendar } = await openCalendar({ workingDays: ['2026-03-14', '2026-03-20'] });
    expect(day(calendar, /^Today, Saturday, March 14, 2026, working day$/)).toBeEnabled();
    expect(day(calendar, /March 20, 2026, working day$/)).toBeEnabled();
    expect(day(calendar, /March 21, 2026, not working$/)).toBeEnabled();
    expect(day(calendar, /March 13, 2026/)).toBeDisabled();
  });

  it('toggles a day, and browses to the next month', async () => {
    const { user, calendar, account } = await openCalendar({ workingDays: ['2026-03-14'] });
    await user.click(day(calendar, /March 20, 2026, not working$/));

    expect(await lastBodyOf('PUT', '/api/technician/working-days/2026-03-20')).toEqual({
      working: true,
    });
    await waitFor(() => expect(day(calendar, /March 20, 2026, working day$/)).toBeEnabled());
    expect(technicianWorkOf(account).workingDays.has('2026-03-20')).toBe(true);

    await user.click(within(calendar).getByRole('button', { name: /Next Month/i }));
    expect(await within(calendar).findByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
    expect(apiCalls()).toContain('GET /api/technician/working-days?month=2026-04');
  });

  it('ends duty when today is switched off, and makes an off-duty technician available when switched on', async () => {
    const { user, calendar } = await openCalendar({
      status: 'available',
      workingDays: ['2026-03-14'],
    });
    await user.click(day(calendar, /^Today, .*, working day$/));

    expect(await screen.findByRole('button', { name: 'Start Duty' })).toBeInTheDocument();
    expect(screen.getByText('Off Duty')).toBeInTheDocument();
    expect(screen.getByText('Today is not one of your working days.')).toBeInTheDocument();

    await waitFor(() => expect(day(calendar, /^Today, .*, not working$/)).toBeEnabled());
    await user.click(day(calendar, /^Today, .*, not working$/));
    expect(await screen.findByRole('button', { name: 'End Duty' })).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
  });
});

describe('My Profile', () => {
  it('leads to the profile, which shows the technician their jobs', async () => {
    const { user, pathname } = await openDashboard({ jobs: [makeJob()] });
    await user.click(screen.getByRole('link', { name: 'My Profile' }));

    await waitFor(() => expect(pathname()).toBe('/profile'));
    const myJobs = await screen.findByRole('region', { name: 'My Jobs' });
    expect(within(myJobs).getByRole('link', { name: 'Open My Job List' })).toHaveAttribute(
      'href',
      '/technician-dashboard',
    );
  });
});

describe('Sign Out', () => {
  it('ends the session and goes back to the technician portal', async () => {
    const { user, pathname } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(pathname()).toBe('/tech-portal'));
    expect(await screen.findByRole('heading', { name: 'Technician Portal' })).toBeInTheDocument();
    expect(pathname()).toBe('/tech-portal');
  });
});
