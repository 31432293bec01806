// My Profile against the API doubles: personal info, the photo, the summary, and a technician's
// work details and jobs. My Garage and My Appointments have their own tests next to their
// components.
import type { MeResponse } from '@pitstop/shared/auth/responses';
import { PHOTO_MAX_BYTES } from '@pitstop/shared/profile/photo';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, viewerOf, type AccountSeed } from '../../../test/msw/accounts.ts';
import { seedMyAppointments, makeVisit } from '../../../test/msw/handlers/appointments.ts';
import { makeJob, seedTechnicianWork } from '../../../test/msw/handlers/technician-work.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { scalePhoto } from '../photo-scaling.ts';

// jsdom cannot decode or draw images: the scaling itself is photo-scaling.test.ts.
const SCALED_PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
vi.mock('../photo-scaling.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  scalePhoto: vi.fn(async () => SCALED_PHOTO),
}));

beforeEach(() => {
  vi.mocked(scalePhoto).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

const ADA: AccountSeed = {
  role: 'customer',
  name: 'Ada Lovelace',
  phone: '(555) 123-4567',
  address: '12 Analytical Way, Springfield, 12345',
};

async function openProfile(seed: AccountSeed = ADA) {
  const account = signInAs(seed);
  const user = userEvent.setup();
  const app = renderApp('/profile');
  const form = await personalInfo();
  return { account, user, form, ...app };
}

async function personalInfo() {
  return screen.findByRole('region', { name: 'Personal Information' });
}

describe('personal information', () => {
  it('shows the profile with the address in its three parts', async () => {
    const { form } = await openProfile();

    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(within(form).getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
    expect(within(form).getByLabelText('Email')).toHaveValue('ada.lovelace@example.com');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Street Address')).toHaveValue('12 Analytical Way');
    expect(within(form).getByLabelText('City')).toHaveValue('Springfield');
    expect(within(form).getByLabelText('ZIP Code')).toHaveValue('12345');
    // Technicians' extras are theirs only.
    expect(within(form).queryByLabelText('Service Area')).not.toBeInTheDocument();
  });

  it('saves, formats the phone as it is typed, and says so for 3 seconds', async () => {
    const { account, user, form } = await openProfile();
    const phone = within(form).getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '555a987b6543');
    expect(phone).toHaveValue('(555) 987-6543');
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Shelbyville');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const status = within(form).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Profile updated successfully!'));
    expect(await lastBodyOf('PUT', '/api/profile')).toEqual({
      name: 'Ada Lovelace',
      phone: '(555) 987-6543',
      street: '12 Analytical Way',
      city: 'Shelbyville',
      zipCode: '12345',
    });
    expect(account.user.address).toBe('12 Analytical Way, Shelbyville, 12345');

    act(() => vi.advanceTimersByTime(2_900));
    expect(status).toHaveTextContent('Profile updated successfully!');
    act(() => vi.advanceTimersByTime(100));
    expect(status).toBeEmptyDOMElement();
  });

  it('reads the signed-in user again, so the top bar follows the change', async () => {
    const { user, form, queryClient } = await openProfile();
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await within(form).findByText('Profile updated successfully!');
    expect(screen.getByRole('region', { name: 'Profile photo' })).toHaveTextContent(
      'Augusta Ada King',
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<MeResponse>(['me'])?.viewer?.name).toBe('Augusta Ada King'),
    );
  });

  it('checks the form before sending it, with the messages at their fields', async () => {
    const { user, form } = await openProfile();
    await user.clear(within(form).getByLabelText('Name'));
    await user.clear(within(form).getByLabelText('ZIP Code'));
    await user.type(within(form).getByLabelText('ZIP Code'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Name is required'),
    );
    expect(within(form).getByLabelText('ZIP Code')).toHaveAccessibleDescription(
      'Valid ZIP code is required',
    );
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(apiCalls()).not.toContain('PUT /api/profile');
  });

  it("shows the server's field messages at their fields", async () => {
    server.use(
      http.put('/api/profile', () =>
        apiError('VALIDATION', 'City cannot contain a comma', {
          city: 'City cannot contain a comma',
        }),
      ),
    );
    const { user, form } = await openProfile();
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('City')).toHaveAccessibleDescription(
        'City cannot contain a comma',
      ),
    );
    expect(within(form).getByLabelText('City')).toHaveFocus();
    expect(within(form).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says the save failed when the server gives no reason', async () => {
    server.use(
      http.put('/api/profile', () =>
        apiError('INTERNAL', 'Something went wrong. Please try again.'),
      ),
    );
    const { user, form } = await openProfile();
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Failed to update profile. Please try again.',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('explains a profile that cannot be loaded', async () => {
    server.use(http.get('/api/profile', () => apiError('INTERNAL', 'Database unavailable')));
    signInAs(ADA);
    renderApp('/profile');

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your profile");
  });
});

