import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addAccount, findAccountByEmail, signInAs } from '../../../test/msw/accounts.ts';
import { setInvitationDelivery } from '../../../test/msw/handlers/technicians.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./users-page.tsx');
  // jsdom lacks what Radix Select uses to open and scroll its list.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

/** The viewer, a super admin, and three other accounts. */
function setup() {
  signInAs({ name: 'Avery Quinn', role: 'super_admin' });
  const jordan = addAccount({
    name: 'Jordan Lee',
    role: 'technician',
    phone: '(555) 201-3344',
    onboardingComplete: false,
  });
  addAccount({ name: 'Maria Gonzalez', role: 'customer' });
  const chris = addAccount({ name: 'Chris Wong', role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/users');
  return { user, jordan, chris };
}

/** The desktop table (the phone cards render the same rows; CSS picks one). */
async function table() {
  return screen.findByRole('table');
}

function rowOf(tableElement: HTMLElement, text: string) {
  return within(tableElement).getByText(text).closest('tr') as HTMLElement;
}

describe('User Management list', () => {
  it('shows each user with e-mail, role badge, phone and created date', async () => {
    setup();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const row = rowOf(await table(), 'Jordan Lee');
    expect(row).toHaveTextContent('jordan.lee@example.com');
    expect(row).toHaveTextContent('Technician');
    expect(row).toHaveTextContent('(555) 201-3344');
    expect(row).toHaveTextContent('Mar 14, 2026');
    expect(rowOf(await table(), 'Maria Gonzalez')).toHaveTextContent('Not set');
  });

  it('counts users per role on the role tabs', async () => {
    setup();
    const tabs = await screen.findByRole('tablist', { name: 'Filter users by role' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'All 4' })).toBeVisible());
    for (const name of ['Customer 1', 'Technician 1', 'Manager 0', 'Admin 1', 'Super Admin 1']) {
      expect(within(tabs).getByRole('tab', { name })).toBeInTheDocument();
    }
  });

  it('fades the role tabs out at an end with more tabs behind it, as on a phone', async () => {
    setup();
    const tabs = await screen.findByRole('tablist', { name: 'Filter users by role' });
    expect(tabs).not.toHaveAttribute('data-overflow-end');

    // A 390 px screen shows about half of the row (jsdom lays nothing out: the sizes are given).
    // The fade itself is a CSS mask, which jsdom does not keep: the screenshot at 390 px shows it.
    const scrollTo = (left: number) => {
      Object.defineProperties(tabs, {
        scrollWidth: { configurable: true, value: 700 },
        clientWidth: { configurable: true, value: 390 },
        scrollLeft: { configurable: true, value: left },
      });
      fireEvent.scroll(tabs);
    };
    scrollTo(0);
    await waitFor(() => expect(tabs).toHaveAttribute('data-overflow-end', 'true'));
    expect(tabs).not.toHaveAttribute('data-overflow-start');

    scrollTo(150);
    await waitFor(() => expect(tabs).toHaveAttribute('data-overflow-start', 'true'));
    expect(tabs).toHaveAttribute('data-overflow-end', 'true');

    scrollTo(310);
    await waitFor(() => expect(tabs).not.toHaveAttribute('data-overflow-end'));
  });

  it('filters by role when a tab is chosen', async () => {
    const { user } = setup();
    await table();
    await user.click(screen.getByRole('tab', { name: /^Technician/ }));

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('tab', { name: /^Technician/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(apiCalls()).toContain('GET /api/users?role=technician');
  });

  it('searches once typing pauses, not on every key', async () => {
    const { user } = setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'jor');

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(apiCalls()).toEqual(['GET /api/users', 'GET /api/users?search=jor']);
    expect(screen.getByText('1 user matching “jor”')).toBeInTheDocument();
  });

  it('says No users found when nothing matches', async () => {
    const { user } = setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  // Which words each failure earns is user-messages.test.ts; here, that the page shows them.
  it('explains a failed load', async () => {
    server.use(
      http.get('/api/users', () => apiError('UNAUTHENTICATED', 'Please sign in to continue.')),
    );
    setup();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must be signed in to view users',
    );
  });
});

describe('Create User dialog', () => {
  it('creates a user with a role and a formatted phone, then closes after 1.5 s', async () => {
    const { user } = setup();
    await table();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });

    await user.type(within(dialog).getByLabelText('Name'), 'Dana Whitfield');
    await user.type(within(dialog).getByLabelText('Email'), 'dana@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    const phone = within(dialog).getByLabelText('Phone');
    await user.type(phone, '555a300b1200999');
    expect(phone).toHaveValue('(555) 300-1200');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Technician' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'User account created successfully!',
    );
    expect(await lastBodyOf('POST', '/api/users')).toEqual({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      password: 'secret1',
      role: 'technician',
      phone: '(555) 300-1200',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 2500,
    });
    expect(rowOf(screen.getByRole('table'), 'Dana Whitfield')).toHaveTextContent('Technician');
    expect(findAccountByEmail('dana@example.com')?.user).toMatchObject({
      role: 'technician',
      phone: '(555) 300-1200',
    });
  });

  it('checks the form before sending it', async () => {
    const { user } = setup();
    await table();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
    expect(apiCalls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  async function submitNewUser(user: ReturnType<typeof userEvent.setup>, email: string) {
    await table();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jordan Again');
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    return dialog;
  }

  it('shows a taken e-mail at the Email field and keeps the dialog open', async () => {
    const { user } = setup();
    const dialog = await submitNewUser(user, 'jordan.lee@example.com');

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        'A user with this email already exists.',
      ),
    );
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Again');
  });

  it('explains a refusal the server gives no field for in a banner', async () => {
    server.use(
      http.post('/api/users', () =>
        apiError('INTERNAL', 'Something went wrong. Please try again.'),
      ),
    );
    const { user } = setup();
    const dialog = await submitNewUser(user, 'dana@example.com');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create user');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Again');
  });
});

