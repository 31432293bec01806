// Booking a visit: a customer books two services on /booking, pays on the local checkout and sees
// /checkout-success; the admin then sees the appointments and the confirmation e-mail is queued.
// Also: a returning customer whose phone and address are filled in and who keeps the car in My
// Garage after paying, a declined card, Cancel, the signed-out visitor who signs in half way, and a
// slot taken while the form was open.
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import {
  appointmentsFound,
  BASIC_OIL_CHANGE,
  BATTERY_SERVICE,
  bookingDetails,
  bookThroughApi,
  CARDS,
  checkoutSessionIdOf,
  expectTypedDetails,
  fillCard,
  fillContactAndVehicle,
  freeSlot,
  mailbox,
  pickSlot,
  serviceCheckbox,
  timeSlots,
  visitsOf,
} from '../fixtures/booking.ts';
import { expect, test } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

const TOTAL = '$79.98'; // Basic Oil Change $49.99 + Battery Service $29.99

/** The customer's saved vehicles (GET /api/vehicles). */
async function garageOf(customer: APIRequestContext): Promise<unknown[]> {
  const response = await customer.get('/api/vehicles');
  expect(response.ok(), `GET /api/vehicles: ${response.status()}`).toBe(true);
  return ((await response.json()) as { vehicles: unknown[] }).vehicles;
}

// The toaster (app/providers.tsx, sonner `richColors`) draws its text below AA contrast; reported
// to its owner. Pages are scanned without it while a toast shows.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

