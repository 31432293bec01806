import type { Role } from '@pitstop/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices, storedServices } from '../../../test/msw/handlers/services.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./manage-services-page.tsx');
});

const basic = makeService('Basic Oil Change', { price: 49.99 });
const synthetic = makeService('Synthetic Oil Change', { price: 79.99 });
const battery = makeService('Battery Service', { price: 29.99 });

function setup(role: Role | null = 'admin') {
  if (role) signInAs({ role });
  seedServices([basic, synthetic, battery]);
  const user = userEvent.setup();
  const rendered = renderApp('/admin/services');
  return { user, ...rendered };
}

/** What the page changed on the server (its reads left out). */
const writes = () => apiCalls().filter((call) => !call.startsWith('GET'));

async function serviceNames() {
  const list = await screen.findByRole('list', { name: 'Services in display order' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('Manage Services access', () => {
  it('opens for an admin', async () => {
    setup('admin');
    expect(await screen.findByRole('heading', { name: 'Manage Services' })).toBeInTheDocument();
  });

  it('sends a manager to /admin', async () => {
    const { pathname } = setup('manager');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
  });

  it('sends a signed-out visitor to /admin-portal', async () => {
    const { pathname } = setup(null);
    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
  });
});

describe('Manage Services', () => {
  it('moves a service and keeps the server’s list as the truth', async () => {
    const { user } = setup();
    expect(await serviceNames()).toEqual([
      'Basic Oil Change',
      'Synthetic Oil Change',
      'Battery Service',
    ]);
    // Meanwhile another admin added a service: the move's answer carries it, and the page shows it.
    seedServices([...storedServices(), makeService('Tire Rotation')]);

    await user.click(screen.getByRole('button', { name: 'Move Battery Service up' }));
    await waitFor(() => expect(writes()).toEqual(['POST /api/services/battery-service/move']));
    expect(await lastBodyOf('POST', '/api/services/battery-service/move')).toEqual({ order: 1 });
    await waitFor(async () =>
      expect(await serviceNames()).toEqual([
        'Basic Oil Change',
        'Battery Service',
        'Synthetic Oil Change',
        'Tire Rotation',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Move Tire Rotation down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Synthetic Oil Change down' })).toBeEnabled();
  });

  it('puts the list back and says so when a move fails', async () => {
    const { user } = setup();
    await serviceNames();
    server.use(http.post('/api/services/:id/move', () => apiError('INTERNAL', 'Something broke')));
    await user.click(screen.getByRole('button', { name: 'Move Basic Oil Change down' }));
    expect(
      await screen.findByText('Could not move Basic Oil Change. Something broke'),
    ).toBeVisible();
    expect(await serviceNames()).toEqual([
      'Basic Oil Change',
      'Synthetic Oil Change',
      'Battery Service',
    ]);
  });

  it('adds a service with its includes', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const form = screen.getByRole('region', { name: 'Add Service' });
    await user.type(within(form).getByLabelText('Name'), 'Tire Rotation');
    expect(within(form).getByText('Its id will be “tire-rotation”.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Price'), '39.5');
    await user.type(within(form).getByLabelText('Duration'), '30 minutes');
    await user.type(within(form).getByLabelText('New included item'), 'Rotate all four{Enter}');
    await user.type(within(form).getByLabelText('New included item'), '   {Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('Tire Rotation was added.')).toBeInTheDocument();
    expect(await lastBodyOf('POST', '/api/services')).toEqual({
      name: 'Tire Rotation',
      icon: 'Droplets',
      description: '',
      price: 39.5,
      duration: '30 minutes',
      includes: ['Rotate all four'],
      // No maintenance interval typed: none; the oil change box left unticked.
      intervalMiles: null,
      intervalMonths: null,
      includesOilChange: false,
    });
    await waitFor(async () => expect((await serviceNames()).at(-1)).toBe('Tire Rotation'));
    expect(screen.queryByRole('region', { name: 'Add Service' })).not.toBeInTheDocument();
  });

  it('shows validation and server field errors next to the fields', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const form = screen.getByRole('region', { name: 'Add Service' });
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Service name is required'),
    );
    expect(writes()).toEqual([]);

    // The name is taken: the server refuses it on the name field.
    await user.type(within(form).getByLabelText('Name'), 'Basic Oil Change');
    await user.type(within(form).getByLabelText('Duration'), '45 minutes');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        expect.stringContaining('A service with this name already exists.'),
      ),
    );
  });

  it('refuses a price that is not a number before sending', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Edit Battery Service' }));
    const price = screen.getByLabelText('Price');
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        expect.stringContaining('Price must be a number, e.g. 49.99'),
      ),
    );
    await user.clear(price);
    await user.type(price, '10.999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        expect.stringContaining('Price can have at most two decimals'),
      ),
    );
    expect(writes()).toEqual([]);
  });

  it('shows the server’s refusal of a rename onto another service’s name', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Edit Battery Service' }));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'basic oil change');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        expect.stringContaining('A service with this name already exists.'),
      ),
    );
    expect(name).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('shows the server’s price message next to the price', async () => {
    const { user } = setup();
    await serviceNames();
    // The form refuses a negative price itself; the server's word still lands on the field.
    server.use(
      http.put('/api/services/:id', () =>
        apiError('VALIDATION', 'Price cannot be negative', { price: 'Price cannot be negative' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Battery Service' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
        expect.stringContaining('Price cannot be negative'),
      ),
    );
  });

  it('edits a service inline', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Edit Synthetic Oil Change' }));
    const price = screen.getByLabelText('Price');
    expect(price).toHaveValue('79.99');
    await user.clear(price);
    await user.type(price, '84.50');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Synthetic Oil Change was saved.')).toBeInTheDocument();
    expect(await lastBodyOf('PUT', '/api/services/synthetic-oil-change')).toMatchObject({
      name: 'Synthetic Oil Change',
      price: 84.5,
    });
    const list = screen.getByRole('list', { name: 'Services in display order' });
    expect(within(list).getByText('$84.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Synthetic Oil Change' })).toHaveFocus();
  });

  it('deletes a service after confirmation', async () => {
    const { user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Delete Battery Service' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Battery Service?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Service' }));
    expect(await screen.findByText('Battery Service was deleted.')).toBeInTheDocument();
    expect(writes()).toEqual(['DELETE /api/services/battery-service']);
    await waitFor(async () =>
      expect(await serviceNames()).toEqual(['Basic Oil Change', 'Synthetic Oil Change']),
    );
  });

  it('asks a plain question about a name ending in punctuation, and keeps it on Cancel', async () => {
    signInAs({ role: 'admin' });
    seedServices([basic, makeService('Tire Rotation & Balance!', { price: 39.99 })]);
    const user = userEvent.setup();
    renderApp('/admin/services');
    await serviceNames();

    await user.click(screen.getByRole('button', { name: 'Delete Tire Rotation & Balance!' }));
    const dialog = await screen.findByRole('alertdialog');
    // The exact words: the name as the question's subject, never 'Balance!?'.
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      /^Delete Tire Rotation & Balance\?$/,
    );
    expect(dialog).toHaveAccessibleName('Delete Tire Rotation & Balance?');
    expect(dialog).toHaveAccessibleDescription(
      'Customers will no longer see or book it. Appointments already booked keep it.',
    );
    expect(dialog).not.toHaveTextContent('!?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(await serviceNames()).toContain('Tire Rotation & Balance!');
  });
});
