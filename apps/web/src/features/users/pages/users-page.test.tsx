import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  installFakeUsersApi,
  makeUser,
  viewerFor,
} from '../testing/fake-users-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front, and give a busy machine (the whole suite
  // in parallel) more than the default second before a query gives up.
  await import('./users-page.tsx');
  configure({ asyncUtilTimeout: 5000 });
  // jsdom lacks what Radix Select uses to open and scroll its list.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = makeUser({ name: 'Avery Quinn', role: 'super_admin' });
const jordan = makeUser({ name: 'Jordan Lee', role: 'technician', phone: '(555) 201-3344' });
const maria = makeUser({ name: 'Maria Gonzalez', role: 'customer' });
const chris = makeUser({ name: 'Chris Wong', role: 'admin' });

function setup(users = [jordan, maria, chris, me]) {
  const api = installFakeUsersApi({ viewer: viewerFor(me), users });
  const user = userEvent.setup();
  renderRoutes('/admin/users');
  return { api, user };
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

  it('filters by role when a tab is chosen', async () => {
    const { api, user } = setup();
    await table();
    await user.click(screen.getByRole('tab', { name: /^Technician/ }));

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('tab', { name: /^Technician/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(api.calls()).toContain('GET /api/users?role=technician');
  });

  it('searches once typing pauses, not on every key', async () => {
    const { api, user } = setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'jor');

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.calls()).toEqual(['GET /api/users', 'GET /api/users?search=jor']);
    expect(screen.getByText('1 user matching “jor”')).toBeInTheDocument();
  });

  it('says No users found when nothing matches', async () => {
    const { user } = setup();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    [401, 'You must be signed in to view users'],
    [500, 'Failed to load users'],
  ])('explains a failed load (HTTP %i)', async (status, message) => {
    const api = installFakeUsersApi({ viewer: viewerFor(me), users: [me] });
    api.setOverride((request) =>
      request.path === '/api/users' ? errorResponse(status, 'nope') : undefined,
    );
    renderRoutes('/admin/users');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Create User dialog', () => {
  it('creates a user with a role and a formatted phone, then closes after 1.5 s', async () => {
    const { api, user } = setup();
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
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
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
  });

  it('checks the form before sending it', async () => {
    const { api, user } = setup();
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
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it.each([
    [409, 'A user with this email already exists.', 'A user with this email already exists.'],
    [401, 'Unauthorized', 'You must be signed in to create users'],
    [500, 'Internal Server Error', 'Failed to create user'],
  ])('explains a refusal (HTTP %i) and keeps the dialog open', async (status, text, shown) => {
    const { api, user } = setup();
    api.setOverride((request) =>
      request.method === 'POST' ? errorResponse(status, text) : undefined,
    );
    await table();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jordan Again');
    await user.type(within(dialog).getByLabelText('Email'), 'jordan.lee@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Again');
  });
});

describe('Edit User dialog', () => {
  it('opens from a row, locks the role, saves without it, and closes after 1 s', async () => {
    const { api, user } = setup();
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
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/api/users/${jordan.id}`);
    expect(patch?.body).toEqual({
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
    const { api, user } = setup();
    api.setOverride((request) =>
      request.method === 'PATCH' ? errorResponse(500, 'Internal Server Error') : undefined,
    );
    await user.click(within(await table()).getByRole('button', { name: 'Edit Maria Gonzalez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update user profile',
    );
  });
});

describe('deleting a user', () => {
  it('asks first, then deletes and says so', async () => {
    const { api, user } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(confirm).toHaveTextContent('Chris Wong (chris.wong@example.com)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/users/${chris.id}`);
    expect(within(screen.getByRole('table')).queryByText('Chris Wong')).not.toBeInTheDocument();
  });

  it('does nothing on Cancel', async () => {
    const { api, user } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('reports a failed delete', async () => {
    const { api, user } = setup();
    api.setOverride((request) =>
      request.method === 'DELETE' ? errorResponse(500, 'Internal Server Error') : undefined,
    );
    await user.click(within(await table()).getByRole('button', { name: 'Delete Chris Wong' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }),
    );

    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(rowOf(screen.getByRole('table'), 'Chris Wong')).toBeInTheDocument();
  });

  it("refuses the viewer's own account, and says why", async () => {
    const { api, user } = setup();
    const own = within(await table()).getByRole('button', { name: 'Delete Avery Quinn' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(own).toHaveAccessibleDescription('You cannot delete your own account.');

    await user.click(own);
    expect(
      await screen.findByText('You cannot delete your own account.', { selector: '[data-title]' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
  });
});
