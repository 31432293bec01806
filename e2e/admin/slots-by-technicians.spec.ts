// Slots by technicians' schedules: an admin switches Business Profile's Offer Slots on a phone;
// with one technician (home ZIP 30303, downtown Atlanta) working the day and a paid 30-minute visit
// of theirs at 10:00 in Marietta (30062, an hour's drive), a customer sees 11:00 offered for any
// address, loses it once they type the downtown ZIP (the drive back does not fit, and the time
// field says so), and books 11:30. Staff assigning a technician who does not work that day are
// told why and may assign anyway. Changing the slot mode changes every booking, so it runs on a
// server of its own.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { SLOT_MODE_LABELS } from '@pitstop/shared/business/slot-mode';
import { expectAccessible } from '../fixtures/accessibility.ts';
import {
  BATTERY_SERVICE,
  bookingDetails,
  fillContactAndVehicle,
  timeSlots,
} from '../fixtures/booking.ts';
import { onboardedTechnician } from '../fixtures/business-day.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { openDayAhead, paidVisitAt } from '../fixtures/technician-schedules.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster (sonner `richColors`) draws its text below AA contrast; reported to its owner.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

testOnOwnServer.use({ viewport: PHONE });

testOnOwnServer(
  "by technicians' schedules a customer is offered only the times their address fits",
  async ({ api, page, signIn }) => {
    testOnOwnServer.slow();
    // Chosen while slots still follow the business's hours: a day with a 10:00 slot.
    const date = await openDayAhead(page.request, '10:00');
    const admin = await api.createUser('admin', { name: 'Ada Admin' });
    await signIn(page, admin);
    await page.goto('/admin/business-profile');
    const scheduling = page.getByRole('region', { name: 'Scheduling', exact: true });
    await expect(scheduling).toContainText(SLOT_MODE_LABELS.capacity);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const offerSlots = page.getByRole('group', { name: 'Offer Slots' });
    await offerSlots.getByRole('radio', { name: SLOT_MODE_LABELS.technicians }).check();
    await expect(page.getByLabel('Visits per time slot')).toHaveAccessibleDescription(
      /Not used for slots/,
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business profile saved.')).toBeVisible();
    await expect(scheduling).toContainText(SLOT_MODE_LABELS.technicians);
    await expectAccessible(page, WITHOUT_TOASTER);

    // Nia works that day from home downtown; her visit at 10:00 is in Marietta.
    const nia = await onboardedTechnician(api, 'Nia Near', { onDuty: true, workingOn: date });
    const staff = await api.requestAs(admin);
    const earlier = await api.createUser('customer', { name: 'Mara Marietta' });
    const visit = await paidVisitAt(await api.requestAs(earlier), staff, earlier.email, {
      date,
      time: '10:00',
      zipCode: '30062',
      services: [BATTERY_SERVICE.id],
    });
    expect(visit.technician).toBe('Nia Near');

    const customer = await api.createUser('customer', { name: 'Dee Downtown' });
    await signIn(page, customer);
    await page.goto(`/booking?service=${BATTERY_SERVICE.id}`);
    await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();
    await page.getByLabel('Date', { exact: true }).fill(date);
    const times = timeSlots(page);
    const slot = (time: string) => times.locator(`input[type="radio"][value="${time}"]`);
    // For any address every drive counts the minimum: 11:00 is offered, 10:00 is Nia's.
    await expect(slot('11:00')).toHaveCount(1);
    await expect(slot('10:00')).toHaveCount(0);
    await expect(page.getByText(/^Times are shown for any address/)).toBeVisible();
    await slot('11:00').check();
    await expectAccessible(page);

    await fillContactAndVehicle(
      page,
      bookingDetails(customer.email, { city: 'Atlanta', zipCode: '30303' }),
    );
    // Downtown, the hour's drive back from Marietta leaves 11:00 out and 11:30 in.
    await expect(slot('11:00')).toHaveCount(0);
    await expect(slot('11:30')).toHaveCount(1);
    await expect(times).toContainText(BOOKING_ALERTS.timeNoLongerFits);
    await expect(page.getByText(/^Times are shown for any address/)).toHaveCount(0);
    await expectAccessible(page);
    await slot('11:30').check();
    await expect(times).not.toContainText(BOOKING_ALERTS.timeNoLongerFits);
    await page.getByRole('button', { name: `Go to Payment - ${BATTERY_SERVICE.price}` }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/checkout/local/'));
    await expectAccessible(page);

    // Staff give Nia's 10:00 visit to Fred, who does not work that day: told why, they override.
    const fred = await onboardedTechnician(api, 'Fred Far', { onDuty: true });
    await signIn(page, admin);
    await page.goto('/admin/appointments');
    const picker = page.getByRole('combobox', {
      name: `Technician for ${visit.customerName}, ${BATTERY_SERVICE.name}`,
    });
    await expect(picker).toHaveValue(nia.id);
    await expectAccessible(page);
    await picker.selectOption(fred.id);
    const conflict = page.getByRole('alert').filter({ hasText: 'Fred Far does not work on' });
    await expect(conflict.locator('p')).toBeFocused();
    await expect(picker).toHaveValue(nia.id);
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    await expect(conflict.getByRole('button', { name: 'Assign Anyway' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Fred Far assigned to ${visit.customerName}`)).toBeVisible();
    await expect(picker).toHaveValue(fred.id);
    await expect(conflict).toHaveCount(0);
    await expectAccessible(page, WITHOUT_TOASTER);
  },
);
