import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedLowRatings } from '../../../test/msw/handlers/ratings.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { dashboardSection, setUpDashboardCardTests } from './dashboard-card-setup.ts';

setUpDashboardCardTests();
const lowRatingsSection = () => dashboardSection('Low ratings to follow up');

describe('low ratings on the dashboard', () => {
  it('lists each with the comment and contact until marked followed up', async () => {
    seedLowRatings([
      {
        bookingId: 'b-1',
        stars: 1,
        comment: 'Never showed up on time',
        ratedAt: '2026-03-13T15:00:00.000Z',
        customerName: 'Casey Customer',
        date: '2026-03-12',
        services: ['Basic Oil Change'],
        email: 'casey@example.com',
        phone: '(555) 010-2030',
        technician: 'Jordan Lee',
      },
    ]);
    signInAs({ role: 'manager' });
    const user = userEvent.setup();
    renderApp('/admin');

    const section = await lowRatingsSection();
    expect(await within(section).findByText('Casey Customer')).toBeVisible();
    expect(section).toHaveTextContent('1 star');
    expect(section).toHaveTextContent('Never showed up on time');
    expect(section).toHaveTextContent('Jordan Lee');
    expect(within(section).getByRole('link', { name: 'casey@example.com' })).toBeVisible();

    await user.click(
      within(section).getByRole('button', { name: new RegExp(RATING_MESSAGES.followedUp) }),
    );
    expect(
      await within(section).findByText('No low rating is waiting for a follow-up.'),
    ).toBeVisible();
    expect(apiCalls()).toContain('POST /api/ratings/b-1/follow-up');
  });
});
