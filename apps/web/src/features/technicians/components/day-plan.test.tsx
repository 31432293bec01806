import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DAY_PLAN_MESSAGES } from '@pitstop/shared/technicians/dispatch';
import type { DayPlanTechnician } from '@pitstop/shared/technicians/dispatch/responses';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedDayPlan, seedUnassignedVisits } from '../../../test/msw/handlers/dispatch.ts';
import { seedTechnician } from '../../../test/msw/handlers/technicians.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/technicians-page.tsx');
});

beforeEach(() => {
  // Today is the doubles' Saturday 2026-03-14 (open 07:00-19:00).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const NIA: DayPlanTechnician = {
  profileId: 'nia',
  name: 'Nia Near',
  homeZip: '30303',
  serviceAreas: ['Downtown', 'Suburbs'],
  works: true,
  status: 'available',
  stops: [
    {
      bookingId: 'booking-1',
      orderNumber: 'PS-10042',
      startTime: '09:00',
      endTime: '09:30',
      customerName: 'Ada Lovelace',
      zipCode: '30303',
      area: 'Downtown',
      driveMinutesBefore: 10,
      lateMinutes: 0,
      overlapsPrevious: false,
    },
    {
      bookingId: 'booking-2',
      orderNumber: 'PS-10043',
      startTime: '12:00',
      endTime: '12:30',
      customerName: 'Grace Hopper',
      zipCode: '30062',
      area: null,
      driveMinutesBefore: 60,
      lateMinutes: 0,
      overlapsPrevious: false,
    },
  ],
  totalDriveMinutes: 130,
  driveMinutesHome: 60,
};

const FRED: DayPlanTechnician = {
  profileId: 'fred',
  name: 'Fred Far',
  homeZip: '30062',
  serviceAreas: ['Suburbs'],
  works: false,
  status: 'off-duty',
  stops: [],
  totalDriveMinutes: 0,
  driveMinutesHome: null,
};

// Olly's day on the 16th: a 09:00 visit with another put on top of it (40 minutes late: free at
// 09:30, ten minutes' drive), then one reached 20 minutes late.
const OLLY: DayPlanTechnician = {
  ...NIA,
  profileId: 'olly',
  name: 'Olly Overlap',
  stops: [
    { ...NIA.stops[0]!, bookingId: 'olly-1' },
    {
      ...NIA.stops[0]!,
      bookingId: 'olly-2',
      orderNumber: 'PS-10050',
      customerName: 'Alan Turing',
      lateMinutes: 40,
      overlapsPrevious: true,
    },
    {
      ...NIA.stops[1]!,
      bookingId: 'olly-3',
      startTime: '10:10',
      endTime: '10:40',
      driveMinutesBefore: 60,
      lateMinutes: 20,
    },
  ],
  totalDriveMinutes: 140,
  driveMinutesHome: 60,
};

function setup() {
  signInAs({ name: 'Robin Reyes', role: 'manager' });
  seedTechnician({ name: 'Nia Near' });
  seedDayPlan('2026-03-14', [NIA, FRED]);
  seedDayPlan('2026-03-16', [{ ...FRED, works: true }, OLLY]);
  seedUnassignedVisits('2026-03-16', [
    {
      bookingId: 'nobody-1',
      orderNumber: 'PS-10077',
      startTime: '13:00',
      endTime: '14:00',
      customerName: 'Katherine Johnson',
      zipCode: '30062',
      area: 'Suburbs',
    },
  ]);
  const user = userEvent.setup();
  renderApp('/admin/technicians');
  return { user };
}

async function dayOf(name: string) {
  const plan = await screen.findByRole('list', { name: /^Day plan of / });
  return within(plan).findByRole('listitem', { name });
}

describe('the Day Plan on /admin/technicians', () => {
  it("shows today's plan on the business's clock: each technician by name, visits and drives in words", async () => {
    setup();
    const nia = await dayOf('Nia Near');
    expect(apiCalls()).toContain('GET /api/technicians/day-plan?date=2026-03-14');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-03-14');
    expect(screen.getByText(/Hours that day: 7:00 AM - 7:00 PM/)).toBeVisible();

    const visits = within(nia).getByRole('list', { name: 'Visits of Nia Near' });
    expect(
      within(visits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '10 min drive',
      '9:00 AM – 9:30 AMPS-10042Ada LovelaceDowntown',
      '60 min drive',
      '12:00 PM – 12:30 PMPS-10043Grace HopperNo service area',
      'Home about 1 h',
    ]);
    expect(nia).toHaveTextContent('Total driving: 2 h 10 min');
    expect(nia).not.toHaveTextContent('Not working');
    expect(nia).not.toHaveTextContent(/late|Overlaps/);
    // Today's plan: each technician's duty status now.
    expect(within(nia).getByText('Available')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Unassigned' })).not.toBeInTheDocument();

    const fred = await dayOf('Fred Far');
    expect(fred).toHaveTextContent('Not working');
    expect(fred).toHaveTextContent('Off Duty');
    expect(fred).toHaveTextContent('No visits planned');
    expect(fred).toHaveTextContent('Total driving: 0 min');
    // By name, as the server answers.
    const names = within(screen.getByRole('list', { name: /^Day plan of / }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Fred Far', 'Nia Near']);
  });

  it('reaches the timeline by keyboard, so a day wider than the screen can scroll', async () => {
    const { user } = setup();
    const nia = await dayOf('Nia Near');
    const timeline = within(nia).getByRole('region', { name: 'Timeline of Nia Near' });
    screen.getByLabelText('Day').focus();
    await user.tab();
    // Past the date field, the first timeline (Fred has none).
    expect(timeline).toHaveFocus();
  });

  it('shows the plan of the day chosen', async () => {
    setup();
    await dayOf('Nia Near');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-16' } });
    const fred = await dayOf('Fred Far');
    expect(fred).not.toHaveTextContent('Not working');
    // Their duty status is today's, not that day's: not shown.
    expect(fred).not.toHaveTextContent('Off Duty');
    expect(within(fred).queryByText('Status:')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Nia Near' })).not.toBeInTheDocument();
    expect(apiCalls()).toContain('GET /api/technicians/day-plan?date=2026-03-16');
  });

  it('says in words which visits overlap the one before or would be reached late, each on its own row', async () => {
    setup();
    await dayOf('Nia Near');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-16' } });
    const olly = await dayOf('Olly Overlap');
    const items = within(
      within(olly).getByRole('list', { name: 'Visits of Olly Overlap' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '10 min drive',
      '9:00 AM – 9:30 AMPS-10042Ada LovelaceDowntown',
      '10 min drive',
      '9:00 AM – 9:30 AMPS-10050Alan TuringDowntownOverlaps the visit beforeArrives about 40 min late',
      '60 min drive',
      '10:10 AM – 10:40 AMPS-10043Grace HopperNo service areaArrives about 20 min late',
      'Home about 1 h',
    ]);
    // On the wide timeline the overlapping visit and its drive take a row of their own; the
    // late one's drive overlaps both, so it takes a third; home leaves from its row.
    const top = (item: HTMLElement) => item.style.getPropertyValue('--top');
    expect(items.map(top)).toEqual([
      '0rem',
      '0rem',
      '10.5rem',
      '10.5rem',
      '21rem',
      '21rem',
      '21rem',
    ]);
    expect(
      within(olly).getByRole('region', { name: 'Timeline of Olly Overlap' }).firstElementChild,
    ).toHaveStyle({ '--rows-height': '31rem' });
  });

  it('lists the visits nobody has after the technicians, with where to give them to one', async () => {
    setup();
    await dayOf('Nia Near');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-16' } });
    const list = await screen.findByRole('list', { name: 'Unassigned' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1:00 PM – 2:00 PMPS-10077Katherine JohnsonSuburbs']);
    expect(
      screen.getByText(/No technician has these visits. Give each to a technician on the/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'appointments page' })).toHaveAttribute(
      'href',
      '/admin/appointments',
    );
    // After the technicians' days.
    const plan = screen.getByRole('list', { name: /^Day plan of / });
    expect(
      plan.compareDocumentPosition(screen.getByRole('heading', { name: 'Unassigned' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("says when a day has nobody to plan, and shows the server's words for a date it refuses", async () => {
    setup();
    await dayOf('Nia Near');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-17' } });
    expect(await screen.findByText('No onboarded technicians yet.')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '1999-12-31' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(DAY_PLAN_MESSAGES.dateOutOfYears);

    // An emptied field asks nothing.
    const before = apiCalls().length;
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '' } });
    expect(await screen.findByText('Choose a day to see its plan.')).toBeVisible();
    await waitFor(() => expect(apiCalls()).toHaveLength(before));
  });
});