describe('Edit User dialog', () => {
  it('opens from a row, locks the role, saves without it, and closes after 1 s', async () => {
    const { user, jordan } = setup();
    await user.click(rowOf(await table(), 'Jordan Lee'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });

    const role = within(dialog).getByLabelText('Role');
    expect(role).toBeDisabled();
    expect(role).toHaveValue('Technician');
    expect(role).toHaveAccessibleDescription('Role can only be set during user creation');

    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '5559876543');
    await user.type(within(dialog).getByLabelText('Address'), '1 Main St, Springfield, 12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'User updated successfully!',
    );
    expect(await lastBodyOf('PATCH', `/api/users/${jordan.user.id}`)).toEqual({
      name: 'Jordan Lee',
      phone: '(555) 987-6543',
      address: '1 Main St, Springfield, 12345',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
    expect(rowOf(screen.getByRole('table'), 'Jordan Lee')).toHaveTextContent('(555) 987-6543');
  });

  it('reports a failed save', async () => {
    server.use(
      http.patch('/api/users/:id', () =>
        apiError('INTERNAL', 'Something went wrong. Please try again.'),
      ),
    );
    const { user } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Edit Maria Gonzalez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update user profile',
    );
  });
});

describe('Resend invitation in the Edit User dialog', () => {
  async function openEdit(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(within(await table()).getByRole('button', { name: `Edit ${name}` }));
    return screen.findByRole('dialog', { name: 'Edit User' });
  }

  it('is offered for technicians only', async () => {
    const { user } = setup();
    const customer = await openEdit(user, 'Maria Gonzalez');
    expect(within(customer).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
    await user.click(within(customer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const admin = await openEdit(user, 'Chris Wong');
    expect(within(admin).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
    await user.click(within(admin).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const technician = await openEdit(user, 'Jordan Lee');
    expect(within(technician).getByRole('button', { name: 'Resend invitation' })).toBeEnabled();
  });

  it('is not offered once the technician has finished onboarding', async () => {
    addAccount({ name: 'Riley Onboarded', role: 'technician', onboardingComplete: true });
    const { user } = setup();
    const dialog = await openEdit(user, 'Riley Onboarded');
    expect(within(dialog).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
  });

  it('asks first, resends to the profile id, shows the link to copy, and clears its words after 5 s', async () => {
    const { user, jordan } = setup();
    const dialog = await openEdit(user, 'Jordan Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Resend invitation to Jordan Lee?',
    });
    expect(confirm).toHaveTextContent('The link sent before stops working.');
    expect(apiCalls().some((call) => call.includes('/invitation'))).toBe(false);

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    await user.click(within(confirm).getByRole('button', { name: 'Resend Invitation' }));

    expect(await within(dialog).findByText('Invitation resent successfully!')).toBeVisible();
    expect(apiCalls()).toContain(`POST /api/technicians/${jordan.user.id}/invitation`);
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue(
      'http://localhost:3000/set-technician-password?token=resent-token-1-abcdefghijklmnop',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy invitation link' })).toBeVisible();
    // Focus is back on the button, inside the dialog.
    expect(within(dialog).getByRole('button', { name: 'Resend invitation' })).toHaveFocus();

    act(() => vi.advanceTimersByTime(4_900));
    expect(within(dialog).getByText('Invitation resent successfully!')).toBeVisible();
    act(() => vi.advanceTimersByTime(100));
    expect(within(dialog).queryByText('Invitation resent successfully!')).toBeNull();
    // The link stays to be copied.
    expect(within(dialog).getByLabelText('Invitation link')).toBeVisible();
  });

  it('shows no link when the invitation was e-mailed', async () => {
    setInvitationDelivery('email');
    const { user } = setup();
    const dialog = await openEdit(user, 'Jordan Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );

    expect(await within(dialog).findByText('Invitation resent successfully!')).toBeVisible();
    expect(within(dialog).queryByLabelText('Invitation link')).toBeNull();
  });

  it("reports a failure in the spec's words, inline", async () => {
    server.use(
      http.post('/api/technicians/:id/invitation', () =>
        apiError('NOT_FOUND', "We couldn't find this technician."),
      ),
    );
    const { user } = setup();
    const dialog = await openEdit(user, 'Jordan Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );

    expect(
      await within(dialog).findByText(
        "Failed to resend invitation: We couldn't find this technician.",
      ),
    ).toBeVisible();
  });

  it('does nothing on Cancel', async () => {
    const { user } = setup();
    const dialog = await openEdit(user, 'Jordan Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
    expect(apiCalls().some((call) => call.includes('/invitation'))).toBe(false);
  });
});

describe('deleting a user', () => {
  it('asks first, then deletes and says so', async () => {
    const { user, chris } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(confirm).toHaveTextContent('Chris Wong (chris.wong@example.com)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(apiCalls()).toContain(`DELETE /api/users/${chris.user.id}`);
    expect(within(screen.getByRole('table')).queryByText('Chris Wong')).not.toBeInTheDocument();
  });

  it('does nothing on Cancel', async () => {
    const { user } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiCalls().some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('reports a failed delete', async () => {
    server.use(
      http.delete('/api/users/:id', () =>
        apiError('INTERNAL', 'Something went wrong. Please try again.'),
      ),
    );
    const { user } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }),
    );

    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(rowOf(screen.getByRole('table'), 'Chris Wong')).toBeInTheDocument();
  });

  it("refuses the viewer's own account, and says why", async () => {
    const { user } = setup();
    const own = within(await table()).getByRole('button', { name: 'Delete Avery Quinn' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(own).toHaveAccessibleDescription('You cannot delete your own account.');

    await user.click(own);
    expect(
      await screen.findByText('You cannot delete your own account.', { selector: '[data-title]' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiCalls().some((call) => call.startsWith('DELETE'))).toBe(false);
  });
});
