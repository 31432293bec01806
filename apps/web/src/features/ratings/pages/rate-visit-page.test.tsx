import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRatingVisit } from '../../../test/msw/handlers/ratings.ts';
import { lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const TOKEN = 'tok_abcDEF-123';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./rate-visit-page.tsx');
});

describe('the rating page', () => {
  it('names the visit and sends stars and a comment once, then thanks', async () => {
    seedRatingVisit(TOKEN, {
      technicianFirstName: 'Jordan',
      date: '2026-03-12',
      services: ['Basic Oil Change', 'Battery Service'],
    });
    const user = userEvent.setup();
    renderApp(`/rate/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: RATING_MESSAGES.heading })).toBeVisible();
    expect(await screen.findByText(/Jordan from/)).toHaveTextContent(
      'Jordan from Pitstop Mobile visited you on Thursday, March 12, 2026.',
    );
    expect(screen.getByText('Basic Oil Change, Battery Service')).toBeVisible();

    // No stars chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: RATING_MESSAGES.send }));
    expect(await screen.findByText(RATING_MESSAGES.starsRequired)).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), '  Quick and tidy  ');
    await user.click(screen.getByRole('button', { name: RATING_MESSAGES.send }));

    expect(await screen.findByRole('status')).toHaveTextContent(RATING_MESSAGES.thanks);
    expect(screen.queryByRole('button', { name: RATING_MESSAGES.send })).not.toBeInTheDocument();
    expect(await lastBodyOf('POST', `/api/ratings/${TOKEN}`)).toEqual({
      stars: 4,
      comment: 'Quick and tidy',
    });
  });

  it('says a visit already rated is rated, with no form', async () => {
    seedRatingVisit(TOKEN, { isRated: true });
    renderApp(`/rate/${TOKEN}`);
    expect(await screen.findByText(new RegExp(RATING_MESSAGES.alreadyRated))).toBeVisible();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('says a link nobody was sent is not valid', async () => {
    renderApp('/rate/unknown-token');
    expect(await screen.findByText(RATING_MESSAGES.linkInvalid)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('says so when the visit was rated meanwhile (409)', async () => {
    seedRatingVisit(TOKEN);
    const user = userEvent.setup();
    renderApp(`/rate/${TOKEN}`);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    // Rated in another tab meanwhile.
    seedRatingVisit(TOKEN, { isRated: true });
    await user.click(screen.getByRole('button', { name: RATING_MESSAGES.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RATING_MESSAGES.alreadyRated);
  });
});