for (const [device, viewport, band] of [
  ['phone', PHONE, 0],
  ['desktop', DESKTOP, 1],
] as const) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('book two services from Book Now, pay by card, see the order; the admin sees the appointments', async ({
      api,
      page,
      signIn,
    }) => {
      const customer = await api.createUser('customer', { name: 'Avery Driver' });
      const details = bookingDetails(customer.email);
      const slot = await freeSlot(page.request, band);
      await signIn(page, customer);

      await page.goto('/services');
      await expectAccessible(page);
      await page
        .getByRole('article', { name: BASIC_OIL_CHANGE.name, exact: true })
        .getByRole('link', { name: 'Book Now' })
        .click();
      await expect(page).toHaveURL(
        (url) => url.pathname === '/booking' && url.search === `?service=${BASIC_OIL_CHANGE.id}`,
      );
      await expect(
        page.getByRole('heading', { name: 'Book Your Service', level: 1 }),
      ).toBeVisible();
      await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
      await expect(page.getByRole('button', { name: 'Go to Payment - $49.99' })).toBeVisible();

      await serviceCheckbox(page, BATTERY_SERVICE).check();
      await expect(page.getByTestId('booking-total')).toHaveText(TOTAL);
      await pickSlot(page, slot);
      await fillContactAndVehicle(page, details);
      await expectAccessible(page);

      await page.getByRole('button', { name: `Go to Payment - ${TOTAL}` }).click();
      await page.waitForURL(/\/checkout\/local\/[^/]+$/);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary).toContainText(BASIC_OIL_CHANGE.name);
      await expect(summary).toContainText(BATTERY_SERVICE.name);
      await expect(summary).toContainText(TOTAL);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
      await expectAccessible(page);

      await fillCard(page, CARDS.success, 'Avery Driver');
      await page.getByRole('button', { name: `Pay ${TOTAL}` }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/checkout-success');
      expect(new URL(page.url()).searchParams.get('session_id')).toBeTruthy();
      await expect(
        page.getByRole('heading', { name: 'Payment Successful!', level: 1 }),
      ).toBeVisible();
      const order = page.getByRole('region', { name: 'Order details' });
      await expect(order).toContainText(TOTAL);
      await expect(order).toContainText('Paid');
      await expectAccessible(page);

      // The staff's view: one scheduled, unassigned appointment per service at the booked moment.
      const admin = await api.requestAs(await api.createUser('admin'));
      const appointments = (
        await appointmentsFound(admin, `${details.firstName} ${details.lastName}`)
      ).filter((a) => a.email === customer.email);
      expect(appointments.map((a) => a.serviceName).sort()).toEqual([
        BASIC_OIL_CHANGE.name,
        BATTERY_SERVICE.name,
      ]);
      for (const appointment of appointments) {
        expect(appointment).toMatchObject({
          customerName: `${details.firstName} ${details.lastName}`,
          date: slot.date,
          time: slot.time,
          status: 'scheduled',
          technician: 'Unassigned',
        });
      }

      // The confirmation e-mail, with the visit as a calendar file.
      const superAdmin = await api.asSuperAdmin();
      await expect
        .poll(async () => {
          const messages = await mailbox(superAdmin);
          const confirmation = messages.find(
            (m) => m.template === 'booking-confirmation' && m.to === customer.email,
          );
          return confirmation?.attachments.some((a) => a.filename.endsWith('.ics')) ?? false;
        })
        .toBe(true);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a returning customer finds phone and address filled in, pays, and finds the car in My Garage', async ({
    api,
    page,
    signIn,
  }) => {
    const customer = await api.createUser('customer', { name: 'Riley Return' });
    const saved = await (
      await api.requestAs(customer)
    ).put('/api/profile', {
      data: {
        name: 'Riley Return',
        phone: '(555) 234-5678',
        street: '8 Maple Court',
        city: 'Springfield',
        zipCode: '12345',
      },
    });
    expect(saved.ok(), `PUT /api/profile: ${saved.status()}`).toBe(true);
    // The band of the phone's first journey: two visits fit one slot.
    const slot = await freeSlot(page.request, 0);
    const details = bookingDetails(customer.email);
    await signIn(page, customer);

    await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}`);
    const pay = page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` });
    // The total and the way to pay are in reach from the start, not after the whole form.
    await expect(pay).toBeInViewport();
    await expect(page.getByLabel('Phone')).toHaveValue('(555) 234-5678');
    await expect(page.getByLabel('Street Address')).toHaveValue('8 Maple Court');
    await expect(page.getByLabel('City')).toHaveValue('Springfield');
    await expect(page.getByLabel('ZIP Code')).toHaveValue('12345');
    await pickSlot(page, slot);
    await expect(timeSlots(page)).toContainText('Times are Eastern Time');
    await page.getByLabel('Make').selectOption(details.vehicleMake);
    await page.getByLabel('Model').selectOption(details.vehicleModel);
    await page.getByLabel('Year').fill(details.vehicleYear);
    await page.getByLabel('Color').fill(details.vehicleColor);
    await page.getByLabel('License Plate').fill(details.licensePlate);
    await expect(pay).toBeInViewport();
    await expectAccessible(page);

    await pay.click();
    await page.waitForURL(/\/checkout\/local\/[^/]+$/);
    await expectAccessible(page);
    await fillCard(page, CARDS.success, 'Riley Return');
    // The success page reads the profile to decide whether to offer the address.
    const profileRead = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/profile' &&
        response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: `Pay ${BASIC_OIL_CHANGE.price}` }).click();
    await expect(
      page.getByRole('heading', { name: 'Payment Successful!', level: 1 }),
    ).toBeVisible();
    const car = `${details.vehicleYear} ${details.vehicleMake} ${details.vehicleModel}`;
    // Paying kept the car in My Garage, with no click: the page says so instead of offering it.
    const note = page.getByRole('region', { name: 'My Garage' });
    await expect(note).toContainText(
      `${car} is in My Garage, with its service history and when its next service is due.`,
    );
    expect(await garageOf(await api.requestAs(customer))).toMatchObject([
      {
        make: details.vehicleMake,
        model: details.vehicleModel,
        year: Number(details.vehicleYear),
        licensePlate: details.licensePlate,
      },
    ]);
    await profileRead;
    // The address booked is the profile's already: nothing is offered to save.
    await expect(page.getByRole('region', { name: 'Save for next time' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expectAccessible(page);

    await note.getByRole('link', { name: 'View My Garage' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const garage = page.getByRole('region', { name: 'My Garage' });
    await expect(garage).toContainText(car);
    await expect(garage).toContainText(details.licensePlate);
    await expectAccessible(page);
  });

  test('a declined card shows the decline and books nothing', async ({ api, page, signIn }) => {
    const customer = await api.createUser('customer');
    const slot = await freeSlot(page.request, 2);
    await signIn(page, customer);

    await page.goto(`/booking?service=${BATTERY_SERVICE.id}`);
    await expect(serviceCheckbox(page, BATTERY_SERVICE)).toBeChecked();
    await pickSlot(page, slot);
    await fillContactAndVehicle(page, bookingDetails(customer.email));
    await expectAccessible(page);
    await page.getByRole('button', { name: `Go to Payment - ${BATTERY_SERVICE.price}` }).click();
    await page.waitForURL(/\/checkout\/local\/[^/]+$/);
    const sessionId = checkoutSessionIdOf(page);

    await fillCard(page, CARDS.declined, 'Declined Driver');
    await page.getByRole('button', { name: `Pay ${BATTERY_SERVICE.price}` }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/local\/[^/]+$/);
    await expectAccessible(page);

    const asCustomer = await api.requestAs(customer);
    expect(await visitsOf(asCustomer)).toEqual([]);
    const outcome = await asCustomer.get(`/api/checkout/sessions/${encodeURIComponent(sessionId)}`);
    expect(outcome.ok(), `GET /api/checkout/sessions/${sessionId}`).toBe(true);
    expect(await outcome.json()).toMatchObject({ state: 'confirming', order: null });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('Cancel on the checkout returns to /booking with the form as typed and the slot given back', async ({
    api,
    page,
    signIn,
  }) => {
    const customer = await api.createUser('customer');
    const slot = await freeSlot(page.request, 3);
    const details = bookingDetails(customer.email);
    await signIn(page, customer);

    await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}`);
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await pickSlot(page, slot);
    await fillContactAndVehicle(page, details);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` }).click();
    await page.waitForURL(/\/checkout\/local\/[^/]+$/);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Cancel' }).click();
    // The visit's id comes back in the address, is used once, and is dropped.
    await page.waitForURL((url) => url.pathname === '/booking' && url.search === '');
    await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Book a service' })).toBeVisible();
    await expect(page.getByText(/Payment cancelled: nothing was charged/)).toBeVisible();
    await expectTypedDetails(page, details);
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await expectAccessible(page, WITHOUT_TOASTER);
  });

  test('a signed-out visitor is sent to sign in and comes back to the form as they left it', async ({
    api,
    page,
  }) => {
    const customer = await api.createUser('customer');
    const details = bookingDetails(customer.email);
    const slot = await freeSlot(page.request, 4);

    await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}`);
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await pickSlot(page, slot);
    await fillContactAndVehicle(page, details);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` }).click();

    await expect(page.getByText('Please sign in to book an appointment.')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expectAccessible(page, WITHOUT_TOASTER);

    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL(
      (url) => url.pathname === '/booking' && url.search === `?service=${BASIC_OIL_CHANGE.id}`,
    );
    await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await expect(serviceCheckbox(page, BATTERY_SERVICE)).not.toBeChecked();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(slot.date);
    await expectTypedDetails(page, details);
    await expect(
      page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` }),
    ).toBeVisible();
    await expectAccessible(page, WITHOUT_TOASTER);
  });

  test('a slot taken while the form was open: the time is cleared, everything else kept', async ({
    api,
    page,
    signIn,
  }) => {
    const customer = await api.createUser('customer');
    const details = bookingDetails(customer.email);
    const slot = await freeSlot(page.request, 5);
    await signIn(page, customer);

    await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}`);
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await pickSlot(page, slot);
    await fillContactAndVehicle(page, details);
    await expectAccessible(page);

    // Two other customers take the slot (capacity 2) before this one submits.
    for (const name of ['Other One', 'Other Two']) {
      const other = await api.createUser('customer', { name });
      await bookThroughApi(await api.requestAs(other), slot, bookingDetails(other.email));
    }

    await page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` }).click();
    const taken = 'That time was just taken. Please pick another time.';
    await expect(timeSlots(page)).toContainText(taken);
    await expect(page.locator('[data-sonner-toaster]')).toContainText(taken);
    await expect(page).toHaveURL((url) => url.pathname === '/booking');
    await expect(timeSlots(page).getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(timeSlots(page).locator(`input[type="radio"][value="${slot.time}"]`)).toHaveCount(
      0,
    );
    await expect(serviceCheckbox(page, BASIC_OIL_CHANGE)).toBeChecked();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(slot.date);
    await expectTypedDetails(page, details);
    await expectAccessible(page, WITHOUT_TOASTER);

    // Nothing was booked for this customer.
    expect(await visitsOf(await api.requestAs(customer))).toEqual([]);
  });
});
