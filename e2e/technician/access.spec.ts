// Who may open the technician screens: a manager sees the team and may invite, but edit, delete and
// resend are for admins (disabled in the page, refused by the API); the technician's own pages send
// everyone else away.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

test('a manager sees the technicians and may invite, but not edit, delete or resend', async ({
  api,
  page,
  signIn,
}) => {
  const manager = await api.createUser('manager');
  const managerApi = await api.requestAs(manager);
  const email = api.uniqueEmail('invited-by-manager');
  const name = 'Morgan Wrench';
  try {
    const invited = await managerApi.post('/api/technicians/invitations', {
      data: { name, email },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { technician } = (await invited.json()) as { technician: { id: string } };

    await signIn(page, manager);
    await page.goto('/admin/technicians');
    const card = page.getByRole('article').filter({ hasText: email });
    await expect(card).toBeVisible();
    await expect(card).toContainText('No appointments');
    await expect(card.getByRole('button', { name: /^Edit/ })).toBeDisabled();
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    await expect(card.getByRole('button', { name: /^Resend invitation/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Invite Technician' }).first()).toBeEnabled();
    await expectAccessible(page);

    // The server refuses what the page disables.
    expect((await managerApi.delete(`/api/technicians/${technician.id}`)).status()).toBe(403);
    expect((await managerApi.post(`/api/technicians/${technician.id}/invitation`)).status()).toBe(
      403,
    );
  } finally {
    await api.deleteUserByEmail(email);
  }
});

test("the technician's pages send everyone else away", async ({ api, page, signIn }) => {
  await page.goto('/technician-dashboard');
  await page.waitForURL('**/login');
  await expectAccessible(page);

  const customer = await api.createUser('customer');
  await signIn(page, customer);
  await page.goto('/technician-dashboard');
  await page.waitForURL('**/tech-portal');
  await page.goto('/tech-portal/dashboard');
  await page.waitForURL('**/tech-portal');
  await page.goto('/technician-onboarding');
  await page.waitForURL((url) => url.pathname === '/');
  await expectAccessible(page);
});
