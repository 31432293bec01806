// The dashboard's appointment rows on a phone name the car and carry the customer's note, as the
// wide table's customer cell does; a row without either shows neither.
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStaffAppointments } from '../../../test/msw/handlers/staff-appointments.ts';
import { stubPhoneMedia } from '../../../test/phone-media.ts';
import { makeVisitVehicle } from '../../../test/visit-vehicle.ts';
import { AppointmentSummaryTable } from './appointment-summary-table.tsx';

beforeEach(stubPhoneMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard’s appointment rows on a phone', () => {
  it('show the car and the customer’s note', () => {
    const appointments = seedStaffAppointments([
      {
        customerName: 'Grace Hopper',
        description: 'Gate code 1234',
        vehicle: makeVisitVehicle(),
      },
      { customerName: 'Alan Turing', vehicle: null },
    ]);
    render(<AppointmentSummaryTable appointments={appointments} label="Active Appointments" />);

    const [grace, alan] = within(
      screen.getByRole('list', { name: 'Active Appointments' }),
    ).getAllByRole('listitem');
    expect(grace).toHaveTextContent('Vehicle: 2019 Toyota 4Runner · Blue · ABC 123');
    expect(grace).toHaveTextContent('Note: Gate code 1234');
    expect(alan).toHaveTextContent('Alan Turing');
    expect(alan).not.toHaveTextContent('Vehicle');
    expect(alan).not.toHaveTextContent('Note:');
  });
});
