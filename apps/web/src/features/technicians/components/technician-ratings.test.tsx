import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedTechnicianRatings } from '../../../test/msw/handlers/ratings.ts';
import { seedTechnician } from '../../../test/msw/handlers/technicians.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/technicians-page.tsx');
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a technician’s ratings on the card', () => {
  it('shows the average and count, and the comments when opened', async () => {
    const jordan = seedTechnician({ name: 'Jordan Lee', rating: 4.5, ratingCount: 2 });
    seedTechnician({ name: 'Sam Park' });
    seedTechnicianRatings(jordan.user.id, {
      average: 4.5,
      count: 2,
      ratings: [
        {
          bookingId: 'b-2',
          stars: 5,
          comment: 'Spotless work',
          ratedAt: '2026-03-13T15:00:00.000Z',
          customerName: 'Grace Hopper',
          date: '2026-03-12',
          services: ['Basic Oil Change'],
        },
        {
          bookingId: 'b-1',
          stars: 4,
          comment: null,
          ratedAt: '2026-03-10T15:00:00.000Z',
          customerName: 'Ada Lovelace',
          date: '2026-03-09',
          services: ['Battery Service'],
        },
      ],
    });
    signInAs({ role: 'manager' });
    const user = userEvent.setup();
    renderApp('/admin/technicians');

    const heading = await screen.findByRole('heading', { name: 'Jordan Lee', level: 2 });
    const card = heading.closest('article') as HTMLElement;
    expect(card).toHaveTextContent('★ 4.5 (2 ratings)');
    const sam = (await screen.findByRole('heading', { name: 'Sam Park', level: 2 })).closest(
      'article',
    ) as HTMLElement;
    expect(sam).toHaveTextContent('No ratings yet');
    expect(within(sam).queryByRole('button', { name: /ratings/ })).not.toBeInTheDocument();

    const show = within(card).getByRole('button', { name: 'Show ratings of Jordan Lee' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(await within(card).findByText('Spotless work')).toBeVisible();
    const items = within(card).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('5 stars');
    expect(items[0]).toHaveTextContent('Grace Hopper · Basic Oil Change');
    expect(items[1]).toHaveTextContent('4 stars');
    expect(
      within(card).getByRole('button', { name: 'Hide ratings of Jordan Lee' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });
});
