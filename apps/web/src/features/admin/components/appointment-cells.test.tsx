// The staff's appointment rows name the car and carry the customer's note under the name; an
// appointment without a booked vehicle (older data) shows none.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedStaffAppointments } from '../../../test/msw/handlers/staff-appointments.ts';
import { makeVisitVehicle } from '../../../test/visit-vehicle.ts';
import { CustomerCell } from './appointment-cells.tsx';

function renderCell(seed: Parameters<typeof seedStaffAppointments>[0][number]) {
  const [appointment] = seedStaffAppointments([seed]);
  render(
    <table>
      <tbody>
        <tr>
          <CustomerCell appointment={appointment!} className="max-w-64" />
        </tr>
      </tbody>
    </table>,
  );
  return screen.getByRole('cell');
}

describe('CustomerCell', () => {
  it('shows the car and the customer’s note', () => {
    const cell = renderCell({
      customerName: 'Grace Hopper',
      description: 'Gate code 1234',
      vehicle: makeVisitVehicle(),
    });
    expect(cell).toHaveTextContent('Vehicle: 2019 Toyota 4Runner · Blue · ABC 123');
    expect(cell).toHaveTextContent('Note: Gate code 1234');
  });

  it('shows no vehicle without a booked one, and no note without one', () => {
    const cell = renderCell({ customerName: 'Alan Turing', vehicle: null, vehicleColor: 'Red' });
    expect(cell).toHaveTextContent('Alan Turing');
    expect(cell).not.toHaveTextContent('Vehicle');
    expect(cell).not.toHaveTextContent('Note:');
  });
});
