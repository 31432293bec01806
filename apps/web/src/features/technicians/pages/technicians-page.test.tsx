import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import {
  seedTechnician,
  setInvitationDelivery,
  type TechnicianSeed,
} from '../../../test/msw/handlers/technicians.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./technicians-page.tsx');
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  // Today is the doubles' 2026-03-14 (only the date: timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const JORDAN: TechnicianSeed = {
  name: 'Jordan Lee',
  phone: '(555) 201-3344',
  address: '12 Oak St, Springfield, 12345',
  homeZip: '30303',
  serviceAreaIds: ['suburbs', 'downtown'],
  rating: 4.8,
  completedJobs: 12,
  status: 'on-job',
  nextAppointment: {
    appointmentId: 'appointment-1',
    date: '2026-03-16',
    time: '14:30',
    serviceName: 'Synthetic Oil Change',
    customerName: 'Grace Hopper',
  },
  workingDays: ['2026-03-16', '2026-03-17', '2026-04-02'],
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** Invited, never onboarded: no phone or address yet, and no e-mail the accounts know. */
const SAM: TechnicianSeed = {
  name: 'Sam Park',
  onboardingComplete: false,
  hasNoEmail: true,
  createdAt: '2026-03-10T10:00:00.000Z',
};

function setup(role: 'admin' | 'manager' | 'super_admin' = 'admin', path = '/admin/technicians') {
  signInAs({ name: 'Robin Reyes', role });
  const jordan = seedTechnician(JORDAN);
  const sam = seedTechnician(SAM);
  const user = userEvent.setup();
  const app = renderApp(path);
  return { user, jordan, sam, ...app };
}

async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { name, level: 2 });
  return heading.closest('article') as HTMLElement;
}

describe('the technician cards', () => {
  it('shows each technician from the API, newest first, with what the spec lists', async () => {
    setup();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Sam Park',
      'Jordan Lee',
    ]);

    const jordan = await cardOf('Jordan Lee');
    expect(jordan).toHaveTextContent('On Job');
    expect(jordan).toHaveTextContent('★ 4.8 (1 rating)');
    expect(jordan).toHaveTextContent('12 completed jobs');
    expect(jordan).toHaveTextContent('Service areasDowntown, Suburbs');
    expect(jordan).toHaveTextContent('Home ZIP30303');
    expect(jordan).toHaveTextContent('Monday, March 16, 2026 at 2:30 PM');
    expect(jordan).toHaveTextContent('Synthetic Oil Change');
    expect(within(jordan).getByRole('link', { name: '(555) 201-3344' })).toHaveAttribute(
      'href',
      'tel:5552013344',
    );
    expect(within(jordan).getByRole('link', { name: 'jordan.lee@example.com' })).toBeVisible();
    // Onboarded: nothing to resend.
    expect(
      within(jordan).queryByRole('button', { name: /Resend invitation/ }),
    ).not.toBeInTheDocument();

    const sam = await cardOf('Sam Park');
    expect(sam).toHaveTextContent('No ratings yet');
    expect(sam).toHaveTextContent('0 completed jobs');
    expect(sam).toHaveTextContent('No appointments');
    expect(sam).toHaveTextContent('N/A');
    expect(within(sam).getByText('SP')).toBeInTheDocument();
    expect(
      within(sam).getByRole('button', { name: 'Resend invitation to Sam Park' }),
    ).toBeEnabled();
  });

  it("shows each card's working days, a month at a time, one read per month for all cards", async () => {
    const { user } = setup();
    const jordan = await cardOf('Jordan Lee');
    const days = within(jordan).getByRole('group', { name: 'Working days of Jordan Lee' });
    await waitFor(() => expect(days).toHaveTextContent('2 working days in March 2026'));

    await user.click(within(days).getByRole('button', { name: /next month/i }));
    await waitFor(() => expect(days).toHaveTextContent('1 working day in April 2026'));
    // Sam's card stays on its own month.
    const sam = await cardOf('Sam Park');
    expect(within(sam).getByRole('group')).toHaveTextContent('0 working days in March 2026');

    const reads = apiCalls().filter((call) => call.includes('working-days'));
    expect(reads).toEqual([
      'GET /api/technicians/working-days?month=2026-03',
      'GET /api/technicians/working-days?month=2026-04',
    ]);
  });

  it('says when there are no technicians yet, and offers to invite one', async () => {
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin/technicians');

    expect(await screen.findByText('No technicians yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite a technician' }));
    expect(await screen.findByRole('dialog', { name: 'Invite Technician' })).toBeVisible();
  });

  it('explains a failed load and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/technicians', () =>
        fail ? apiError('INTERNAL', 'Something went wrong. Please try again.') : undefined,
      ),
    );
    const { user } = setup();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load technicians');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await cardOf('Jordan Lee')).toBeInTheDocument();
  });
});