describe('summary', () => {
  it("shows since when, the role and the counts (a customer's are visits)", async () => {
    const account = signInAs({ ...ADA, createdAt: '2025-11-03T12:00:00.000Z' });
    seedVehicles(account, [
      { make: 'Honda', model: 'Civic', year: 2019, color: 'Blue', licensePlate: 'ABC1234' },
    ]);
    seedMyAppointments(account, {
      upcoming: [
        makeVisit({ date: '2026-03-16', time: '09:00', services: [{ serviceName: 'A' }] }),
      ],
      past: [
        makeVisit({
          date: '2026-02-10',
          time: '14:30',
          services: [
            { serviceName: 'B', status: 'completed' },
            { serviceName: 'C', status: 'completed' },
          ],
        }),
        makeVisit({
          date: '2026-01-05',
          time: '10:00',
          services: [{ serviceName: 'D', status: 'cancelled' }],
        }),
      ],
    });
    renderApp('/profile');

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const term = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(term('Member since')).toHaveTextContent('November 2025');
    expect(term('Role')).toHaveTextContent('Customer');
    expect(term('Appointments')).toHaveTextContent('2');
    expect(term('Upcoming')).toHaveTextContent('1');
    expect(term('Completed')).toHaveTextContent('1');
    expect(term('Vehicles')).toHaveTextContent('1');
    expect(within(summary).queryByText(/Jobs/)).not.toBeInTheDocument();
  });
});

