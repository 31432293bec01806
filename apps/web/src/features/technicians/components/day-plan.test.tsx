import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DAY_PLAN_MESSAGES } from '@pitstop/shared/technicians/dispatch';
import type { DayPlanTechnician } from '@pitstop/shared/technicians/dispatch/responses';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedDayPlan } from '../../../test/msw/handlers/dispatch.ts';
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
    },
  ],
  totalDriveMinutes: 130,
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
};

function setup() {
  signInAs({ name: 'Robin Reyes', role: 'manager' });
  seedTechnician({ name: 'Nia Near' });
  seedDayPlan('2026-03-14', [NIA, FRED]);
  seedDayPlan('2026-03-16', [{ ...FRED, works: true }]);
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
    ]);
    expect(nia).toHaveTextContent('Total driving: 2 h 10 min');
    expect(nia).not.toHaveTextContent('Not working');

    const fred = await dayOf('Fred Far');
    expect(fred).toHaveTextContent('Not working');
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
    expect(screen.queryByRole('listitem', { name: 'Nia Near' })).not.toBeInTheDocument();
    expect(apiCalls()).toContain('GET /api/technicians/day-plan?date=2026-03-16');
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
