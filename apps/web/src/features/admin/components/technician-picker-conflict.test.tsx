// Assigning a technician who cannot do the visit as planned (by technicians' schedules): the
// server's reason is shown under the picker and focused, with "Assign Anyway" (sent again as an
// override) and "Choose Another" (nothing changed, back to the picker), by keyboard too.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import {
  seedAssignableTechnicians,
  seedScheduleConflict,
  seedStaffAppointments,
  staffAppointment,
} from '../../../test/msw/handlers/staff-appointments.ts';
import { apiCalls, lastBodyOf } from '../../../test/msw/server.ts';
import { stubPhoneMedia } from '../../../test/phone-media.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/appointments-page.tsx');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const JORDAN = '20000000-0000-4000-8000-000000000001';
const FRED = '20000000-0000-4000-8000-000000000002';
const CONFLICT = 'Fred Far would arrive 30 minutes late: the drive from home takes 60 minutes.';

function setup() {
  const [erin] = seedStaffAppointments([
    {
      customerName: 'Erin Early',
      serviceName: 'Basic Oil Change',
      date: '2026-03-15',
      time: '09:00',
      technician: 'Jordan Lee',
      technicianId: JORDAN,
    },
  ]);
  seedAssignableTechnicians([
    { id: JORDAN, name: 'Jordan Lee', workingDates: ['2026-03-15'] },
    { id: FRED, name: 'Fred Far', workingDates: ['2026-03-15'] },
  ]);
  seedScheduleConflict(FRED, CONFLICT);
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/appointments');
  return { user, erin: erin! };
}

const assigns = (id: string) =>
  apiCalls().filter((call) => call === `PATCH /api/appointments/${id}/technician`);

async function pickerOf(name = 'Erin Early, Basic Oil Change') {
  const picker = await screen.findByRole('combobox', { name: `Technician for ${name}` });
  await waitFor(() => expect(picker).toBeEnabled());
  return picker;
}

describe('a schedule conflict when assigning a technician', () => {
  it('shows the reason, focused, and Assign Anyway sends it again as an override', async () => {
    const { user, erin } = setup();
    const picker = await pickerOf();

    await user.selectOptions(picker, 'Fred Far');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT);
    expect(within(alert).getByText(CONFLICT).closest('p')).toHaveFocus();
    // Nothing changed yet: the picker still shows who is assigned.
    expect(picker).toHaveValue(JORDAN);
    expect(staffAppointment(erin.id)?.technicianId).toBe(JORDAN);

    // By keyboard: Tab reaches Assign Anyway, Enter presses it.
    await user.tab();
    expect(within(alert).getByRole('button', { name: 'Assign Anyway' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Fred Far assigned to Erin Early')).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/appointments/${erin.id}/technician`)).toEqual({
      technicianId: FRED,
      override: true,
    });
    await waitFor(() => expect(picker).toHaveValue(FRED));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(staffAppointment(erin.id)?.technicianId).toBe(FRED);
  });

  it('Choose Another dismisses it, changing nothing, and returns to the picker', async () => {
    const { user, erin } = setup();
    const picker = await pickerOf();
    await user.selectOptions(picker, 'Fred Far');
    const alert = await screen.findByRole('alert');
    expect(await lastBodyOf('PATCH', `/api/appointments/${erin.id}/technician`)).toEqual({
      technicianId: FRED,
    });

    await user.click(within(alert).getByRole('button', { name: 'Choose Another' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(picker).toHaveFocus();
    expect(picker).toHaveValue(JORDAN);
    expect(assigns(erin.id)).toHaveLength(1);
    expect(staffAppointment(erin.id)?.technicianId).toBe(JORDAN);
  });

  it('shows it on the phone-width card too', async () => {
    stubPhoneMedia();
    const { user } = setup();
    const picker = await pickerOf();
    await user.selectOptions(picker, 'Fred Far');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT);
    expect(within(alert).getByRole('button', { name: 'Choose Another' })).toBeInTheDocument();
  });
});