describe('what a manager may do', () => {
  it('lets a manager invite, but not edit, delete or resend, and says why', async () => {
    setup('manager');
    const sam = await cardOf('Sam Park');
    const reason = 'Only admins can edit or delete technicians and resend invitations.';
    for (const name of ['Edit Sam Park', 'Delete Sam Park', 'Resend invitation to Sam Park']) {
      const button = within(sam).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
      expect(button).toHaveAttribute('title', reason);
    }
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invite Technician' })).toBeEnabled();
  });

  it('gives an admin every button, and no note', async () => {
    setup('admin');
    const jordan = await cardOf('Jordan Lee');
    expect(within(jordan).getByRole('button', { name: 'Edit Jordan Lee' })).toBeEnabled();
    expect(within(jordan).getByRole('button', { name: 'Delete Jordan Lee' })).toBeEnabled();
    expect(screen.queryByText(/Only admins can/)).not.toBeInTheDocument();
  });
});

describe('Invite Technician', () => {
  async function openInvite(user: ReturnType<typeof userEvent.setup>) {
    await cardOf('Jordan Lee');
    await user.click(screen.getByRole('button', { name: 'Invite Technician' }));
    return screen.findByRole('dialog', { name: 'Invite Technician' });
  }

  it('sends the trimmed name and e-mail, says so, and closes after 2 s', async () => {
    const { user } = setup('manager');
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Full Name'), '  Dana Whitfield ');
    await user.type(within(dialog).getByLabelText('Email'), ' dana@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Invitation sent successfully!',
    );
    expect(await lastBodyOf('POST', '/api/technicians/invitations')).toEqual({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
    });
    // Still open a moment later, gone after the 2 s.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByRole('dialog', { name: 'Invite Technician' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 2500,
    });
    expect(await cardOf('Dana Whitfield')).toHaveTextContent('dana@example.com');
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Invite Technician' })).toHaveFocus();
  });

  it('checks the form before sending it', async () => {
    const { user } = setup();
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
      'Invalid email address',
    );
    expect(apiCalls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('shows an e-mail that already has an account at the Email field, and stays open', async () => {
    const { user } = setup();
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Full Name'), 'Jordan Again');
    await user.type(within(dialog).getByLabelText('Email'), 'JORDAN.LEE@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        'A user with this email already exists.',
      ),
    );
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Jordan Again');
  });

  it("says 'Failed to send invitation' when the server gives no reason", async () => {
    server.use(
      http.post('/api/technicians/invitations', () =>
        apiError('INTERNAL', 'Something went wrong. Please try again.'),
      ),
    );
    const { user } = setup();
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Full Name'), 'Dana Whitfield');
    await user.type(within(dialog).getByLabelText('Email'), 'dana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send invitation');
  });
});