describe('profile photo', () => {
  it('scales a chosen image down, uploads it, and shows it here and in the top bar', async () => {
    const { user, account } = await openProfile();
    const photo = screen.getByRole('region', { name: 'Profile photo' });
    expect(within(photo).queryByRole('img')).not.toBeInTheDocument();
    const file = new File(['picture'], 'me.png', { type: 'image/png' });

    await user.upload(within(photo).getByLabelText('Profile photo file'), file);

    expect(await screen.findByText('Profile photo updated successfully!')).toBeInTheDocument();
    expect(scalePhoto).toHaveBeenCalledWith(file);
    expect(await lastBodyOf('PUT', '/api/profile/photo')).toEqual({ photo: SCALED_PHOTO });
    // Served under the profile's id, which is not the auth user's.
    const { profileId, userId } = viewerOf(account);
    expect(profileId).not.toBe(userId);
    const url = `/api/profiles/${profileId}/photo?v=1`;
    expect(within(photo).getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      url,
    );
    const menuButton = within(screen.getByRole('banner')).getByRole('button', {
      name: /Account menu/,
    });
    await waitFor(() => expect(menuButton.querySelector('img')).toHaveAttribute('src', url));
    expect(within(photo).getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image, without sending anything', async () => {
    signInAs(ADA);
    // As a drop or a file picker that ignores `accept` would hand it over.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/profile');
    const photo = await screen.findByRole('region', { name: 'Profile photo' });

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }),
    );

    expect(await within(photo).findByRole('alert')).toHaveTextContent(
      'Please choose an image file (JPEG, PNG, WebP or GIF).',
    );
    expect(scalePhoto).not.toHaveBeenCalled();
    expect(apiCalls()).not.toContain('PUT /api/profile/photo');
  });

  it('refuses an image over 2 MB', async () => {
    const { user } = await openProfile();
    const photo = screen.getByRole('region', { name: 'Profile photo' });

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' }),
    );

    expect(await within(photo).findByRole('alert')).toHaveTextContent(
      'Please choose an image of 2 MB or less.',
    );
    expect(scalePhoto).not.toHaveBeenCalled();
    expect(apiCalls()).not.toContain('PUT /api/profile/photo');
  });

  it('says so when the browser cannot read the image', async () => {
    vi.mocked(scalePhoto).mockRejectedValueOnce(new Error('decode failed'));
    const { user } = await openProfile();
    const photo = screen.getByRole('region', { name: 'Profile photo' });

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['not really'], 'broken.jpg', { type: 'image/jpeg' }),
    );

    expect(await within(photo).findByRole('alert')).toHaveTextContent(
      'This image could not be read. Please choose another.',
    );
    expect(apiCalls()).not.toContain('PUT /api/profile/photo');
  });

  it("shows the server's reason for refusing a photo", async () => {
    server.use(
      http.put('/api/profile/photo', () =>
        apiError('VALIDATION', 'Please choose an image of 2 MB or less.', {
          photo: 'Please choose an image of 2 MB or less.',
        }),
      ),
    );
    const { user } = await openProfile();
    const photo = screen.getByRole('region', { name: 'Profile photo' });

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['picture'], 'me.jpg', { type: 'image/jpeg' }),
    );

    expect(await within(photo).findByRole('alert')).toHaveTextContent(
      'Please choose an image of 2 MB or less.',
    );
  });

  it('says when the account has changed its photo too often, for a new photo and a removal', async () => {
    const tooMany = 'Too many photo changes. Please try again in 42 minutes.';
    server.use(
      http.put('/api/profile/photo', () => apiError('RATE_LIMITED', tooMany)),
      http.delete('/api/profile/photo', () => apiError('RATE_LIMITED', tooMany)),
    );
    const { user } = await openProfile({ ...ADA, photoUrl: '/api/profiles/x/photo?v=7' });
    const photo = screen.getByRole('region', { name: 'Profile photo' });

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['picture'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(photo).findByRole('alert')).toHaveTextContent(tooMany);

    await user.click(within(photo).getByRole('button', { name: 'Remove Photo' }));
    await waitFor(() => expect(apiCalls()).toContain('DELETE /api/profile/photo'));
    expect(await within(photo).findByRole('alert')).toHaveTextContent(tooMany);
    // Nothing changed: the photo is still there.
    expect(within(photo).getByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
  });

  it('removes the photo, and moves focus from the gone Remove Photo to Upload Photo', async () => {
    const { user } = await openProfile({ ...ADA, photoUrl: '/api/profiles/x/photo?v=7' });
    const photo = screen.getByRole('region', { name: 'Profile photo' });
    expect(within(photo).getByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();

    await user.click(within(photo).getByRole('button', { name: 'Remove Photo' }));

    expect(await screen.findByText('Profile photo removed.')).toBeInTheDocument();
    expect(apiCalls()).toContain('DELETE /api/profile/photo');
    expect(within(photo).queryByRole('img')).not.toBeInTheDocument();
    const upload = within(photo).getByRole('button', { name: 'Upload Photo' });
    await waitFor(() => expect(upload).toHaveFocus());
  });

  it("clears the last try's problem when a new one starts", async () => {
    server.use(http.put('/api/profile/photo', () => apiError('INTERNAL', 'Database unavailable')));
    const { user } = await openProfile({ ...ADA, photoUrl: '/api/profiles/x/photo?v=7' });
    const photo = screen.getByRole('region', { name: 'Profile photo' });
    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['picture'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(photo).findByRole('alert')).toHaveTextContent(
      'Failed to update profile photo. Please try again.',
    );

    await user.click(within(photo).getByRole('button', { name: 'Remove Photo' }));

    expect(await screen.findByText('Profile photo removed.')).toBeInTheDocument();
    expect(within(photo).getByRole('alert')).toBeEmptyDOMElement();
  });

  it("says politely while the photo is prepared and saved, in the buttons' description too", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // Holds the request, then lets the profile double answer it (a resolver that returns nothing
    // passes the request on).
    server.use(http.put('/api/profile/photo', () => answered));
    const { user } = await openProfile();
    const photo = screen.getByRole('region', { name: 'Profile photo' });
    const status = within(photo).getByRole('status');
    const upload = within(photo).getByRole('button', { name: 'Upload Photo' });
    expect(upload).toHaveAccessibleDescription('JPEG, PNG, WebP or GIF, up to 2 MB.');

    await user.upload(
      within(photo).getByLabelText('Profile photo file'),
      new File(['picture'], 'me.jpg', { type: 'image/jpeg' }),
    );

    await waitFor(() => expect(status).toHaveTextContent('Saving your photo…'));
    expect(upload).toHaveAccessibleDescription('Saving your photo…');
    answer();
    expect(await screen.findByText('Profile photo updated successfully!')).toBeInTheDocument();
    expect(status).toHaveTextContent('JPEG, PNG, WebP or GIF, up to 2 MB.');
  });
});

