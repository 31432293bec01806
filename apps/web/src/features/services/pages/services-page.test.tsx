import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./services-page.tsx');
});

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const basic = makeService('Basic Oil Change', {
  icon: 'Droplets',
  price: 49.99,
  duration: '30-45 minutes',
  includes: ['Oil filter replacement', 'Fluid level check'],
});
const battery = makeService('Battery Service', { icon: 'Battery', price: 29.99 });
const inspection = makeService('Free Inspection', { icon: 'Gauge', price: 0 });

describe('Services page', () => {
  it('shows the cards in order with price, name, description, includes and duration', async () => {
    seedServices([basic, battery, inspection]);
    renderApp('/services');
    const cards = await screen.findAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Basic Oil Change', 'Battery Service', 'Free Inspection']);
    const first = cards[0]!;
    expect(first).toHaveTextContent('$49.99');
    expect(first).toHaveTextContent('Basic Oil Change description');
    expect(first).toHaveTextContent('Oil filter replacement');
    expect(first).toHaveTextContent('30-45 minutes');
    expect(within(first).getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking?service=basic-oil-change',
    );
  });

  it('offers Pay Now only for services that can be paid online', async () => {
    seedServices([basic, inspection]);
    renderApp('/services');
    const [paid, free] = await screen.findAllByRole('article');
    expect(within(paid!).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(free!).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor who presses Pay Now to /login', async () => {
    seedServices([basic]);
    const { pathname } = renderApp('/services');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByText('Please sign in to book an appointment.')).toBeInTheDocument();
  });

  it('sends a signed-in customer to the booking form in pay-now mode', async () => {
    signInAs({ role: 'customer' });
    seedServices([basic]);
    const { router } = renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(location(router)).toBe('/booking?service=basic-oil-change&pay=1'));
  });

  it('shows a loading state, then an error with Try Again', async () => {
    seedServices([basic]);
    let isDown = true;
    // Down until the visitor tries again; then the catalogue's own double answers.
    server.use(
      http.get('/api/services', () => (isDown ? apiError('INTERNAL', 'Server error') : undefined)),
    );
    renderApp('/services');
    expect(await screen.findByText('Loading services…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our services");
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Basic Oil Change' })).toBeInTheDocument();
  });

  it('says so when there are no services', async () => {
    renderApp('/services');
    await waitFor(() =>
      expect(screen.getByText('No services are available right now')).toBeInTheDocument(),
    );
  });
});
