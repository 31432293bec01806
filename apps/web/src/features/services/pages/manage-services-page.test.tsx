import type { Role } from '@pitstop/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  installFakeCatalogApi,
  makeService,
  viewerWithRole,
} from '../testing/fake-catalog-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./manage-services-page.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const basic = makeService('Basic Oil Change', { price: 49.99 });
const synthetic = makeService('Synthetic Oil Change', { price: 79.99 });
const battery = makeService('Battery Service', { price: 29.99 });

function setup(role: Role | null = 'admin', services = [basic, synthetic, battery]) {
  const api = installFakeCatalogApi({ viewer: role ? viewerWithRole(role) : null, services });
  const user = userEvent.setup();
  renderRoutes('/admin/services');
  return { api, user };
}

async function serviceNames() {
  const list = await screen.findByRole('list', { name: 'Services in display order' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('Manage Services access', () => {
  it.each(['admin', 'super_admin'] as const)('opens for %s', async (role) => {
    setup(role);
    expect(await screen.findByRole('heading', { name: 'Manage Services' })).toBeInTheDocument();
  });

  it.each(['manager', 'technician', 'customer'] as const)('sends a %s to /admin', async (role) => {
    setup(role);
    expect(await screen.findByText('Other page: /admin')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /admin-portal', async () => {
    setup(null);
    expect(await screen.findByText('Other page: /admin-portal')).toBeInTheDocument();
  });
});

describe('Manage Services', () => {
  it('moves a service and keeps the server’s list as the truth', async () => {
    const { api, user } = setup();
    expect(await serviceNames()).toEqual([
      'Basic Oil Change',
      'Synthetic Oil Change',
      'Battery Service',
    ]);
    // Meanwhile another admin added a service: the move's answer carries it, and the page shows it.
    const extra = makeService('Tire Rotation');
    api.override((request) => {
      if (request.path !== '/api/services/battery-service/move') return undefined;
      api.setServices([basic, battery, synthetic, extra]);
      return Response.json({ services: api.services() });
    });

    await user.click(screen.getByRole('button', { name: 'Move Battery Service up' }));
    expect(api.writes()).toContainEqual({
      method: 'POST',
      path: '/api/services/battery-service/move',
      body: { order: 1 },
    });
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
    const { api, user } = setup();
    await serviceNames();
    api.override((request) =>
      request.path.endsWith('/move') ? errorResponse(500, 'Something broke') : undefined,
    );
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
    const { api, user } = setup();
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
    expect(api.writes().at(-1)).toEqual({
      method: 'POST',
      path: '/api/services',
      body: {
        name: 'Tire Rotation',
        icon: 'Droplets',
        description: '',
        price: 39.5,
        duration: '30 minutes',
        includes: ['Rotate all four'],
      },
    });
    await waitFor(async () => expect((await serviceNames()).at(-1)).toBe('Tire Rotation'));
    expect(screen.queryByRole('region', { name: 'Add Service' })).not.toBeInTheDocument();
  });

  it('shows validation and server field errors next to the fields', async () => {
    const { api, user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const form = screen.getByRole('region', { name: 'Add Service' });
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Service name is required'),
    );
    expect(api.writes()).toHaveLength(0);

    api.override((request) =>
      request.method === 'POST'
        ? errorResponse(409, 'A service with this name already exists.', {
            name: 'A service with this name already exists.',
          })
        : undefined,
    );
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
    const { api, user } = setup();
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
    expect(api.writes()).toHaveLength(0);
  });

  it('shows the server’s refusal of a rename onto another service’s name', async () => {
    const { api, user } = setup();
    await serviceNames();
    api.override((request) =>
      request.method === 'PUT'
        ? errorResponse(409, 'A service with this name already exists.', {
            name: 'A service with this name already exists.',
          })
        : undefined,
    );
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
    const { api, user } = setup();
    await serviceNames();
    api.override((request) =>
      request.method === 'PUT'
        ? errorResponse(422, 'Price cannot be negative', { price: 'Price cannot be negative' })
        : undefined,
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
    const { api, user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Edit Synthetic Oil Change' }));
    const price = screen.getByLabelText('Price');
    expect(price).toHaveValue('79.99');
    await user.clear(price);
    await user.type(price, '84.50');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Synthetic Oil Change was saved.')).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/services/synthetic-oil-change',
      body: { name: 'Synthetic Oil Change', price: 84.5 },
    });
    const list = screen.getByRole('list', { name: 'Services in display order' });
    expect(within(list).getByText('$84.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Synthetic Oil Change' })).toHaveFocus();
  });

  it('deletes a service after confirmation', async () => {
    const { api, user } = setup();
    await serviceNames();
    await user.click(screen.getByRole('button', { name: 'Delete Battery Service' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Battery Service?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Service' }));
    expect(await screen.findByText('Battery Service was deleted.')).toBeInTheDocument();
    expect(api.writes().at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/services/battery-service',
    });
    await waitFor(async () =>
      expect(await serviceNames()).toEqual(['Basic Oil Change', 'Synthetic Oil Change']),
    );
  });
});
