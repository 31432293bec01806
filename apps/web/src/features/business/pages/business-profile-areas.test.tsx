// Business Profile's service areas (names with ZIP codes and prefixes) and drive settings against
// the API doubles: shown in view mode, edited (add, rename, remove), checked with the shared
// schema's words, and saved with each kept area's id.
import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { badZipEntry, duplicateAreaName } from '@pitstop/shared/business/profile';
import { UNKNOWN_SERVICE_AREA } from '@pitstop/shared/business/profile';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  seedBusiness,
  storedBusiness,
  TEST_BUSINESS,
} from '../../../test/msw/handlers/business.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SAVED_MESSAGE } from './business-profile-page.tsx';

beforeAll(() => {
  // jsdom has no ResizeObserver; Radix Switch measures its thumb with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeAll(async () => {
  await import('./business-profile-page.tsx');
});

const AREAS = [
  { id: 'downtown', name: 'Downtown', zips: ['30301', '30302'] },
  { id: 'suburbs', name: 'Suburbs', zips: ['303'] },
  { id: 'business-district', name: 'Business District', zips: [] },
];

async function setup() {
  seedBusiness({ ...TEST_BUSINESS, serviceAreas: AREAS, roadFactorPercent: 130 });
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/business-profile');
  return user;
}

async function edit() {
  const user = await setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return user;
}

const areasSection = () => screen.getByRole('region', { name: 'Service Areas' });
const area = (name: string) => within(areasSection()).getByRole('listitem', { name });
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe('Business Profile service areas and driving', () => {
  it('shows each area with its ZIP codes, and the drive settings, in view mode', async () => {
    await setup();
    const areas = await screen.findByRole('region', { name: 'Service Areas' });
    expect(within(areas).getByText('30301, 30302')).toBeInTheDocument();
    expect(within(areas).getByText('303')).toBeInTheDocument();
    expect(within(areas).getByText('No ZIP codes')).toBeInTheDocument();
    const driving = screen.getByRole('region', { name: 'Driving' });
    expect(within(driving).getByText('1.3')).toBeInTheDocument();
    expect(within(driving).getByText('25 mph')).toBeInTheDocument();
    expect(within(driving).getByText('10 minutes')).toBeInTheDocument();
  });

  it('renames, adds and removes areas and saves them with the kept ids', async () => {
    const user = await edit();
    const downtown = area('Downtown');
    expect(within(downtown).getByLabelText('ZIP codes')).toHaveValue('30301, 30302');
    const name = within(downtown).getByLabelText('Area name');
    await user.clear(name);
    await user.type(name, 'City Centre');

    await user.click(
      within(area('Business District')).getByRole('button', { name: 'Remove Business District' }),
    );
    expect(
      within(areasSection()).queryByRole('listitem', { name: 'Business District' }),
    ).toBeNull();

    await user.click(within(areasSection()).getByRole('button', { name: 'Add area' }));
    const added = within(areasSection()).getAllByRole('listitem').at(-1)!;
    const addedName = within(added).getByLabelText('Area name');
    expect(addedName).toHaveFocus();
    await user.type(addedName, 'Midtown');
    await user.type(within(added).getByLabelText('ZIP codes'), '30308 30309, 30308');

    const road = screen.getByLabelText('Road factor');
    expect(road).toHaveValue(1.3);
    await user.clear(road);
    await user.type(road, '1.45');
    const speed = screen.getByLabelText('Average speed (mph)');
    await user.clear(speed);
    await user.type(speed, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().serviceAreas).toEqual([
      { id: 'downtown', name: 'City Centre', zips: ['30301', '30302'] },
      { id: 'suburbs', name: 'Suburbs', zips: ['303'] },
      { id: expect.stringMatching(/^area-/), name: 'Midtown', zips: ['30308', '30309'] },
    ]);
    expect(storedBusiness()).toMatchObject({ roadFactorPercent: 145, averageSpeedMph: 30 });
    expect(within(areasSection()).getByText('30308, 30309')).toBeInTheDocument();
  });

  it('checks the areas and drive settings with the shared schema’s words before saving', async () => {
    const user = await edit();
    const zips = within(area('Downtown')).getByLabelText('ZIP codes');
    await user.clear(zips);
    await user.type(zips, '30301, 3030');
    const suburbs = within(area('Suburbs')).getByLabelText('Area name');
    await user.clear(suburbs);
    await user.type(suburbs, 'downtown');
    const road = screen.getByLabelText('Road factor');
    await user.clear(road);
    await user.type(road, '0.5');
    const buffer = screen.getByLabelText('Minimum time between visits (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(zips).toHaveAccessibleDescription(badZipEntry('3030')));
    expect(suburbs).toHaveAccessibleDescription(duplicateAreaName('downtown'));
    expect(road).toHaveAccessibleDescription('Road factor must be from 1.0 to 3.0');
    expect(buffer).toHaveAccessibleDescription(
      'Minimum time between visits must be a whole number of minutes from 0 to 120',
    );
    const emptyName = within(area('Business District')).getByLabelText('Area name');
    await user.clear(emptyName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(emptyName).toHaveAccessibleDescription('Area name is required'));
    expect(saves()).toEqual([]);
  });

  it('puts the server’s refusal of an area removed elsewhere at that area', async () => {
    server.use(
      http.put('/api/business', () =>
        apiError('VALIDATION', UNKNOWN_SERVICE_AREA, {
          'serviceAreas.1.id': UNKNOWN_SERVICE_AREA,
        }),
      ),
    );
    const user = await edit();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(area('Suburbs')).getByLabelText('Area name')).toHaveAccessibleDescription(
        UNKNOWN_SERVICE_AREA,
      ),
    );
  });

  it('offers no Add area once the list is full', async () => {
    seedBusiness({
      ...TEST_BUSINESS,
      serviceAreas: Array.from({ length: 20 }, (_, i) => ({
        id: `a${i}`,
        name: `Area ${i}`,
        zips: [],
      })),
    });
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin/business-profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(within(areasSection()).getByRole('button', { name: 'Add area' })).toBeDisabled();
    expect(within(areasSection()).getByText('At most 20 service areas.')).toBeInTheDocument();
  });
});
