// The public Services page on a phone and on a desktop: cards in the catalogue's order, 'Book Now'
// to the booking form, and 'Pay Now', which needs a signed-in user and then goes straight to the
// checkout for that one service.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { CARDS, fillCard } from '../fixtures/booking.ts';
import { expect, test } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

// The built-in catalogue. Other specs may add services to the shared server, so these are checked
// in relative order, not as the whole list.
const BUILT_IN = [
  { id: 'basic-oil-change', name: 'Basic Oil Change', price: '$49.99', duration: '30-45 minutes' },
  { id: 'synthetic-oil-change', name: 'Synthetic Oil Change', price: '$79.99' },
  { id: 'high-mileage', name: 'High Mileage Service', price: '$89.99' },
  { id: 'battery-service', name: 'Battery Service', price: '$29.99', duration: '30 minutes' },
  { id: 'maintenance', name: 'Basic Maintenance', price: '$149.99', duration: '60-90 minutes' },
];

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('article')
    .getByRole('heading', { level: 2 })
    .allTextContents();
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('lists the services in order with price, includes, duration and Book Now', async ({
      page,
    }) => {
      await page.goto('/services');
      await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible();
      await expect(card(page, 'Basic Oil Change')).toBeVisible();

      const names = await cardNames(page);
      const positions = BUILT_IN.map((service) => names.indexOf(service.name));
      expect(
        positions.every((position) => position >= 0),
        `cards: ${names.join(', ')}`,
      ).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));

      for (const service of BUILT_IN) {
        const serviceCard = card(page, service.name);
        await expect(serviceCard).toContainText(service.price);
        if (service.duration) await expect(serviceCard).toContainText(service.duration);
        await expect(serviceCard.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
          'href',
          `/booking?service=${service.id}`,
        );
      }
      await expect(card(page, 'Basic Oil Change').getByRole('listitem')).toContainText([
        'Up to 5 quarts conventional oil',
        'Oil filter replacement',
      ]);
      await expectAccessible(page);
    });
  });
}

test('Pay Now sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/services');
  const payNow = card(page, 'Basic Oil Change').getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeVisible();
  await expectAccessible(page);

  await payNow.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please sign in to book an appointment.')).toBeVisible();
  // The app-wide toaster (app/providers.tsx, sonner `richColors`) draws info text at 4.35:1,
  // below AA; reported to its owner. Remove this exclusion once that is fixed.
  await expectAccessible(page, { exclude: ['[data-sonner-toaster]'] });
});

test('Pay Now takes a signed-in customer straight to the checkout; Cancel returns to /services', async ({
  api,
  page,
  signIn,
}) => {
  const customer = await api.createUser('customer');
  await signIn(page, customer);
  await page.goto('/services');
  await expectAccessible(page);

  await card(page, 'Synthetic Oil Change').getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/checkout\/local\/[^/]+$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Synthetic Oil Change');
  await expect(summary).toContainText('$79.99');
  await expect(page.getByRole('button', { name: 'Pay $79.99' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === '/services');
  await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('Pay Now paid on a phone: the success page says the team will call, and staff see the order', async ({
  api,
  browser,
  page,
  signIn,
}) => {
  await page.setViewportSize(PHONE);
  const customer = await api.createUser('customer', { name: 'Pat Paynow' });
  await signIn(page, customer);
  await page.goto('/services');
  await expectAccessible(page);

  await card(page, 'High Mileage Service').getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/checkout\/local\/[^/]+$/);
  await fillCard(page, CARDS.success, 'Pat Paynow');
  await page.getByRole('button', { name: 'Pay $89.99' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Our team will contact you to schedule your service.')).toBeVisible();
  await expect(page.getByText('$89.99')).toBeVisible();
  await expectAccessible(page);

  const manager = await api.createUser('manager');
  const staffContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, manager);
    await staffPage.goto('/admin');
    const waiting = staffPage.getByRole('region', { name: 'Paid, not yet scheduled' });
    const order = waiting.getByRole('listitem').filter({ hasText: customer.email });
    await expect(order).toContainText('Pat Paynow');
    await expect(order).toContainText('High Mileage Service');
    await expect(order).toContainText('$89.99');
    await expectAccessible(staffPage);
  } finally {
    await staffContext.close();
  }
});

test('Book Now opens the booking form with the service chosen', async ({ page }) => {
  await page.goto('/services');
  await expectAccessible(page);
  const bookNow = card(page, 'Battery Service').getByRole('link', { name: 'Book Now' });
  await expect(bookNow).toHaveAttribute('href', '/booking?service=battery-service');

  await bookNow.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/booking' && url.search === '?service=battery-service',
  );
  await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Battery Service ?,/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Basic Oil Change ?,/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Go to Payment - $29.99' })).toBeVisible();
  await expectAccessible(page);
});
