// /booking and the business's service areas: a ZIP no area covers is refused at the ZIP field,
// with the business's phone, on leaving the field and on 'Go to Payment', and nothing is sent;
// a ZIP an area lists, or one under an area's prefix, goes through; with no ZIP listed anywhere
// every ZIP does. The clock is pinned to Saturday 2026-03-14, 11:00 in New York.
import { zipNotServedMessage } from '@pitstop/shared/business/service-areas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocationAssign } from '../../../test/location.ts';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedBusiness, TEST_BUSINESS } from '../../../test/msw/handlers/business.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('./booking-page.tsx');
});

const NOW = new Date('2026-03-14T15:00:00.000Z');
const MONDAY = '2026-03-16';
const NOT_SERVED = zipNotServedMessage('12345', TEST_BUSINESS.phone);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  seedServices([makeService('Basic Oil Change', { price: 49.99, duration: '30-45 minutes' })]);
  seedBusiness({
    ...TEST_BUSINESS,
    serviceAreas: [
      { id: 'downtown', name: 'Downtown', zips: ['30301', '30302'] },
      { id: 'suburbs', name: 'Suburbs', zips: ['303'] },
    ],
  });
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const zipField = () => screen.getByLabelText('ZIP Code');
const bookings = () => apiCalls().filter((call) => call === 'POST /api/bookings');

async function fillForm(user: User, zip: string) {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: MONDAY } });
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  const firstName = screen.getByLabelText('First Name');
  await waitFor(() => expect(firstName).toHaveValue('Test'));
  await user.type(screen.getByLabelText('Phone'), '5551234567');
  await user.type(screen.getByLabelText('Street Address'), '12 Peachtree St');
  await user.type(screen.getByLabelText('City'), 'Atlanta');
  await user.type(zipField(), zip);
  await user.selectOptions(screen.getByLabelText('Make'), 'Honda');
  await user.selectOptions(screen.getByLabelText('Model'), 'Civic');
  await user.type(screen.getByLabelText('Year'), '2019');
  await user.type(screen.getByLabelText('Color'), 'Blue');
  await user.type(screen.getByLabelText('License Plate'), 'ABC1234');
}

async function openBooking() {
  signInAs({ role: 'customer' });
  renderApp('/booking?service=basic-oil-change');
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
  return user;
}

const goToPayment = () => screen.findByRole('button', { name: 'Go to Payment - $49.99' });

describe('/booking at a ZIP the business does not serve', () => {
  it('says so at the ZIP field on leaving it, and again on Go to Payment, sending nothing', async () => {
    const user = await openBooking();
    await user.type(zipField(), '12345');
    await user.tab();
    await waitFor(() => expect(zipField()).toHaveAccessibleDescription(NOT_SERVED));
    expect(NOT_SERVED).toBe("Sorry, we don't serve ZIP 12345 yet. Call us at (555) 123-4567.");
    expect(zipField()).toHaveAttribute('aria-invalid', 'true');

    // A ZIP under an area's prefix: the message goes on leaving the field.
    await user.clear(zipField());
    await user.type(zipField(), '30399');
    await user.tab();
    await waitFor(() => expect(zipField()).not.toHaveAccessibleDescription(NOT_SERVED));

    await user.clear(zipField());
    await fillForm(user, '12345');
    await user.click(await goToPayment());
    await waitFor(() => expect(zipField()).toHaveAccessibleDescription(NOT_SERVED));
    await waitFor(() => expect(zipField()).toHaveFocus());
    expect(bookings()).toEqual([]);
  });

  it('goes to payment at a ZIP an area lists', async () => {
    const assign = stubLocationAssign();
    const user = await openBooking();
    await fillForm(user, '30302');
    await user.click(await goToPayment());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local/cs_test_1'));
    expect(await lastBodyOf('POST', '/api/bookings')).toMatchObject({ zipCode: '30302' });
  });

  it('takes any ZIP while no area lists one', async () => {
    seedBusiness({
      ...TEST_BUSINESS,
      serviceAreas: [{ id: 'downtown', name: 'Downtown', zips: [] }],
    });
    const assign = stubLocationAssign();
    const user = await openBooking();
    await fillForm(user, '12345');
    await user.tab();
    expect(zipField()).not.toHaveAccessibleDescription(NOT_SERVED);
    await user.click(await goToPayment());
    await waitFor(() => expect(assign).toHaveBeenCalled());
  });

  it('shows the server’s refusal at the ZIP field when the areas changed meanwhile', async () => {
    seedBusiness({ ...TEST_BUSINESS, serviceAreas: [] });
    server.use(
      http.post('/api/bookings', () => apiError('VALIDATION', NOT_SERVED, { zipCode: NOT_SERVED })),
    );
    const user = await openBooking();
    await fillForm(user, '12345');
    await user.click(await goToPayment());
    await waitFor(() => expect(zipField()).toHaveAccessibleDescription(NOT_SERVED));
    await waitFor(() => expect(zipField()).toHaveFocus());
  });
});
