// /booking's times and the address: once the ZIP is whole and served, the slots are asked for at
// that ZIP (by technicians' schedules the drives count), and a chosen time the new list lacks is
// cleared with a message at the time field. By technicians' schedules, until then, the page says
// the times are for any address. The clock is pinned to Saturday 2026-03-14, 11:00 in New York.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedUnfitTimesAtZip } from '../../../test/msw/handlers/booking.ts';
import { seedBusiness, TEST_BUSINESS } from '../../../test/msw/handlers/business.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { TIMES_FOR_ANY_ADDRESS } from '../components/schedule-fields.tsx';

beforeAll(async () => {
  await import('./booking-page.tsx');
});

const NOW = new Date('2026-03-14T15:00:00.000Z');
const MONDAY = '2026-03-16';
const AREAS = [
  { id: 'downtown', name: 'Downtown', zips: ['30303'] },
  { id: 'suburbs', name: 'Suburbs', zips: ['300'] },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  seedServices([makeService('Basic Oil Change', { price: 49.99, duration: '30-45 minutes' })]);
  seedBusiness({ ...TEST_BUSINESS, serviceAreas: AREAS, slotMode: 'technicians' });
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const zipField = () => screen.getByLabelText('ZIP Code');
const timeGroup = () => screen.getByRole('group', { name: 'Time' });
const slotReads = () => apiCalls().filter((call) => call.startsWith('GET /api/booking/slots'));

async function openBooking() {
  signInAs({ role: 'customer' });
  renderApp('/booking?service=basic-oil-change');
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: MONDAY } });
  await screen.findByRole('radio', { name: '9:00 AM' });
  return user;
}

describe('/booking slots at the typed ZIP', () => {
  it('asks for the slots at a whole, served ZIP only', async () => {
    const user = await openBooking();
    expect(slotReads().every((call) => !call.includes('zipCode'))).toBe(true);

    await user.type(zipField(), '3030');
    await user.type(zipField(), '9');
    // 30309 is under no area: no ZIP is sent for it.
    expect(slotReads().some((call) => call.includes('zipCode'))).toBe(false);

    await user.clear(zipField());
    await user.type(zipField(), '30303');
    await waitFor(() =>
      expect(slotReads()).toContain(
        `GET /api/booking/slots?date=${MONDAY}&services=basic-oil-change&zipCode=30303`,
      ),
    );
    // ZIP+4 asks with its five digits; the list is not asked again for the same ZIP.
    const reads = slotReads().length;
    await user.type(zipField(), '-1234');
    expect(slotReads()).toHaveLength(reads);
  });

  it('clears a chosen time the address no longer fits, saying so, until another is chosen', async () => {
    seedUnfitTimesAtZip('30303', ['09:00']);
    const user = await openBooking();
    await user.click(screen.getByRole('radio', { name: '9:00 AM' }));
    expect(screen.getByRole('radio', { name: '9:00 AM' })).toBeChecked();

    await user.type(zipField(), '30303');

    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: '9:00 AM' })).not.toBeInTheDocument(),
    );
    // Said once the new list is the current one (an effect after the render that drops the time).
    await waitFor(() =>
      expect(timeGroup()).toHaveAccessibleDescription(
        expect.stringContaining(BOOKING_ALERTS.timeNoLongerFits),
      ),
    );
    expect(screen.queryByRole('radio', { checked: true })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '9:30 AM' }));
    expect(screen.queryByText(BOOKING_ALERTS.timeNoLongerFits)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '9:30 AM' })).toBeChecked();
  });

  it('keeps a chosen time the address still fits, without a message', async () => {
    seedUnfitTimesAtZip('30303', ['09:00']);
    const user = await openBooking();
    await user.click(screen.getByRole('radio', { name: '10:00 AM' }));
    await user.type(zipField(), '30303');
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: '9:00 AM' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('radio', { name: '10:00 AM' })).toBeChecked();
    expect(screen.queryByText(BOOKING_ALERTS.timeNoLongerFits)).not.toBeInTheDocument();
  });

  it("says the times are for any address until the ZIP is typed, by technicians' schedules", async () => {
    const user = await openBooking();
    expect(screen.getByText(TIMES_FOR_ANY_ADDRESS)).toBeInTheDocument();
    await user.type(zipField(), '30303');
    await waitFor(() => expect(screen.queryByText(TIMES_FOR_ANY_ADDRESS)).not.toBeInTheDocument());
  });

  it('says nothing of addresses by business capacity', async () => {
    seedBusiness({ ...TEST_BUSINESS, serviceAreas: AREAS, slotMode: 'capacity' });
    await openBooking();
    expect(screen.queryByText(TIMES_FOR_ANY_ADDRESS)).not.toBeInTheDocument();
  });
});
