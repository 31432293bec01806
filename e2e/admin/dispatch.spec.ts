// The Day Plan on /admin/technicians: an admin on a phone picks a day on which a technician has a
// paid visit assigned, and sees it on the technician's day with the drive before it and the drive
// home after it (home base downtown Atlanta, the visit in Marietta: an hour each way at the
// business's default driving settings); the day is not today, so no duty status is shown.
import { randomInt, randomUUID } from 'node:crypto';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { appointmentsFound, bookingDetails } from '../fixtures/booking.ts';
import { expectOk, onboardedTechnician } from '../fixtures/business-day.ts';
import { daysAhead } from '../fixtures/calendar.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

test('an admin sees a technician’s visit and the drive before it on the chosen day', async ({
  api,
  page,
  signIn,
}) => {
  // Far ahead (days 340-364), where no other spec books.
  const date = daysAhead(340 + randomInt(25));
  const admin = await api.createUser('admin', { name: 'Dee Dispatcher' });
  const staff = await api.requestAs(admin);
  const name = `Nia Route ${randomUUID().slice(0, 4)}`;
  // Home base 30303 (downtown Atlanta).
  const technician = await onboardedTechnician(api, name, { onDuty: true, workingOn: date });

  const customer = await api.createUser('customer');
  const asCustomer = await api.requestAs(customer);
  const slots = await expectOk(
    await asCustomer.get(`/api/booking/slots?date=${date}&zipCode=30062`),
    'GET /api/booking/slots',
  );
  const [time] = ((await slots.json()) as { slots: string[] }).slots;
  expect(time, `a free slot on ${date}`).toBeTruthy();
  const details = bookingDetails(customer.email, { zipCode: '30062', city: 'Marietta' });
  const booked = await asCustomer.post('/api/bookings', {
    data: {
      ...details,
      services: ['battery-service'],
      date,
      time,
      description: '',
      textUpdates: false,
      idempotencyKey: randomUUID(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookingId, checkoutUrl } = (await booked.json()) as {
    bookingId: string;
    checkoutUrl: string;
  };
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1)!;
  const paid = await asCustomer.post(`/checkout/local/${sessionId}`, {
    form: {
      email: customer.email,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      cardName: 'Avery Driver',
    },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(
      async () =>
        (
          (await (await asCustomer.get(`/api/checkout/sessions/${sessionId}`)).json()) as {
            state: string;
          }
        ).state,
    )
    .toBe('paid');
  const customerName = `${details.firstName} ${details.lastName}`;
  const appointment = (await appointmentsFound(staff, customerName)).find(
    (row) => row.bookingId === bookingId,
  );
  expect(appointment, 'the visit became an appointment').toBeTruthy();
  // Whichever way the business offers slots, the visit is this technician's.
  await expectOk(
    await staff.patch(`/api/appointments/${appointment!.id}/technician`, {
      data: { technicianId: technician.id, override: true },
    }),
    'PATCH /api/appointments/:id/technician',
  );

  await signIn(page, admin);
  await page.goto('/admin/technicians');
  const dayPlan = page.getByRole('region', { name: 'Day Plan' });
  await dayPlan.getByLabel('Day', { exact: true }).fill(date);

  const day = dayPlan.getByRole('listitem', { name, exact: true });
  await day.scrollIntoViewIfNeeded();
  const visits = day.getByRole('list', { name: `Visits of ${name}` });
  await expect(visits.getByRole('listitem')).toHaveCount(3);
  await expect(visits.getByRole('listitem').first()).toHaveText('60 min drive');
  await expect(visits.getByRole('listitem').last()).toHaveText('Home about 1 h');
  const visit = visits.getByRole('listitem').nth(1);
  await expect(visit).toContainText(customerName);
  await expect(visit).toContainText(/PS-\d+/);
  await expect(visit).toContainText(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M/);
  await expect(day).toContainText('Total driving: 2 h');
  await expect(day).not.toContainText('Not working');
  // On duty today, but the plan is of another day: its duty status is not that day's.
  await expect(day).not.toContainText('Available');
  // Stacked on a phone: the visit fits the screen, nothing to scroll sideways.
  const box = (await visit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
});
