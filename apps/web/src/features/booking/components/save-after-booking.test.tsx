// /checkout-success after a paid visit, against the API doubles: the visit's vehicle is in My
// Garage already (the server keeps it there once paid) and the page says so; one click keeps the
// address on the profile, nothing is kept without it, and an offer that would keep nothing new is
// not made.
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

const CIVIC = { make: 'Honda', model: 'Civic', year: 2019, color: 'Blue', licensePlate: 'ABC1234' };

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
  garageVehicleId: null,
};

/**
 * Signs in `seed`'s account, puts the visit's car in its garage as paying did (unless `outcome`
 * says it was not linked), and opens the success page of its paid visit.
 */
async function openPaid(seed: AccountSeed = {}, outcome: Partial<CheckoutOutcomeResponse> = {}) {
  const account = signInAs({ role: 'customer', name: 'Ada Lovelace', ...seed });
  const [car] = seedVehicles(account, [CIVIC]);
  seedCheckoutSession('cs_test_1', account.user.userId, [
    { ...paidVisit, garageVehicleId: car!.id, ...outcome },
  ]);
  const rendered = renderApp('/checkout-success?session_id=cs_test_1');
  await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 });
  return { account, car: car!, ...rendered };
}

const IN_GARAGE =
  '2019 Honda Civic is in My Garage, with its service history and when its next service is due.';
const inGarage = () => screen.findByRole('region', { name: 'My Garage' });
const offers = () => screen.findByRole('region', { name: 'Save for next time' });
const profileAddress = (account: { user: { address: string } }) => account.user.address;

describe('/checkout-success: the car in My Garage', () => {
  it('says the car is in My Garage, links to it, and offers no save for it', async () => {
    await openPaid();
    const note = await inGarage();
    expect(within(note).getByText(IN_GARAGE)).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'View My Garage' })).toHaveAttribute(
      'href',
      '/profile',
    );
    const region = await offers();
    expect(within(region).queryByText('2019 Honda Civic')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save to My Garage' })).toBeNull();
    expect(apiCalls()).not.toContain('POST /api/vehicles');
  });

  it('reads the garage again, so a copy from before paying gains the car', async () => {
    const account = signInAs({ role: 'customer', name: 'Ada Lovelace' });
    const [car] = seedVehicles(account, [CIVIC]);
    seedCheckoutSession('cs_test_1', account.user.userId, [
      { ...paidVisit, garageVehicleId: car!.id },
    ]);
    const { queryClient } = renderApp('/checkout-success?session_id=cs_test_1');
    // Read on /booking before the payment was confirmed: empty, and not yet stale.
    const garageKey = ['vehicles', account.user.userId];
    const historyKey = [...garageKey, 'other-vehicle', 'history'];
    queryClient.setQueryData(garageKey, []);
    queryClient.setQueryData(historyKey, { vehicle: null, visits: [], nextDue: null });

    await inGarage();
    await waitFor(() => expect(queryClient.getQueryData(garageKey)).toEqual(garageOf(account)));
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(true);
  });

  it('names the car as the garage has it, found there by its plate', async () => {
    const account = signInAs({ role: 'customer', name: 'Ada Lovelace' });
    // Same plate, saved before as the Civic Si: the garage's name is the one /profile shows.
    const [car] = seedVehicles(account, [{ ...CIVIC, model: 'Civic Si' }]);
    seedCheckoutSession('cs_test_1', account.user.userId, [
      { ...paidVisit, garageVehicleId: car!.id },
    ]);
    renderApp('/checkout-success?session_id=cs_test_1');
    const note = await inGarage();
    expect(await within(note).findByText(/^2019 Honda Civic Si is in My Garage/)).toBeVisible();
  });

  it('says nothing of the garage when the visit was not linked to one (a full garage)', async () => {
    await openPaid({}, { garageVehicleId: null });
    const region = await offers();
    expect(
      within(region).getByRole('button', { name: 'Save address to my profile' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'My Garage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save to My Garage' })).toBeNull();
  });
});

describe('/checkout-success: save the address for next time', () => {
  it('saves the address to the profile with one click, keeping the rest of it', async () => {
    const { account, car } = await openPaid({ phone: '(555) 987-6543' });
    const user = userEvent.setup();
    const region = await offers();
    expect(within(region).getByText('12 Analytical Way')).toBeInTheDocument();
    const save = within(region).getByRole('button', { name: 'Save address to my profile' });
    expect(save).toHaveAccessibleDescription('12 Analytical Way');
    await user.click(save);

    const saved = await within(region).findByText('Saved to your profile.');
    // The button is gone: focus is on what took its place.
    expect(saved.closest('p')).toHaveFocus();
    expect(account.user).toMatchObject({
      name: 'Ada Lovelace',
      phone: '(555) 987-6543',
      address: '12 Analytical Way, Springfield, 12345',
    });
    expect(garageOf(account)).toEqual([car]);
  });

  it('saves nothing without a click', async () => {
    const { account } = await openPaid();
    const region = await offers();
    expect(
      within(region).getByText('Book faster next time. Nothing is saved unless you choose it.'),
    ).toBeInTheDocument();
    expect(
      within(region).getByRole('button', { name: 'Save address to my profile' }),
    ).toBeEnabled();
    expect(apiCalls()).not.toContain('PUT /api/profile');
    expect(profileAddress(account)).toBe('');
  });

  it('says which address a save would replace', async () => {
    await openPaid({ address: '1 Old Road, Shelbyville, 54321' });
    const region = await offers();
    expect(
      within(region).getByText('Replaces 1 Old Road, Shelbyville, 54321 on your profile.'),
    ).toBeInTheDocument();
  });

  it('offers nothing when the same address is on the profile, and still says where the car is', async () => {
    const { queryClient } = await openPaid({ address: '12 analytical way, Springfield, 12345' });
    await inGarage();
    // The profile is read: the page has decided.
    await waitFor(() => expect(queryClient.getQueryData(['profile'])).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('offers nothing to a technician, who has no garage', async () => {
    await openPaid({ role: 'technician' }, { garageVehicleId: null });
    await screen.findByRole('region', { name: 'Order details' });
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My Garage' })).toBeNull();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
  });

  it('offers nothing after a pay-now order, which has no car or place yet', async () => {
    await openPaid(
      {},
      { kind: 'pay_now', visit: null, vehicle: null, address: null, garageVehicleId: null },
    );
    await screen.findByRole('region', { name: 'Order details' });
    expect(screen.queryByRole('region', { name: 'Save for next time' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My Garage' })).toBeNull();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
    expect(apiCalls()).not.toContain('GET /api/profile');
  });
});