describe('Resend invitation', () => {
  it('asks first, then says it was resent and shows the link to copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user, sam } = setup();
    // userEvent.setup() installs its own clipboard; watch ours instead.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(
      within(await cardOf('Sam Park')).getByRole('button', {
        name: 'Resend invitation to Sam Park',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Resend invitation to Sam Park?',
    });
    expect(confirm).toHaveTextContent(
      'Send a new invitation link? The link sent before stops working.',
    );
    expect(apiCalls().some((call) => call.includes('/invitation'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Resend Invitation' }));

    expect(await screen.findByText('Invitation resent successfully!')).toBeInTheDocument();
    expect(apiCalls()).toContain(`POST /api/technicians/${sam.user.id}/invitation`);
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    const link = within(dialog).getByLabelText('Invitation link');
    expect(link).toHaveValue(
      'http://localhost:3000/set-technician-password?token=resent-token-1-abcdefghijklmnop',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy invitation link' }));
    expect(writeText).toHaveBeenCalledWith(
      'http://localhost:3000/set-technician-password?token=resent-token-1-abcdefghijklmnop',
    );
    expect(await within(dialog).findByText('Link copied to the clipboard.')).toBeInTheDocument();
  });

  it('shows no link when the invitation went out by e-mail', async () => {
    setInvitationDelivery('email');
    const { user } = setup();
    await user.click(
      within(await cardOf('Sam Park')).getByRole('button', { name: /Resend invitation/ }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );

    expect(await screen.findByText('Invitation resent successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invitation link' })).not.toBeInTheDocument();
  });

  it("reports a failure in the spec's words", async () => {
    server.use(
      http.post('/api/technicians/:id/invitation', () =>
        apiError('NOT_FOUND', "We couldn't find this technician."),
      ),
    );
    const { user } = setup();
    await user.click(
      within(await cardOf('Sam Park')).getByRole('button', { name: /Resend invitation/ }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );

    expect(
      await screen.findByText("Failed to resend invitation: We couldn't find this technician."),
    ).toBeInTheDocument();
  });
});

describe('Resend invitation after onboarding', () => {
  it('is not offered once onboarding is complete, even with the phone since removed', async () => {
    signInAs({ name: 'Robin Reyes', role: 'admin' });
    seedTechnician({ name: 'Alex Kim', onboardingComplete: true, phone: '' });
    renderApp('/admin/technicians');
    const alex = await cardOf('Alex Kim');
    expect(alex).toHaveTextContent("Hasn't finished signing up: phone or address missing.");
    expect(
      within(alex).queryByRole('button', { name: /Resend invitation/ }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's words when onboarding finished after the page was loaded", async () => {
    const { user, sam } = setup();
    const button = within(await cardOf('Sam Park')).getByRole('button', {
      name: 'Resend invitation to Sam Park',
    });
    // Sam completes onboarding in the meantime; the server refuses the stale card's resend.
    sam.onboardingComplete = true;
    await user.click(button);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );

    expect(
      await screen.findByText(
        `Failed to resend invitation: ${TECHNICIAN_MESSAGES.alreadyOnboarded}`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invitation link' })).not.toBeInTheDocument();
  });
});

describe('Edit Technician', () => {
  it('edits the details with formatted phones, a home ZIP and service areas, then closes', async () => {
    const { user, sam } = setup();
    await user.click(
      within(await cardOf('Sam Park')).getByRole('button', { name: 'Edit Sam Park' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Technician' });
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Sam Park');

    await user.type(within(dialog).getByLabelText('Phone'), '555a300b1200');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('(555) 300-1200');
    await user.type(within(dialog).getByLabelText('Street Address'), '4 Elm St');
    await user.type(within(dialog).getByLabelText('City'), 'Springfield');
    await user.type(within(dialog).getByLabelText('ZIP Code'), '12345');
    await user.type(within(dialog).getByLabelText('Home ZIP'), '30309');
    const areas = within(dialog).getByRole('group', { name: 'Service Areas' });
    expect(
      within(areas)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Downtown', 'Suburbs', 'Business District', 'Metropolitan Area']);
    await user.click(within(areas).getByRole('checkbox', { name: 'Metropolitan Area' }));
    await user.click(within(areas).getByRole('checkbox', { name: 'Suburbs' }));
    await user.type(within(dialog).getByLabelText('Emergency Contact'), 'Kim Park');
    await user.type(within(dialog).getByLabelText('Emergency Phone'), '5559998888');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Technician updated successfully!')).toBeInTheDocument();
    expect(await lastBodyOf('PATCH', `/api/technicians/${sam.user.id}`)).toEqual({
      name: 'Sam Park',
      phone: '(555) 300-1200',
      street: '4 Elm St',
      city: 'Springfield',
      zipCode: '12345',
      homeZip: '30309',
      serviceAreaIds: ['suburbs', 'metropolitan-area'],
      emergencyContact: 'Kim Park',
      emergencyPhone: '(555) 999-8888',
    });
    const card = await cardOf('Sam Park');
    await waitFor(() => expect(card).toHaveTextContent('Suburbs, Metropolitan Area'));
    expect(card).toHaveTextContent('30309');
    // Phone and address given: nothing left to resend.
    expect(within(card).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
  });

  it('starts from the technician’s areas, and checks the home ZIP before sending', async () => {
    const { user, jordan } = setup();
    await user.click(
      within(await cardOf('Jordan Lee')).getByRole('button', { name: 'Edit Jordan Lee' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Technician' });
    const areas = within(dialog).getByRole('group', { name: 'Service Areas' });
    expect(
      within(areas)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Downtown', 'Suburbs']);
    const homeZip = within(dialog).getByLabelText('Home ZIP');
    expect(homeZip).toHaveValue('30303');
    await user.clear(homeZip);
    await user.type(homeZip, '303');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(homeZip).toHaveAccessibleDescription(PROFILE_MESSAGES.homeZip));
    expect(apiCalls().some((call) => call.startsWith('PATCH'))).toBe(false);
    // Empty is allowed: no home base yet.
    await user.clear(homeZip);
    await user.click(within(areas).getByRole('checkbox', { name: 'Downtown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('PATCH', `/api/technicians/${jordan.user.id}`)).toMatchObject({
      homeZip: null,
      serviceAreaIds: ['suburbs'],
    });
  });

  it('checks the address is whole before sending', async () => {
    const { user } = setup();
    await user.click(
      within(await cardOf('Sam Park')).getByRole('button', { name: 'Edit Sam Park' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Technician' });
    await user.type(within(dialog).getByLabelText('Street Address'), '4 Elm St');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('City')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByLabelText('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls().some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it("shows the server's field message at its field", async () => {
    server.use(
      http.patch('/api/technicians/:id', () =>
        apiError('VALIDATION', 'Phone number is required', { phone: 'Phone number is required' }),
      ),
    );
    const { user } = setup();
    await user.click(
      within(await cardOf('Jordan Lee')).getByRole('button', { name: 'Edit Jordan Lee' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Technician' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(
        'Phone number is required',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Technician' })).toBeInTheDocument();
  });
});

describe('Delete', () => {
  it('asks first, saying their appointments go back to Unassigned, then deletes', async () => {
    const { user, jordan } = setup();
    await user.click(
      within(await cardOf('Jordan Lee')).getByRole('button', { name: 'Delete Jordan Lee' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete technician?' });
    expect(confirm).toHaveTextContent('Jordan Lee (jordan.lee@example.com)');
    expect(confirm).toHaveTextContent('upcoming appointments go back to Unassigned');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Technician' }));

    expect(await screen.findByText('Technician deleted successfully')).toBeInTheDocument();
    expect(apiCalls()).toContain(`DELETE /api/technicians/${jordan.user.id}`);
    expect(screen.queryByRole('heading', { name: 'Jordan Lee' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Technician' })).toHaveFocus();
  });

  it('does nothing on Cancel', async () => {
    const { user } = setup();
    await user.click(
      within(await cardOf('Jordan Lee')).getByRole('button', { name: 'Delete Jordan Lee' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiCalls().some((call) => call.startsWith('DELETE'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete Jordan Lee' })).toHaveFocus();
  });

  it('reports a failed delete', async () => {
    server.use(
      http.delete('/api/technicians/:id', () =>
        apiError('FORBIDDEN', 'You do not have permission to do that.'),
      ),
    );
    const { user } = setup();
    await user.click(
      within(await cardOf('Jordan Lee')).getByRole('button', { name: 'Delete Jordan Lee' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Technician',
      }),
    );

    expect(
      await screen.findByText(
        'Failed to delete technician: You do not have permission to do that.',
      ),
    ).toBeInTheDocument();
    expect(await cardOf('Jordan Lee')).toBeInTheDocument();
  });
});

describe('arriving with a technician in the navigation state', () => {
  it('scrolls to the card, focuses it and rings it for 2 s', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    signInAs({ role: 'manager' });
    const jordan = seedTechnician(JORDAN);
    seedTechnician(SAM);
    const { router } = renderApp('/not-a-page');
    await router.navigate('/admin/technicians', { state: { technicianId: jordan.user.id } });

    const card = await cardOf('Jordan Lee');
    await waitFor(() => expect(card).toHaveAttribute('data-highlighted', 'true'));
    expect(card).toHaveClass('ring-4');
    expect(card).toHaveFocus();
    expect(scrollIntoView.mock.contexts).toContain(card);
    // To the card's top, kept below the sticky top bar by the card's scroll margin (jsdom lays
    // nothing out, so the margin is read from the card's classes).
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(card.className).toMatch(/\bscroll-mt-\[calc\(4rem\+1px\+0\.5rem\)\]/);
    expect(await cardOf('Sam Park')).not.toHaveAttribute('data-highlighted');

    await waitFor(() => expect(card).not.toHaveAttribute('data-highlighted'), { timeout: 3000 });
    expect(card).not.toHaveClass('ring-4');
  });

  it('ignores an id that is not on the page', async () => {
    signInAs({ role: 'admin' });
    seedTechnician(JORDAN);
    const { router } = renderApp('/not-a-page');
    await router.navigate('/admin/technicians', { state: { technicianId: 'gone' } });

    const card = await cardOf('Jordan Lee');
    expect(card).not.toHaveAttribute('data-highlighted');
  });
});
