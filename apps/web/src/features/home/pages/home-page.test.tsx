import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockBusinessApi, renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('offers Schedule Service and a Call Us link with the business phone', async () => {
  mockBusinessApi();
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
