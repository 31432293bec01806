// Tests of one card on the admin dashboard: the page loaded once, the clock pinned to TEST_NOW
// (the cards word dates relative to today), and the card found by its heading.
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { TEST_NOW } from '../../../test/msw/accounts.ts';

export function setUpDashboardCardTests(): void {
  beforeAll(async () => {
    await import('../pages/admin-dashboard-page.tsx');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The dashboard's section under the heading `title`. */
export async function dashboardSection(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('section') as HTMLElement;
}
