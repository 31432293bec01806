// Technician Onboarding against the API doubles: who may open it, four steps each checked before
// Next, the password's confirmation enforced, a password chosen through the link kept unless a new
// one is asked for, the admin's name read-only, what was typed kept whatever the page's data does
// later, a reload that keeps the draft (not the passwords), and the save.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { signInAs, type AccountSeed } from '../../../test/msw/accounts.ts';
import {
  seedBusiness,
  TEST_BUSINESS,
  TEST_SERVICE_AREAS,
} from '../../../test/msw/handlers/business.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

const NEW_TECHNICIAN: AccountSeed = {
  role: 'technician',
  name: 'Ann Lee',
  onboardingComplete: false,
};

async function openOnboarding(seed: AccountSeed = NEW_TECHNICIAN) {
  const account = signInAs(seed);
  const user = userEvent.setup();
  const app = renderApp('/technician-onboarding');
  await screen.findByRole('heading', { name: 'Basic Info' });
  return { account, user, ...app };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const currentStep = () =>
  within(screen.getByRole('navigation', { name: 'Onboarding progress' })).getByText(
    (_, element) => element?.getAttribute('aria-current') === 'step',
  );

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone'), '5551234567');
}

async function fillStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Street Address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Springfield');
  await user.type(screen.getByLabelText('ZIP Code'), '12345');
  await user.type(screen.getByLabelText('Home ZIP'), '30303');
  await user.click(await screen.findByRole('checkbox', { name: 'Downtown' }));
}

const areaGroup = () => screen.getByRole('group', { name: 'Service Areas' });

describe('who may open /technician-onboarding', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const { pathname } = renderApp('/technician-onboarding');
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('sends anyone but a technician home', async () => {
    signInAs({ role: 'customer' });
    const { pathname } = renderApp('/technician-onboarding');
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(apiCalls()).not.toContain('GET /api/technician/onboarding');
  });

  it('sends a technician who has finished onboarding to the dashboard', async () => {
    signInAs({ role: 'technician', onboardingComplete: true });
    const { pathname } = renderApp('/technician-onboarding');
    await waitFor(() => expect(pathname()).toBe('/technician-dashboard'));
  });
});