describe('a technician', () => {
  const TECHNICIAN: AccountSeed = {
    role: 'technician',
    name: 'Jordan Lee',
    phone: '(555) 201-3344',
    address: '4 Depot Rd, Springfield, 12345',
    homeZip: '30303',
    serviceAreaIds: ['metropolitan-area', 'downtown', 'an-area-since-removed'],
    emergencyContact: 'Sam Lee',
    emergencyPhone: '(555) 777-8888',
  };

  it('sees and saves the work details, and has no garage', async () => {
    const { user, form, account } = await openProfile(TECHNICIAN);

    // Shown, not edited here: onboarding and the admin set them.
    const areas = within(form).getByLabelText('Service Areas');
    expect(areas).toHaveValue('Downtown, Metropolitan Area');
    expect(areas).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Home ZIP')).toHaveValue('30303');
    expect(within(form).getByLabelText('Emergency Contact')).toHaveValue('Sam Lee');
    const emergencyPhone = within(form).getByLabelText('Emergency Phone');
    expect(emergencyPhone).toHaveValue('(555) 777-8888');

    await user.clear(emergencyPhone);
    await user.type(emergencyPhone, '5551112222');
    expect(emergencyPhone).toHaveValue('(555) 111-2222');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Profile updated successfully!',
    );
    expect(await lastBodyOf('PUT', '/api/profile')).toEqual({
      name: 'Jordan Lee',
      phone: '(555) 201-3344',
      street: '4 Depot Rd',
      city: 'Springfield',
      zipCode: '12345',
      emergencyContact: 'Sam Lee',
      emergencyPhone: '(555) 111-2222',
    });
    expect(account.profile).toMatchObject({ emergencyPhone: '(555) 111-2222' });

    expect(screen.queryByRole('region', { name: 'My Garage' })).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).queryByText('Vehicles')).not.toBeInTheDocument();
    expect(apiCalls()).not.toContain('GET /api/vehicles');
  });

  it('counts their jobs, named as jobs', async () => {
    const account = signInAs(TECHNICIAN);
    seedMyAppointments(account, {
      upcoming: [
        makeVisit({
          date: '2026-03-16',
          time: '09:00',
          services: [{ serviceName: 'A' }, { serviceName: 'B' }],
        }),
      ],
      past: [
        makeVisit({
          date: '2026-02-10',
          time: '14:30',
          services: [{ serviceName: 'C', status: 'completed' }],
        }),
      ],
    });
    renderApp('/profile');

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const term = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(term('Jobs')).toHaveTextContent('3');
    expect(term('Upcoming Jobs')).toHaveTextContent('2');
    expect(term('Completed Jobs')).toHaveTextContent('1');
    for (const label of ['Appointments', 'Upcoming', 'Completed', 'Vehicles']) {
      expect(within(summary).queryByText(label)).not.toBeInTheDocument();
    }
  });

  it("shows their jobs and the way to their job list, not a customer's empty appointments", async () => {
    const account = signInAs(TECHNICIAN);
    seedTechnicianWork(account, {
      jobs: [
        makeJob({ time: '09:00' }),
        makeJob({ time: '11:00', status: 'completed', serviceName: 'Brake Check' }),
        makeJob({ time: '13:00', serviceName: 'Tire Rotation', customerName: 'Alan Turing' }),
      ],
    });
    renderApp('/profile');

    const jobs = await screen.findByRole('region', { name: 'My Jobs' });
    const term = (label: string) => within(jobs).getByText(label).nextElementSibling;
    await waitFor(() => expect(term("Today's Jobs")).toHaveTextContent('3'));
    expect(term('Completed Today')).toHaveTextContent('1');
    expect(term('Upcoming Jobs')).toHaveTextContent('0');
    const left = within(jobs).getByRole('region', { name: 'Still to do today' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['9:00 AMBasic Oil Change for Grace Hopper', '1:00 PMTire Rotation for Alan Turing']);
    expect(within(jobs).getByRole('link', { name: 'Open My Job List' })).toHaveAttribute(
      'href',
      '/technician-dashboard',
    );
    expect(screen.getByText('Your details and your jobs, in one place.')).toBeInTheDocument();

    await waitFor(() => expect(apiCalls()).toContain('GET /api/appointments/mine'));
    expect(screen.queryByText('No appointments yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Appointments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a Service' })).not.toBeInTheDocument();
  });

  it('keeps what onboarding required', async () => {
    const { user, form } = await openProfile(TECHNICIAN);
    await user.clear(within(form).getByLabelText('Emergency Contact'));
    await user.clear(within(form).getByLabelText('Street Address'));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('Emergency Contact')).toHaveAccessibleDescription(
        'Emergency contact is required',
      ),
    );
    expect(within(form).getByLabelText('Street Address')).toHaveAccessibleDescription(
      'Street address is required',
    );
    expect(apiCalls()).not.toContain('PUT /api/profile');
  });
});
