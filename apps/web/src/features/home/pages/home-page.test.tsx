import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { expect, it } from 'vitest';
import { seedBusiness, TEST_BUSINESS } from '../../../test/msw/handlers/business.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

it('offers Schedule Service and a Call Us link with the business phone', async () => {
  renderApp('/');

  expect(await screen.findByRole('link', { name: 'Schedule Service' })).toHaveAttribute(
    'href',
    '/booking',
  );
  expect(await screen.findByRole('link', { name: 'Call Us' })).toHaveAttribute(
    'href',
    'tel:+15551234567',
  );
  expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
  for (const feature of ['Convenient Scheduling', 'Licensed Technicians', '5-Star Service']) {
    expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
  }
  expect(screen.getAllByRole('heading', { name: 'We Come To You' })).toHaveLength(2);
});

it('keeps Call Us when the business profile cannot be read, pointing at the contact details', async () => {
  let profileCalls = 0;
  server.use(
    http.get('/api/business', () => {
      profileCalls += 1;
      return apiError('INTERNAL', 'Down');
    }),
  );
  const user = userEvent.setup();
  renderApp('/');

  const call = await screen.findByRole('link', { name: 'Call Us' });
  expect(call).toHaveAttribute('href', '#contact');
  // The target is the footer's Contact column, which says the details are unavailable.
  const contact = document.getElementById('contact');
  expect(contact).toBeInTheDocument();
  expect(within(contact as HTMLElement).getByRole('heading', { name: 'Contact' })).toBeVisible();
  expect(
    within(contact as HTMLElement).getByText(/Contact details are unavailable/),
  ).toBeInTheDocument();

  // Pressing it also asks for the profile again.
  const callsBefore = profileCalls;
  await user.click(call);
  await waitFor(() => expect(profileCalls).toBeGreaterThan(callsBefore));
});

it('keeps Call Us pointing at the contact details when the business has no phone', async () => {
  seedBusiness({ ...TEST_BUSINESS, phone: '' });
  renderApp('/');

  expect(await screen.findByRole('link', { name: 'Call Us' })).toHaveAttribute('href', '#contact');
});

it('shows Call Us as a disabled button while the number loads', async () => {
  server.use(http.get('/api/business', () => delay('infinite')));
  renderApp('/');

  expect(await screen.findByRole('button', { name: 'Call Us' })).toBeDisabled();
});
