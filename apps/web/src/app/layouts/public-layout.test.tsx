import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { seedBusiness, TEST_BUSINESS } from '../../test/msw/handlers/business.ts';
import { server } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('public layout footer', () => {
  it('shows the hours from the business profile, with a closed Sunday as Closed', async () => {
    seedBusiness({
      ...TEST_BUSINESS,
      name: 'Driveway Lube',
      hours: {
        ...TEST_BUSINESS.hours,
        sunday: { isOpen: false, openTime: '09:00', closeTime: '17:00' },
      },
    });
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Sun: Closed')).toBeInTheDocument();
    expect(within(footer).getByText('Mon-Fri: 7:00 AM - 7:00 PM')).toBeInTheDocument();
    expect(within(footer).getByText('Sat: 7:00 AM - 7:00 PM')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(
      within(footer).getByText('© 2024 Driveway Lube. All rights reserved.'),
    ).toBeInTheDocument();
  });

  it('shows no hours at all while the profile is loading', async () => {
    server.use(http.get('/api/business', () => delay('infinite')));
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Loading contact details…')).toBeInTheDocument();
    expect(within(footer).queryByText(/Mon-Fri|Sat:|Sun:/)).not.toBeInTheDocument();
    // The top bar falls back to the product name meanwhile.
    expect(screen.getByRole('banner')).toHaveTextContent('Pitstop');
  });

  it('is hidden on /admin paths', async () => {
    renderApp('/admin/unknown-screen');

    await screen.findByRole('heading', { name: /couldn't find that page/i });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('public layout mobile menu', () => {
  it('opens and closes with the menu button, Escape, and a link', async () => {
    const user = userEvent.setup();
    renderApp('/');

    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Home',
      }),
    );
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('routing', () => {
  it('renders a 404 page with links home and to services for unknown paths', async () => {
    renderApp('/no-such-page');

    const heading = await screen.findByRole('heading', { name: /couldn't find that page/i });
    const page = heading.closest('section') as HTMLElement;
    expect(within(page).getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(within(page).getByRole('link', { name: /View Services/ })).toHaveAttribute(
      'href',
      '/services',
    );
  });
});
