// The booking form against the API doubles. The clock is pinned to Saturday 2026-03-14, 11:00 in
// New York (the business's zone).
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { BOOKING_MESSAGES } from '@pitstop/shared/booking/forms';
import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocationAssign } from '../../../test/location.ts';
import { addAccount, signInAs, TEST_PASSWORD } from '../../../test/msw/accounts.ts';
import { failNextBooking, storedBookings } from '../../../test/msw/handlers/booking.ts';
import { seedBusiness, TEST_BUSINESS } from '../../../test/msw/handlers/business.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { apiCalls, lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { CHECKOUT_CANCELLED } from '../use-cancelled-checkout.ts';

beforeAll(async () => {
  await import('./booking-page.tsx');
});

const NOW = new Date('2026-03-14T15:00:00.000Z');
const MONDAY = '2026-03-16';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  seedServices([basic, synthetic]);
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const basic = makeService('Basic Oil Change', {
  price: 49.99,
  duration: '30-45 minutes',
  includes: ['Oil filter replacement'],
});
const synthetic = makeService('Synthetic Oil Change', { price: 79.99, duration: '45 minutes' });

const goToPayment = (total: string) =>
  screen.findByRole('button', { name: `Go to Payment - ${total}` });

function pickDate(date: string) {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Everything but the services (the path preselects them). Signed in, the account's name and
 * e-mail are filled in first: the name is typed over, the e-mail kept.
 */
async function fillForm(user: User, { signedIn = false } = {}) {
  pickDate(MONDAY);
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  const firstName = screen.getByLabelText('First Name');
  const lastName = screen.getByLabelText('Last Name');
  if (signedIn) {
    await waitFor(() => expect(firstName).toHaveValue('Test'));
    await user.clear(firstName);
    await user.clear(lastName);
  }
  await user.type(firstName, 'Ada');
  await user.type(lastName, 'Lovelace');
  if (!signedIn) await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone'), '5551234567');
  await user.type(screen.getByLabelText('Street Address'), '12 Analytical Way');
  await user.type(screen.getByLabelText('City'), 'Springfield');
  await user.type(screen.getByLabelText('ZIP Code'), '12345');
  await user.selectOptions(screen.getByLabelText('Make'), 'Honda');
  await user.selectOptions(screen.getByLabelText('Model'), 'Civic');
  await user.type(screen.getByLabelText('Year'), '2019');
  await user.type(screen.getByLabelText('Color'), 'Blue');
  await user.type(screen.getByLabelText('License Plate'), 'ABC1234');
}

describe('/booking', () => {
  it('preselects ?service= and totals every selected service on the button', async () => {
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    const first = await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    expect(first).toBeChecked();
    expect(await goToPayment('$49.99')).toBeInTheDocument();
    expect(screen.getByText('Oil filter replacement')).toBeInTheDocument();
    expect(screen.getByText('30-45 minutes')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Synthetic Oil Change/ }));
    expect(await goToPayment('$129.98')).toBeInTheDocument();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$129.98');
    await user.click(first);
    expect(await goToPayment('$79.99')).toBeInTheDocument();
  });

  it('shows every message of the spec at its field and focuses the first', async () => {
    renderApp('/booking');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await user.click(await goToPayment('$0.00'));

    for (const message of Object.values(BOOKING_MESSAGES)) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const first = screen.getByRole('checkbox', { name: /Basic Oil Change/ });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(BOOKING_MESSAGES.services);
    const fields: [string, string][] = [
      ['Date', BOOKING_MESSAGES.date],
      ['First Name', BOOKING_MESSAGES.firstName],
      ['Last Name', BOOKING_MESSAGES.lastName],
      ['Email', BOOKING_MESSAGES.email],
      ['Phone', BOOKING_MESSAGES.phone],
      ['Street Address', BOOKING_MESSAGES.address],
      ['City', BOOKING_MESSAGES.city],
      ['ZIP Code', BOOKING_MESSAGES.zipCode],
      ['Make', BOOKING_MESSAGES.vehicleMake],
      ['Model', BOOKING_MESSAGES.vehicleModel],
      ['Year', BOOKING_MESSAGES.vehicleYear],
      ['Color', BOOKING_MESSAGES.vehicleColor],
      ['License Plate', BOOKING_MESSAGES.licensePlate],
    ];
    for (const [label, message] of fields) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field, label).toHaveAccessibleDescription(message);
    }
    expect(screen.getByRole('group', { name: 'Time' })).toHaveAccessibleDescription(
      expect.stringContaining(BOOKING_MESSAGES.time),
    );
    expect(screen.getByLabelText(/Location Description/)).not.toHaveAttribute('aria-invalid');
    expect(storedBookings()).toEqual([]);
  });

  it("offers today's business date as the minimum, the day's hint and its slots", async () => {
    renderApp('/booking');
    const date = await screen.findByLabelText('Date');
    await waitFor(() => expect(date).toHaveAttribute('min', '2026-03-14'));
    pickDate('2026-03-14');
    // 11:00 in New York: today starts at the next half hour.
    const first = await screen.findByRole('radio', { name: '11:30 AM' });
    expect(screen.getAllByRole('radio')[0]).toBe(first);
    expect(date).toHaveAccessibleDescription('Open 7:00 AM - 7:00 PM');
  });

  it("names the business's time zone in words beside the times", async () => {
    renderApp('/booking');
    const group = await screen.findByRole('group', { name: 'Time' });
    expect(await within(group).findByText('Times are Eastern Time')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(expect.stringContaining('Times are Eastern Time'));
    cleanup();

    seedBusiness({ ...TEST_BUSINESS, timeZone: 'America/Los_Angeles' });
    renderApp('/booking');
    const west = await screen.findByRole('group', { name: 'Time' });
    expect(await within(west).findByText('Times are Pacific Time')).toBeInTheDocument();
  });

  it('clears the chosen time when another date is picked', async () => {
    renderApp('/booking');
    const user = userEvent.setup();
    await screen.findByLabelText('Date');
    pickDate(MONDAY);
    const nine = await screen.findByRole('radio', { name: '9:00 AM' });
    await user.click(nine);
    expect(nine).toBeChecked();

    pickDate('2026-03-17');
    await waitFor(() => expect(screen.getByRole('radio', { name: '9:00 AM' })).not.toBeChecked());
    expect(
      screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([]);
  });

  it("says 'Closed on this day' under the date and why there are no times", async () => {
    seedBusiness({
      ...TEST_BUSINESS,
      hours: {
        ...DEFAULT_BUSINESS_HOURS,
        sunday: { isOpen: false, openTime: '09:00', closeTime: '17:00' },
      },
    });
    renderApp('/booking');
    const date = await screen.findByLabelText('Date');
    pickDate('2026-03-15');
    expect(await screen.findByText('We are closed on this day')).toBeInTheDocument();
    await waitFor(() => expect(date).toHaveAccessibleDescription('Closed on this day'));
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });

  it('formats the phone as it is typed', async () => {
    renderApp('/booking');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone');
    expect(phone).toHaveAttribute('inputMode', 'tel');
    await user.type(phone, '555123');
    expect(phone).toHaveValue('(555) 123');
    await user.type(phone, '4567');
    expect(phone).toHaveValue('(555) 123-4567');
  });

  it('drops a pasted or typed country code 1', async () => {
    renderApp('/booking');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone');
    await user.click(phone);
    await user.paste('+1 (555) 987-6543');
    expect(phone).toHaveValue('(555) 987-6543');
    await user.clear(phone);
    await user.type(phone, '15559876543');
    expect(phone).toHaveValue('(555) 987-6543');
  });

  it('resets the model when the make changes', async () => {
    renderApp('/booking');
    const user = userEvent.setup();
    const make = await screen.findByLabelText('Make');
    const model = screen.getByLabelText('Model');
    await user.selectOptions(make, 'Toyota');
    await user.selectOptions(model, 'Camry');
    expect(model).toHaveValue('Camry');
    await user.selectOptions(make, 'Honda');
    expect(model).toHaveValue('');
    expect(within(model).queryByRole('option', { name: 'Camry' })).not.toBeInTheDocument();
    expect(within(model).getByRole('option', { name: 'Civic' })).toBeInTheDocument();
  });

  it('fills and locks the vehicle from My Garage, and the blank option clears and unlocks', async () => {
    const customer = signInAs({ role: 'customer' });
    seedVehicles(customer, [
      {
        id: 'v1',
        make: 'Honda',
        model: 'Civic',
        year: 2019,
        color: 'Blue',
        licensePlate: 'ABC1234',
      },
    ]);
    renderApp('/booking');
    const user = userEvent.setup();
    const garage = await screen.findByLabelText('Select from My Garage');
    await user.selectOptions(garage, 'v1');

    expect(screen.getByLabelText(/^Make/)).toHaveValue('Honda');
    expect(screen.getByLabelText(/^Make/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Model/)).toHaveValue('Civic');
    for (const [label, value] of [
      ['Year', '2019'],
      ['Color', 'Blue'],
      ['License Plate', 'ABC1234'],
    ]) {
      const field = screen.getByLabelText(new RegExp(`^${label}`));
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }

    await user.selectOptions(garage, '');
    const make = screen.getByRole('combobox', { name: 'Make' });
    expect(make).toHaveValue('');
    expect(screen.getByLabelText('Year')).toHaveValue('');
    expect(screen.getByLabelText('Year')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('License Plate')).toHaveValue('');
  });

  it('has no garage select when the account has no saved vehicles', async () => {
    signInAs({ role: 'customer', name: 'Grace Brewster Hopper' });
    renderApp('/booking');
    // The signed-in customer's name and e-mail are filled in.
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Grace'));
    expect(screen.getByLabelText('Last Name')).toHaveValue('Brewster Hopper');
    expect(screen.getByLabelText('Email')).toHaveValue('grace.brewster.hopper@example.com');
    expect(screen.queryByLabelText('Select from My Garage')).not.toBeInTheDocument();
  });

  it("fills a returning customer's phone and address from their profile", async () => {
    signInAs({
      role: 'customer',
      phone: '(555) 987-6543',
      address: 'Unit 4, 9 Oak Lane, Shelbyville, 54321',
    });
    renderApp('/booking');
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('(555) 987-6543'));
    expect(screen.getByLabelText('Street Address')).toHaveValue('Unit 4, 9 Oak Lane');
    expect(screen.getByLabelText('City')).toHaveValue('Shelbyville');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('54321');
  });

  it('fills nothing over a restored draft, and never mixes its address with the profile’s', async () => {
    signInAs({
      role: 'customer',
      phone: '(555) 987-6543',
      address: '9 Oak Lane, Shelbyville, 54321',
    });
    const draft = {
      phone: '(555) 000-1111',
      address: '1 Draft Road',
      city: 'Draftville',
      zipCode: '11111',
    };
    sessionStorage.setItem('pitstop.booking-draft', JSON.stringify(draft));
    const { queryClient } = renderApp('/booking');
    await waitFor(() => expect(queryClient.getQueryData(['profile'])).toBeDefined());
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Test'));
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 000-1111');
    expect(screen.getByLabelText('Street Address')).toHaveValue('1 Draft Road');
    expect(screen.getByLabelText('City')).toHaveValue('Draftville');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('11111');
    cleanup();

    // A draft with only a city: the phone comes from the profile, the address stays as it was.
    sessionStorage.setItem('pitstop.booking-draft', JSON.stringify({ city: 'Draftville' }));
    renderApp('/booking');
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('(555) 987-6543'));
    expect(screen.getByLabelText('Street Address')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('Draftville');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('');
  });

  it('asks for no garage for a technician, who has none', async () => {
    signInAs({ role: 'technician', name: 'Jordan Lee' });
    renderApp('/booking');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Jordan'));

    expect(screen.queryByLabelText('Select from My Garage')).not.toBeInTheDocument();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
  });

  it('sends a signed-out visitor to /login and gives back what they typed after signing in', async () => {
    const customer = addAccount({ role: 'customer' });
    const { router } = renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user);
    await user.click(await goToPayment('$49.99'));

    expect(await screen.findByText('Please sign in to book an appointment.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/booking?service=basic-oil-change' });
    expect(storedBookings()).toEqual([]);

    // The booking form (with its own Email field) stays until the sign-in page has loaded.
    const password = await screen.findByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), customer.user.email);
    await user.type(password, TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking'));
    expect(router.state.location.search).toBe('?service=basic-oil-change');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ada'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    expect(screen.getByLabelText('Model')).toHaveValue('Civic');
    expect(screen.getByLabelText('Date')).toHaveValue(MONDAY);
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Basic Oil Change/ })).toBeChecked();
  });

  it('starts the checkout with the form and a request key, never a price, and leaves for it', async () => {
    const assign = stubLocationAssign();
    signInAs({ role: 'customer' });
    sessionStorage.setItem('pitstop.booking-draft', JSON.stringify({ city: 'Old Town' }));
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await user.clear(screen.getByLabelText('City'));
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local/cs_test_1'));
    const body = (await lastBodyOf('POST', '/api/bookings')) as Record<string, unknown>;
    expect(body).toMatchObject({
      services: ['basic-oil-change'],
      date: MONDAY,
      time: '09:00',
      firstName: 'Ada',
      phone: '(555) 123-4567',
      vehicleModel: 'Civic',
      city: 'Springfield',
    });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Texts are the customer's choice, off unless ticked.
    expect(body.textUpdates).toBe(false);
    expect(Object.keys(body).filter((key) => /price|total|amount/i.test(key))).toEqual([]);
    // Kept until the payment is confirmed: the payment page's Cancel brings the form back.
    expect(JSON.parse(sessionStorage.getItem('pitstop.booking-draft')!)).toMatchObject({
      city: 'Springfield',
      time: '09:00',
    });
  });

  it('sends "Text me about this visit" when the customer ticks it', async () => {
    stubLocationAssign();
    signInAs({ role: 'customer' });
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    const texts = screen.getByRole('checkbox', { name: 'Text me about this visit' });
    expect(texts).not.toBeChecked();
    expect(texts).toHaveAccessibleDescription(/Reply STOP/);
    await user.click(texts);
    await user.click(await goToPayment('$49.99'));
    await waitFor(async () =>
      expect(await lastBodyOf('POST', '/api/bookings')).toMatchObject({ textUpdates: true }),
    );
  });

  it("gives the slot back after the payment page's Cancel, with the form as it was typed", async () => {
    stubLocationAssign();
    signInAs({ role: 'customer' });
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));
    await waitFor(() => expect(storedBookings()).toHaveLength(1));
    const bookingId = storedBookings()[0]!.bookingId;
    cleanup();

    const { pathname } = renderApp(`/booking?cancelled=${bookingId}`);
    expect(await screen.findByText(CHECKOUT_CANCELLED)).toBeInTheDocument();
    expect(
      apiCalls().filter((call) => call === `POST /api/bookings/${bookingId}/cancel-checkout`),
    ).toHaveLength(1);
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('Model')).toHaveValue('Civic');
    expect(pathname()).toBe('/booking');
  });

  it('keeps everything but the time when the slot was just taken', async () => {
    signInAs({ role: 'customer' });
    failNextBooking('slot-taken');
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));

    const message = 'That time was just taken. Please pick another time.';
    const group = screen.getByRole('group', { name: 'Time' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    // At the field and in a toast.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByRole('radio', { name: '9:00 AM' })).not.toBeChecked();
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('License Plate')).toHaveValue('ABC1234');
    expect(screen.getByLabelText('Date')).toHaveValue(MONDAY);
    expect(storedBookings()).toEqual([]);

    // Another time is a new submission with a new key.
    const assign = stubLocationAssign();
    await user.click(screen.getByRole('radio', { name: '9:30 AM' }));
    await user.click(await goToPayment('$49.99'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local/cs_test_1'));
    expect(storedBookings()[0]).toMatchObject({ time: '09:30' });
  });

  it('sends one request however fast the button is pressed, and is ready again after Back from the payment page', async () => {
    const assign = stubLocationAssign();
    signInAs({ role: 'customer' });
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    const button = await goToPayment('$49.99');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(apiCalls().filter((call) => call === 'POST /api/bookings')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Going to payment/ })).toBeInTheDocument();

    // The browser restores the page from its back-forward cache.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await goToPayment('$49.99')).toBeEnabled();
  });

  it('retries a booking whose answer was lost with the same key, so the server finds it instead of holding twice', async () => {
    signInAs({ role: 'customer' });
    failNextBooking('answer-lost');
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));
    expect(
      await screen.findByText('Failed to process payment. Please try again.'),
    ).toBeInTheDocument();

    const assign = stubLocationAssign();
    await user.click(await goToPayment('$49.99'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local/cs_test_1'));
    expect(storedBookings()).toHaveLength(1);
  });

  it('says why when the address holds too many unpaid bookings, and keeps what was typed', async () => {
    signInAs({ role: 'customer' });
    failNextBooking('too-many-holds');
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));

    expect(await screen.findByText(BOOKING_ALERTS.tooManyHolds)).toBeInTheDocument();
    expect(screen.queryByText('Failed to process payment. Please try again.')).toBeNull();
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByRole('radio', { name: '9:00 AM' })).toBeChecked();
  });

  it("says 'Failed to process payment. Please try again.' when the checkout cannot start, and the next try is a new request", async () => {
    signInAs({ role: 'customer' });
    failNextBooking('payment-failed');
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    await fillForm(user, { signedIn: true });
    await user.click(await goToPayment('$49.99'));

    expect(
      await screen.findByText('Failed to process payment. Please try again.'),
    ).toBeInTheDocument();
    const firstKey = ((await lastBodyOf('POST', '/api/bookings')) as { idempotencyKey: string })
      .idempotencyKey;

    const assign = stubLocationAssign();
    await user.click(await goToPayment('$49.99'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    // The server cancelled the failed attempt's hold and answers its key with 502 for good.
    expect(storedBookings()[0]?.idempotencyKey).not.toBe(firstKey);
  });
});
