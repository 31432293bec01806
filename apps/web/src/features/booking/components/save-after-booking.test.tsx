// /checkout-success's offers after a paid visit, against the API doubles: one click keeps the
// vehicle in My Garage or the address on the profile, nothing is kept without it, and an offer
// that would keep nothing new is not made.
import type { CheckoutOutcomeResponse } from '@pitstop/shared/booking/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type AccountSeed } from '../../../test/msw/accounts.ts';
import { seedCheckoutSession } from '../../../test/msw/handlers/booking.ts';
import { garageOf, seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/checkout-success-page.tsx');
});

const paidVisit: CheckoutOutcomeResponse = {
  state: 'paid',
  kind: 'visit',
  visit: { date: '2026-03-16', time: '09:00' },
  services: ['Basic Oil Change'],
  orderNumber: 'PS-10042',
  order: {
    orderId: 'order_7f3a',
    amountTotal: 4999,
    currency: 'usd',
    paymentStatus: 'paid',
    orderDate: '2026-03-14T15:05:00.000Z',
  },
  openCheckoutUrl: null,
  vehicle: { make: 'Honda', model: 'Civic', year: '2019', color: 'Blue', licensePlate: 'ABC1234' },
  address: { street: '12 Analytical Way', city: 'Springfield', zipCode: '12345' },
};

/** Signs in `seed`'s account and opens the success page of its paid visit `outcome`. */
async function openPaid(seed: AccountSeed = {}, outcome: CheckoutOutcomeResponse = paidVisit) {
  const account = signInAs({ role: 'customer', name: 'Ada Lovelace', ...seed });
  seedCheckoutSession('cs_test_1', account.user.userId, [outcome]);
  const rendered = renderApp('/checkout-success?session_id=cs_test_1');
  await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 });
  return { account, ...rendered };
}

const offers = () => screen.findByRole('region', { name: 'Save for next time' });
const profileAddress = (account: { user: { address: string } }) => account.user.address;

describe('/checkout-success: save for next time', () => {
  it('saves the vehicle to My Garage with one click, and says so', async () => {
    const { account } = await openPaid();
    const user = userEvent.setup();
    const region = await offers();
    expect(within(region).getByText('2019 Honda Civic')).toBeInTheDocument();
    const save = within(region).getByRole('button', { name: 'Save to My Garage' });
    expect(save).toHaveAccessibleDescription('2019 Honda Civic');

    await user.click(save);
    const saved = await within(region).findByText(/Saved to My Garage/);
    expect(garageOf(account)).toMatchObject([
      { make: 'Honda', model: 'Civic', year: 2019, color: 'Blue', licensePlate: 'ABC1234' },
    ]);
    expect(within(region).queryByRole('button', { name: 'Save to My Garage' })).toBeNull();
    expect(within(region).getByRole('link', { name: 'View My Garage' })).toHaveAttribute(
      'href',
      '/profile',
    );
    // The button is gone: focus is on what took its place.
    expect(saved.closest('p')).toHaveFocus();
    // The address is still only offered.
    expect(profileAddress(account)).toBe('');
  });

  it('saves the address to the profile with one click, keeping the rest of it', async () => {
    const { account } = await openPaid({ phone: '(555) 987-6543' });
    const user = userEvent.setup();
    const region = await offers();
    expect(within(region).getByText('12 Analytical Way')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Save address to my profile' }));

    expect(await within(region).findByText('Saved to your profile.')).toBeInTheDocument();
    expect(account.user).toMatchObject({
      name: 'Ada Lovelace',
      phone: '(555) 987-6543',
      address: '12 Analytical Way, Springfield, 12345',
    });
    expect(garageOf(account)).toEqual([]);
  });

  it('saves nothing without a click', async () => {
    const { account } = await openPaid();
    const region = await offers();
    expect(within(region).getByRole('button', { name: 'Save to My Garage' })).toBeEnabled();
    expect(
      within(region).getByRole('button', { name: 'Save address to my profile' }),
    ).toBeEnabled();
    expect(apiCalls()).not.toContain('POST /api/vehicles');
    expect(apiCalls()).not.toContain('PUT /api/profile');
    expect(garageOf(account)).toEqual([]);
    expect(profileAddress(account)).toBe('');
  });

  it('says which address a save would replace', async () => {
    await openPaid({ address: '1 Old Road, Shelbyville, 54321' });
    const region = await offers();
    expect(
      within(region).getByText('Replaces 1 Old Road, Shelbyville, 54321 on your profile.'),
    ).toBeInTheDocument();
  });

  it('offers neither when the same car is in the garage and the same address on the profile', async () => {
    const account = signInAs({
      role: 'customer',
      name: 'Ada Lovelace',
      address: '12 analytical way, Springfield, 12345',
    });
    // Same make, model and year under another plate: the same car, already kept.
    seedVehicles(account, [
      { make: 'Honda', model: 'Civic', year: 2019, color: 'Red', licensePlate: 'OTHER1' },
    ]);
    seedCheckoutSession('cs_test_1', account.user.userId, [paidVisit]);
    const { queryClient } = renderApp('/checkout-success?session_id=cs_test_1');
    await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 });
    // Both read: the page has decided.
    await waitFor(() => {
      expect(queryClient.getQueryData(['vehicles', account.user.userId])).toHaveLength(1);
      expect(queryClient.getQueryData(['profile'])).toBeDefined();
    });
    await screen.findByRole('region', { name: 'Order details' });
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('does not offer a car whose plate is in the garage already, but still the address', async () => {
    const account = signInAs({ role: 'customer', name: 'Ada Lovelace' });
    seedVehicles(account, [
      { make: 'Toyota', model: 'Camry', year: 2015, color: 'Red', licensePlate: 'abc-1234' },
    ]);
    seedCheckoutSession('cs_test_1', account.user.userId, [paidVisit]);
    renderApp('/checkout-success?session_id=cs_test_1');
    const region = await offers();
    expect(
      within(region).getByRole('button', { name: 'Save address to my profile' }),
    ).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Save to My Garage' })).toBeNull();
  });

  it('offers nothing to a technician, who has no garage', async () => {
    await openPaid({ role: 'technician' });
    await screen.findByRole('region', { name: 'Order details' });
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
  });

  it('offers nothing after a pay-now order, which has no car or place yet', async () => {
    await openPaid(
      {},
      { ...paidVisit, kind: 'pay_now', visit: null, vehicle: null, address: null },
    );
    await screen.findByRole('region', { name: 'Order details' });
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
    expect(apiCalls()).not.toContain('GET /api/profile');
  });
});
