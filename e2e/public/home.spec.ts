// The home page on a phone and on a desktop.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

async function expectHero(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Schedule Service' }).first()).toHaveAttribute(
    'href',
    '/booking',
  );
  await expect(main.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', /^tel:.+/);
  await expect(main.getByRole('heading', { name: 'How It Works' })).toBeVisible();
}

/** The footer's hours, e.g. 'Mon-Fri: 7:00 AM - 7:00 PM' (label and value may be separate). */
function footerHours(page: Page, label: string, value: string) {
  return page.getByRole('contentinfo').getByText(new RegExp(`^\\s*${label}:?\\s*${value}\\s*$`));
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('shows the hero, How It Works and the default hours in the footer', async ({ page }) => {
      await page.goto('/');
      await expectHero(page);
      await expect(footerHours(page, 'Mon-Fri', '7:00 AM - 7:00 PM')).toBeVisible();
      await expect(footerHours(page, 'Sat', '7:00 AM - 7:00 PM')).toBeVisible();
      await expect(footerHours(page, 'Sun', '9:00 AM - 5:00 PM')).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('opens the mobile menu from the keyboard', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: /menu/i });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // 'Book Now' stays in the top bar itself, menu or not.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();

    // Reach the button with Tab, as a keyboard user would, then open it with Enter.
    let focused = false;
    for (let presses = 0; presses < 20 && !focused; presses += 1) {
      await page.keyboard.press('Tab');
      focused = await menuButton.evaluate((button) => button === document.activeElement);
    }
    expect(focused, 'the menu button is reachable with Tab').toBe(true);
    await page.keyboard.press('Enter');

    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // The button names what it opens (aria-controls), as a disclosure or menu button should.
    const menuId = await menuButton.getAttribute('aria-controls');
    expect(menuId, 'the menu button has aria-controls').toBeTruthy();
    const menu = page.locator(`[id="${menuId}"]`);
    for (const name of ['Home', 'Services', 'Sign In', 'Sign Up']) {
      const item = menu
        .getByRole('link', { name, exact: true })
        .or(menu.getByRole('menuitem', { name, exact: true }));
      await expect(item).toBeVisible();
    }
    await expectAccessible(page);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('shows the top bar links and hides the mobile menu button', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    for (const name of ['Home', 'Services', 'Book Now', 'Sign In', 'Sign Up']) {
      await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /menu/i })).toBeHidden();
    await expectAccessible(page);
  });

  test('reads the footer hours from the server', async ({ page }) => {
    // Change what GET /api/business answers: the footer must follow it, not hard-coded text.
    let served = false;
    await page.route(/\/api\/business(\?|$)/, async (route) => {
      const response = await route.fetch();
      const profile = await response.json();
      profile.hours.monday = { isOpen: true, openTime: '08:30', closeTime: '17:00' };
      profile.hours.saturday = { isOpen: true, openTime: '10:00', closeTime: '14:00' };
      profile.hours.sunday = { ...profile.hours.sunday, isOpen: false };
      served = true;
      await route.fulfill({ response, json: profile });
    });
    await page.goto('/');
    await expect(footerHours(page, 'Mon-Fri', '8:30 AM - 5:00 PM')).toBeVisible();
    await expect(footerHours(page, 'Sat', '10:00 AM - 2:00 PM')).toBeVisible();
    await expect(footerHours(page, 'Sun', 'Closed')).toBeVisible();
    expect(served).toBe(true);
    await expectAccessible(page);
  });
});

test.describe('when the business profile cannot be read', () => {
  test.use({ viewport: DESKTOP });

  test('Call Us stays and leads to the contact details', async ({ page }) => {
    await page.route(/\/api\/business(\?|$)/, (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UNAVAILABLE', message: 'Try again later.' } },
      }),
    );
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // After the app's retries the footer gives up on the details and offers to try again.
    await expect(footer.getByText(/Contact details are unavailable/)).toBeVisible({
      timeout: 15_000,
    });
    const call = page.getByRole('main').getByRole('link', { name: 'Call Us' });
    await expect(call).toHaveAttribute('href', '#contact');
    await call.click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(footer.getByRole('heading', { name: 'Contact' })).toBeInViewport();
    await expectAccessible(page);
  });
});

test('the footer sends a visitor whose session is still unknown to the admin portal', async ({
  page,
}) => {
  // /api/me never answers, so nobody is known to be signed in.
  await page.route(/\/api\/me(\?|$)/, () => new Promise<void>(() => {}));
  await page.goto('/');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Admin Dashboard' }),
  ).toHaveAttribute('href', '/admin-portal');
  await expectAccessible(page);
});
