// Unknown addresses: the web app shows its 404 page; the API answers JSON 404, never the app.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  const main = page.getByRole('main');
  await expect(page).toHaveTitle(/not found/i);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(/\b404\b/)).toBeVisible();
  await expect(main.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test('an unknown API route answers JSON 404, not the web app', async ({ request }) => {
  for (const method of ['get', 'post'] as const) {
    const response = await request[method]('/api/unknown');
    expect(response.status(), `${method.toUpperCase()} /api/unknown`).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    expect(body.error?.code).toBe('NOT_FOUND');
    expect(body.error?.message).toEqual(expect.any(String));
  }
});
