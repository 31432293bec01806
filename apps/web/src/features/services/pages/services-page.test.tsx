import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  installFakeCatalogApi,
  makeService,
  viewerWithRole,
} from '../testing/fake-catalog-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./services-page.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const basic = makeService('Basic Oil Change', {
  icon: 'Droplets',
  price: 49.99,
  duration: '30-45 minutes',
  includes: ['Oil filter replacement', 'Fluid level check'],
});
const battery = makeService('Battery Service', { icon: 'Battery', price: 29.99 });
const inspection = makeService('Free Inspection', { icon: 'Gauge', price: 0, payable: false });

describe('Services page', () => {
  it('shows the cards in order with price, name, description, includes and duration', async () => {
    installFakeCatalogApi({ viewer: null, services: [basic, battery, inspection] });
    renderRoutes('/services');
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
    installFakeCatalogApi({ viewer: null, services: [basic, inspection] });
    renderRoutes('/services');
    const [paid, free] = await screen.findAllByRole('article');
    expect(within(paid!).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(free!).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor who presses Pay Now to /login', async () => {
    installFakeCatalogApi({ viewer: null, services: [basic] });
    renderRoutes('/services');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Other page: /login')).toBeInTheDocument();
    expect(await screen.findByText('Please sign in to book an appointment.')).toBeInTheDocument();
  });

  it('sends a signed-in customer to the booking form in pay-now mode', async () => {
    installFakeCatalogApi({ viewer: viewerWithRole('customer'), services: [basic] });
    renderRoutes('/services');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(
      await screen.findByText('Other page: /booking?service=basic-oil-change&pay=1'),
    ).toBeInTheDocument();
  });

  it('shows a loading state, then an error with Try Again', async () => {
    const api = installFakeCatalogApi({ viewer: null, services: [basic] });
    let fail = true;
    api.override((request) =>
      request.path === '/api/services' && fail ? errorResponse(500, 'Server error') : undefined,
    );
    renderRoutes('/services');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading services…');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our services");
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Basic Oil Change' })).toBeInTheDocument();
  });

  it('says so when there are no services', async () => {
    installFakeCatalogApi({ viewer: null, services: [] });
    renderRoutes('/services');
    await waitFor(() =>
      expect(screen.getByText('No services are available right now')).toBeInTheDocument(),
    );
  });
});