describe('the wizard', () => {
  it('shows step 1 of 4 with the titles, the current one marked', async () => {
    await openOnboarding();
    const progress = screen.getByRole('navigation', { name: 'Onboarding progress' });
    expect(progress).toHaveTextContent('Step 1 of 4');
    for (const title of ['Basic Info', 'Work Info', 'Password', 'Emergency Contact']) {
      expect(within(progress).getByText(title)).toBeInTheDocument();
    }
    expect(currentStep()).toHaveTextContent('Basic Info');
  });

  it("keeps the admin's name read-only, and formats the phone as it is typed", async () => {
    const { user } = await openOnboarding();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Phone'), '555a123b4567');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
  });

  it('lets a technician without a name type one', async () => {
    const { user } = await openOnboarding({ ...NEW_TECHNICIAN, name: '' });
    const name = screen.getByLabelText('Full Name');
    expect(name).not.toHaveAttribute('readonly');
    await fillStepOne(user);
    expect(next()).toBeDisabled();
    await user.type(name, 'Ann Lee');
    expect(next()).toBeEnabled();
  });

  it('enables Next only when the step is valid, and goes Back', async () => {
    const { user } = await openOnboarding();
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Phone'), '555123');
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Phone'), '4567');
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(await screen.findByRole('heading', { name: 'Work Info' })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Onboarding progress' })).toHaveTextContent(
      'Step 2 of 4',
    );
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Street Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('ZIP Code'), '123');
    await user.type(screen.getByLabelText('Home ZIP'), '30303');
    await user.click(await screen.findByRole('checkbox', { name: 'Downtown' }));
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('ZIP Code'), '45');
    expect(next()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Basic Info' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
  });

  it('asks on step 2 for a 5-digit home ZIP and at least one of the business’s areas', async () => {
    const { user } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Work Info' });
    await user.type(screen.getByLabelText('Street Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('ZIP Code'), '12345');

    // The business's own list, in its order, each a labelled checkbox.
    const boxes = within(areaGroup()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(
      TEST_SERVICE_AREAS.map((area) => area.name),
    );
    expect(boxes.every((box) => !(box as HTMLInputElement).checked)).toBe(true);

    const homeZip = screen.getByLabelText('Home ZIP');
    await user.type(homeZip, '3030');
    await user.tab();
    expect(homeZip).toHaveAccessibleDescription(PROFILE_MESSAGES.homeZip);
    await user.type(homeZip, '3');
    expect(next()).toBeDisabled();
    // By keyboard: Space ticks the focused box.
    within(areaGroup()).getByRole('checkbox', { name: 'Suburbs' }).focus();
    await user.keyboard(' ');
    expect(next()).toBeEnabled();
    await user.click(within(areaGroup()).getByRole('checkbox', { name: 'Suburbs' }));
    expect(next()).toBeDisabled();
    await user.click(within(areaGroup()).getByRole('checkbox', { name: 'Business District' }));
    await user.click(within(areaGroup()).getByRole('checkbox', { name: 'Downtown' }));
    expect(next()).toBeEnabled();
  });

  it("puts the server's refusal of an area no longer listed at the areas", async () => {
    const { user } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await fillStepTwo(user);
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    await user.type(await screen.findByLabelText('Emergency Contact'), 'Bob Lee');
    await user.type(screen.getByLabelText('Emergency Phone'), '5559876543');
    // The business removed Downtown meanwhile.
    seedBusiness({ ...TEST_BUSINESS, serviceAreas: TEST_SERVICE_AREAS.slice(1) });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));

    expect(await screen.findByRole('heading', { name: 'Work Info' })).toBeInTheDocument();
    expect(await within(areaGroup()).findByText(PROFILE_MESSAGES.serviceAreaUnknown)).toBeVisible();
    expect(areaGroup()).toHaveAccessibleDescription(PROFILE_MESSAGES.serviceAreaUnknown);
  });

  it('enforces the password confirmation on step 3', async () => {
    const { user } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await fillStepTwo(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Password' });

    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret13');
    expect(next()).toBeDisabled();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    expect(next()).toBeEnabled();

    // Too short, even when both match.
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    expect(next()).toBeDisabled();
  });

  it('keeps what was typed over a reload, but not the passwords', async () => {
    const { user, unmount } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await fillStepTwo(user);
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    await user.type(await screen.findByLabelText('Emergency Contact'), 'Bob Lee');
    expect(JSON.stringify(window.sessionStorage)).not.toContain('secret12');

    unmount();
    renderApp('/technician-onboarding');
    // Back at the password step: passwords are never kept, so they are asked for again.
    expect(await screen.findByRole('heading', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Street Address')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('Home ZIP')).toHaveValue('30303');
    expect(within(areaGroup()).getByRole('checkbox', { name: 'Downtown' })).toBeChecked();
    expect(within(areaGroup()).getByRole('checkbox', { name: 'Suburbs' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
  });

  it('saves every step, shows success for 2 seconds, then the dashboard', async () => {
    const { user, account, pathname } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await fillStepTwo(user);
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    await user.type(await screen.findByLabelText('Emergency Contact'), 'Bob Lee');
    const save = screen.getByRole('button', { name: 'Complete Onboarding' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Emergency Phone'), '5559876543');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save);

    expect(await screen.findByText('Onboarding complete!')).toBeInTheDocument();
    expect(await lastBodyOf('PUT', '/api/technician/onboarding')).toEqual({
      name: 'Ann Lee',
      phone: '(555) 123-4567',
      street: '1 Main St',
      city: 'Springfield',
      zipCode: '12345',
      homeZip: '30303',
      serviceAreaIds: ['downtown'],
      keepPassword: false,
      password: 'secret12',
      confirmPassword: 'secret12',
      emergencyContact: 'Bob Lee',
      emergencyPhone: '(555) 987-6543',
    });
    expect(account.onboardingComplete).toBe(true);
    expect(account.profile).toMatchObject({ homeZip: '30303', serviceAreaIds: ['downtown'] });
    expect(window.sessionStorage.length).toBe(0);

    act(() => vi.advanceTimersByTime(1_900));
    expect(pathname()).toBe('/technician-onboarding');
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    await waitFor(() => expect(pathname()).toBe('/technician-dashboard'));
    expect(await screen.findByRole('heading', { name: /Welcome back, Ann Lee/ })).toBeVisible();
  });

  it("puts the server's field messages on their step, with the spec's failure message", async () => {
    const { user } = await openOnboarding();
    await fillStepOne(user);
    await user.click(next());
    await fillStepTwo(user);
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    await user.type(await screen.findByLabelText('Emergency Contact'), 'Bob Lee');
    await user.type(screen.getByLabelText('Emergency Phone'), '5559876543');
    server.use(
      http.put('/api/technician/onboarding', () =>
        apiError('VALIDATION', 'City cannot contain a comma', {
          city: 'City cannot contain a comma',
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));

    expect(await screen.findByRole('heading', { name: 'Work Info' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('City')).toHaveAccessibleDescription(
        'City cannot contain a comma',
      ),
    );
    expect(screen.getByLabelText('City')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to complete onboarding. Please try again.',
    );
  });

  it('says the save failed when the server gives no reason', async () => {
    const { user } = await openOnboarding({
      ...NEW_TECHNICIAN,
      phone: '(555) 123-4567',
      address: '1 Main St, Springfield, 12345',
      homeZip: '30303',
      serviceAreaIds: ['downtown'],
      emergencyContact: 'Bob Lee',
      emergencyPhone: '(555) 987-6543',
    });
    // What the admin already filled in is there: every step but the password is valid.
    await user.click(next());
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    server.use(http.put('/api/technician/onboarding', () => apiError('INTERNAL', 'Boom')));
    await user.click(await screen.findByRole('button', { name: 'Complete Onboarding' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to complete onboarding. Please try again.',
    );
    expect(screen.getByRole('heading', { name: 'Emergency Contact' })).toBeInTheDocument();
  });

  it('signs out, forgetting the draft, and goes home', async () => {
    const { user, pathname } = await openOnboarding();
    await fillStepOne(user);
    expect(window.sessionStorage.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(window.sessionStorage.length).toBe(0);
  });

  it('goes to the dashboard when onboarding was finished in another tab', async () => {
    const { user, account, pathname } = await openOnboarding({
      ...NEW_TECHNICIAN,
      phone: '(555) 123-4567',
      address: '1 Main St, Springfield, 12345',
      homeZip: '30303',
      serviceAreaIds: ['downtown'],
      emergencyContact: 'Bob Lee',
      emergencyPhone: '(555) 987-6543',
    });
    await user.click(next());
    await user.click(next());
    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(next());
    account.onboardingComplete = true;
    server.use(
      http.put('/api/technician/onboarding', () =>
        apiError('CONFLICT', 'Onboarding is already complete.'),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Complete Onboarding' }));

    await waitFor(() => expect(pathname()).toBe('/technician-dashboard'));
    expect(window.sessionStorage.length).toBe(0);
  });
});
