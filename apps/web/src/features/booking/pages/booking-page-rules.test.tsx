// The booking form's rules (the shared schema) come in a chunk of their own, fetched on first use
// (booking-resolver.ts). When that fetch fails, a submit sends nothing and says so; the next one
// fetches again and shows the spec's messages at their fields.
import { BOOKING_MESSAGES } from '@pitstop/shared/booking/forms';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('./booking-page.tsx');
});

afterEach(() => {
  vi.doUnmock('@pitstop/shared/booking/forms');
});

describe('/booking when the form rules cannot be fetched', () => {
  it('tells the visitor, sends nothing, and validates on the next try', async () => {
    signInAs({ role: 'customer' });
    seedServices([makeService('Basic Oil Change', { price: 49.99 })]);
    vi.doMock('@pitstop/shared/booking/forms', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    renderApp('/booking');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    const submit = await screen.findByRole('button', { name: 'Go to Payment - $0.00' });

    await user.click(submit);
    expect(
      await screen.findByText('Failed to process payment. Please try again.'),
    ).toBeInTheDocument();
    expect(apiCalls()).not.toContain('POST /api/bookings');
    expect(submit).toBeEnabled();

    vi.doUnmock('@pitstop/shared/booking/forms');
    await user.click(submit);
    expect(await screen.findByText(BOOKING_MESSAGES.services)).toBeInTheDocument();
    expect(screen.getByLabelText('Street Address')).toHaveAccessibleDescription(
      BOOKING_MESSAGES.address,
    );
    expect(apiCalls()).not.toContain('POST /api/bookings');
  });
});
