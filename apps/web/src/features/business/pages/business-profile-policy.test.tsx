// The Business Profile's cancellation and rescheduling policy: shown in words, edited with the
// rest of the profile, checked by the shared schema before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { storedBusiness, TEST_BUSINESS } from '../../../test/msw/handlers/business.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SAVED_MESSAGE } from './business-profile-page.tsx';

beforeAll(async () => {
  // jsdom has no ResizeObserver; Radix Switch measures its thumb with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  await import('./business-profile-page.tsx');
});

function setup() {
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/business-profile');
  return user;
}

const policySection = () => screen.getByRole('region', { name: 'Cancellation and rescheduling' });
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe('Business Profile cancellation policy', () => {
  it('shows the default policy in words', async () => {
    setup();
    await screen.findByText('(555) 123-4567');
    const section = within(policySection());
    expect(section.getAllByText('Until 24 hours before')).toHaveLength(2);
    expect(section.getByText('All of it (no refund)')).toBeInTheDocument();
  });

  it('saves a percentage policy typed with the keyboard', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const section = within(policySection());
    await user.click(section.getByRole('switch', { name: 'Customers may reschedule online' }));
    const cutoff = section.getByLabelText('Full refund until (hours before the visit)');
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    await user.selectOptions(
      section.getByLabelText('A cancellation after that'),
      'Costs a percentage of the amount paid',
    );
    const percent = section.getByLabelText('Percentage kept');
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().cancellationPolicy).toEqual({
      ...TEST_BUSINESS.cancellationPolicy,
      rescheduleOnline: false,
      cancelCutoffHours: 48,
      lateCancellation: 'percentage',
      lateFeePercent: 25,
    });
    const saved = within(policySection());
    expect(saved.getByText('Not allowed')).toBeInTheDocument();
    expect(saved.getByText('Until 48 hours before')).toBeInTheDocument();
    expect(saved.getByText('25% of the amount paid')).toBeInTheDocument();
  });

  it('keeps a fee typed in dollars as cents', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const section = within(policySection());
    await user.selectOptions(section.getByLabelText('A cancellation after that'), 'fixed-fee');
    const fee = section.getByLabelText('Fee in dollars');
    await user.clear(fee);
    await user.type(fee, '25.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().cancellationPolicy).toMatchObject({
      lateCancellation: 'fixed-fee',
      lateFeeCents: 2_550,
    });
    expect(within(policySection()).getByText('A fee of $25.50')).toBeInTheDocument();
  });

  it('explains a value out of range at its field and sends nothing', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const section = within(policySection());
    await user.selectOptions(section.getByLabelText('A cancellation after that'), 'percentage');
    const percent = section.getByLabelText('Percentage kept');
    await user.clear(percent);
    await user.type(percent, '150');
    const cutoff = section.getByLabelText('Rescheduling closes (hours before the visit)');
    await user.clear(cutoff);
    await user.type(cutoff, '1000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(percent).toHaveAccessibleDescription(
        'Percentage must be a whole number from 0 to 100',
      ),
    );
    expect(cutoff).toHaveAccessibleDescription(
      'Cut-off must be a whole number of hours from 0 to 720',
    );
    expect(saves()).toEqual([]);
    expect(storedBusiness()).toEqual(TEST_BUSINESS);
  });
});
