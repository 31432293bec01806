// The footer's Service Areas: the business's own areas from its profile, in its order.
import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { seedBusiness, TEST_BUSINESS } from '../../test/msw/handlers/business.ts';
import { server } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';

async function footerAreas() {
  const footer = await screen.findByRole('contentinfo');
  const heading = within(footer).getByRole('heading', { name: 'Service Areas' });
  return heading.nextElementSibling as HTMLElement;
}

describe('footer service areas', () => {
  it("lists the business's areas in its order, not a fixed list", async () => {
    seedBusiness({
      ...TEST_BUSINESS,
      serviceAreas: [
        { id: 'a', name: 'Midtown', zips: ['30308'] },
        { id: 'b', name: 'Buckhead', zips: ['303'] },
      ],
    });
    renderApp('/');
    const list = await footerAreas();
    expect(await within(list).findByText('Midtown')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Midtown', 'Buckhead']);
    expect(within(list).queryByText('Downtown')).not.toBeInTheDocument();
  });

  it('shows the default four on a fresh install', async () => {
    renderApp('/');
    const list = await footerAreas();
    expect(await within(list).findByText('Metropolitan Area')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Downtown', 'Suburbs', 'Business District', 'Metropolitan Area']);
  });

  it('invites a call when the business lists no area', async () => {
    seedBusiness({ ...TEST_BUSINESS, serviceAreas: [] });
    renderApp('/');
    const list = await footerAreas();
    expect(await within(list).findByText('Call us to check your area.')).toBeInTheDocument();
  });

  it('names no area while the profile loads', async () => {
    server.use(http.get('/api/business', () => delay('infinite')));
    renderApp('/');
    const list = await footerAreas();
    expect(within(list).getByText('Loading service areas…')).toBeInTheDocument();
    expect(within(list).queryByText('Downtown')).not.toBeInTheDocument();
  });
});
