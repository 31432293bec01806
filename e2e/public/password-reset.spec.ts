// Forgot password: request a link, follow it from the e-mail (dev mailbox), choose a new password
// and sign in with it. Also what an unusable link shows.
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

interface MailboxMessage {
  template: string;
  to: string;
  text: string;
}

/** The newest password-reset link sent to `email` (the mailbox lists newest first). */
async function resetLinkFor(admin: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await admin.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as { messages: MailboxMessage[] };
      const message = messages.find((m) => m.template === 'password-reset' && m.to === email);
      link = message?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('forgot password, follow the e-mailed link, reset, sign in with the new password', async ({
  api,
  page,
}) => {
  const customer = await api.createUser('customer');
  const newPassword = 'a-brand-new-secret';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);

  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists');
  await expectAccessible(page);

  const link = await resetLinkFor(await api.asSuperAdmin(), customer.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.waitForURL('**/login');
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await expectAccessible(page);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sign in failed' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Account menu/ }),
  ).toBeVisible();

  // A reset link works once.
  await page.goto(link);
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expectAccessible(page);
});

test('an invalid link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Request a New Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
