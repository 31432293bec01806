// The Business Profile's cancellation and rescheduling policy at phone size: set by keyboard,
// refused out of range with the field's message, saved and shown in words. Saving changes the
// business profile every page reads, so it runs on a server of its own.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

testOnOwnServer(
  'an admin sets a percentage for late cancellations on a phone',
  async ({ api, page, signIn }) => {
    const admin = await api.createUser('admin');
    await signIn(page, admin);
    await page.goto('/admin/business-profile');
    const policy = page.getByRole('region', { name: 'Cancellation and rescheduling' });
    await expect(policy.getByText('Until 24 hours before')).toHaveCount(2);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const late = policy.getByLabel('A cancellation after that');
    await late.focus();
    await late.selectOption('percentage');
    const percent = policy.getByLabel('Percentage kept');
    await percent.fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(percent).toHaveAccessibleDescription(
      'Percentage must be a whole number from 0 to 100',
    );
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await percent.fill('30');
    const reschedule = policy.getByRole('switch', { name: 'Customers may reschedule online' });
    await reschedule.focus();
    await page.keyboard.press('Space');
    await expect(reschedule).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Business profile saved.')).toBeVisible();
    await expect(policy.getByText('Not allowed')).toBeVisible();
    await expect(policy.getByText('30% of the amount paid')).toBeVisible();
    await expectAccessible(page);
  },
);
